import Joi from 'joi';
import { CHANNELS_API, WORKSPACE_CHANNELS_API, documentId, routeOf, type ResponseOf } from '@platform/contracts';
import type { MetaPageStore } from '../store/meta-pages';
import type { WhatsappNumberStore } from '../store/whatsapp-numbers';
import type { DiscordUseCases } from '../usecases/discord';
import type { TelegramUseCases } from '../usecases/telegram';
import type { MetaPageUseCases } from '../usecases/meta-pages';
import type { WhatsappUseCases } from '../usecases/whatsapp';
import { CHANNELS_PAGE, agentParams, type ChannelsRouteSpec } from './params';

/** What is connected to an agent, for the Channels tab's cards. */
export function agentChannelsRoutes(
  telegram: TelegramUseCases,
  discord: DiscordUseCases,
  whatsapp: WhatsappUseCases,
  pages: MetaPageUseCases,
  records: { metaPages: MetaPageStore; numbers: WhatsappNumberStore },
): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(WORKSPACE_CHANNELS_API.listWorkspaceChannels),
      summary: "The Meta pages and WhatsApp numbers of every agent of the workspace (members; the agent service lists the agents)",
      access: 'member',
      schemas: { params: Joi.object({ workspaceId: documentId().required() }) },
      workspace: (req) => ({ workspaceId: req.params.workspaceId! }),
      success: { status: 200, description: 'WorkspaceChannelsResponse {success, data: {agents, metaPages, waNumbers}}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        const [metaPages, waNumbers] = await Promise.all([records.metaPages.listForWorkspace(req.region, grant.workspaceId), records.numbers.listForWorkspace(req.region, grant.workspaceId)]);
        res.json({ success: true, data: { agents: grant.agents, metaPages, waNumbers } } satisfies ResponseOf<typeof WORKSPACE_CHANNELS_API.listWorkspaceChannels>);
      },
    },
    {
      ...routeOf(CHANNELS_API.listAgentChannels),
      summary: "The agent's Telegram bots, Discord channels, Meta pages and WhatsApp numbers",
      access: 'agent',
      schemas: { params: agentParams },
      agent: (req) => ({ agentId: req.params.agentId! }),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'AgentChannelsResponse' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, agent) => {
        const [telegramBots, discordChannels, waNumbers, metaPages] = await Promise.all([
          telegram.list(req.region, agent.agentId),
          discord.list(req.region, agent.agentId),
          whatsapp.list(req.region, agent.agentId),
          pages.list(req.region, agent.agentId),
        ]);
        res.json({ success: true, data: { telegramBots, discordChannels, metaPages, waNumbers } } satisfies ResponseOf<typeof CHANNELS_API.listAgentChannels>);
      },
    },
  ];
}
