import Joi from 'joi';
import { AGENT_API, AGENT_API_MESSAGES, documentId, routeOf, type ResponseOf } from '@platform/contracts';
import type { AgentUseCases } from '../usecases/agents';
import type { AgentRouteSpec } from './params';

const agentParams = Joi.object({ agentId: documentId().required() });

/** The WhatsApp Legacy Method as the channels service needs it: services only, the token never leaves the platform. */
export function whatsappLegacyRoutes(agents: AgentUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.getWhatsappLegacySettings),
      summary: "Services only: the agent's legacy WhatsApp number, token and waVerifyPassed, for the webhook and the replies",
      access: 'gateway',
      refusal: { forbidden: AGENT_API_MESSAGES.gatewayOnly },
      schemas: { params: agentParams },
      success: { status: 200, description: '{success, legacy: {workspaceId, whatsappToken?, whatsappNumberId?, waVerifyPassed}}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, legacy: await agents.whatsappLegacy(req.region, req.params.agentId!) } satisfies ResponseOf<typeof AGENT_API.getWhatsappLegacySettings>);
      },
    },
    {
      ...routeOf(AGENT_API.markWhatsappWebhookVerified),
      summary: "Services only: Meta's handshake reached the agent's webhook with the agent id as verify token (sets waVerifyPassed)",
      access: 'gateway',
      refusal: { forbidden: AGENT_API_MESSAGES.gatewayOnly },
      schemas: { params: agentParams },
      success: { status: 200, description: '{success}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        await agents.markWhatsappVerified(req.region, req.params.agentId!);
        res.json({ success: true } satisfies ResponseOf<typeof AGENT_API.markWhatsappWebhookVerified>);
      },
    },
  ];
}
