import { CHANNELS_API, routeOf, type ResponseOf } from '@platform/contracts';
import type { DiscordUseCases } from '../usecases/discord';
import type { TelegramUseCases } from '../usecases/telegram';
import { agentParams, type ChannelsRouteSpec } from './params';

/** What is connected to an agent, for the Channels tab's cards. */
export function agentChannelsRoutes(telegram: TelegramUseCases, discord: DiscordUseCases): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(CHANNELS_API.listAgentChannels),
      summary: "The agent's Telegram bots and Discord channels (Meta pages and WhatsApp numbers: not connected by this service yet, always empty)",
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      success: { status: 200, description: 'AgentChannelsResponse' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, agent) => {
        const [telegramBots, discordChannels] = await Promise.all([telegram.list(req.region, agent.agentId), discord.list(req.region, agent.agentId)]);
        res.json({ success: true, data: { telegramBots, discordChannels, metaPages: [], waNumbers: [] } } satisfies ResponseOf<typeof CHANNELS_API.listAgentChannels>);
      },
    },
  ];
}
