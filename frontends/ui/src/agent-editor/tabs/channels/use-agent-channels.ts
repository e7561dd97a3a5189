import { useCallback, useEffect, useState } from 'react';
import { CHANNELS_API, type AgentChannelsResponse, type ChannelType, type Region } from '@platform/contracts';
import { callApi } from '../../../api/client';

export type AgentChannels = AgentChannelsResponse['data'];

/** The channels service's records of one agent, reloadable after a connect or a removal. */
export function useAgentChannels(region: Region, agentId: string) {
  const [channels, setChannels] = useState<AgentChannels | undefined>();
  const reload = useCallback(async () => {
    const answer = await callApi(CHANNELS_API.listAgentChannels, { region, params: { agentId } });
    setChannels(answer.data);
  }, [region, agentId]);
  useEffect(() => {
    reload().catch(() => setChannels(undefined));
  }, [reload]);
  return { channels, reload };
}

/** What the records say for the Active rule (agents-channels-domains 4). */
export function activeFromRecords(channels: AgentChannels | undefined): Partial<Record<ChannelType, boolean>> {
  if (!channels) return {};
  return {
    telegram: channels.telegramBots.length > 0,
    discord: channels.discordChannels.some((channel) => Boolean(channel.webhookUrl)),
    messenger: channels.metaPages.length > 0,
    instagram: channels.metaPages.some((page) => Boolean(page.igPageId)),
    whatsapp: channels.waNumbers.length > 0,
  };
}
