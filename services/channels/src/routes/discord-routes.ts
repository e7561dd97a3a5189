import Joi from 'joi';
import { CHANNELS_API, MESSAGES, connectDiscordRequestSchema, documentId, generatedIdPattern, ID_LENGTHS, routeOf, type ResponseOf } from '@platform/contracts';
import type { DiscordUseCases } from '../usecases/discord';
import { CHANNELS_PAGE, agentInBody, type ChannelsRouteSpec } from './params';

const removeRequest = Joi.object({ agentID: documentId().required(), ID: Joi.string().pattern(generatedIdPattern(ID_LENGTHS.discordChannelId)).required() });

export function discordRoutes(discord: DiscordUseCases): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(CHANNELS_API.connectDiscord),
      summary: "Connects a Discord channel (channelId and webhookUrl both required: 'Please fill out all fields.'); answers are posted to the webhook URL",
      access: 'agent',
      schemas: { body: connectDiscordRequestSchema },
      agent: agentInBody('agentID'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ConnectDiscordResponse {success, message, data: {ID, channelId, webhookUrl}}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, agent) => {
        const data = await discord.connect(req.region, agent, req.body);
        res.json({ success: true, message: MESSAGES.channels.discordSaved, data } satisfies ResponseOf<typeof CHANNELS_API.connectDiscord>);
      },
    },
    {
      ...routeOf(CHANNELS_API.removeDiscord),
      summary: 'Removes a Discord channel',
      access: 'agent',
      schemas: { body: removeRequest },
      agent: agentInBody('agentID'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ChannelNoticeResponse' },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        await discord.remove(req.region, req.body.agentID, req.body.ID);
        res.json({ success: true, message: MESSAGES.channels.channelRemoved } satisfies ResponseOf<typeof CHANNELS_API.removeDiscord>);
      },
    },
  ];
}
