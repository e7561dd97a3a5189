import { newDiscordChannelId, type ConnectDiscordRequest, type Region } from '@platform/contracts';
import { catalogOutboxEntry, notFound } from '@platform/kit';
import type { ReachableAgent } from '../clients/agent-directory';
import type { DiscordChannelStore, DiscordChannelView } from '../store/discord-channels';

/** Connecting and removing Discord channels: answers go to the channel's webhook URL. */
export class DiscordUseCases {
  constructor(private readonly deps: { channels: DiscordChannelStore; eventsWritten: () => void; now: () => Date }) {}

  async connect(region: Region, agent: ReachableAgent, request: ConnectDiscordRequest): Promise<DiscordChannelView> {
    const ID = newDiscordChannelId();
    const connected = catalogOutboxEntry('new-channel-connection', {
      region,
      workspaceId: agent.workspaceId,
      data: { agentId: agent.agentId, agentType: agent.agentType, channelId: ID, channelType: 'discord' },
    });
    await this.deps.channels.insert(
      region,
      { ID, agentID: agent.agentId, channelId: request.channelId, webhookUrl: request.webhookUrl, workspaceId: agent.workspaceId, createdAt: this.deps.now() },
      [connected],
    );
    this.deps.eventsWritten();
    return { ID, channelId: request.channelId, webhookUrl: request.webhookUrl };
  }

  list(region: Region, agentId: string): Promise<DiscordChannelView[]> {
    return this.deps.channels.listForAgent(region, agentId);
  }

  async remove(region: Region, agentId: string, ID: string): Promise<void> {
    if (!(await this.deps.channels.remove(region, agentId, ID))) throw notFound('Discord channel not found');
  }
}
