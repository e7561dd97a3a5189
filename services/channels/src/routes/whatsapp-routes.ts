import Joi from 'joi';
import {
  MESSAGES,
  WHATSAPP_API,
  agentIdRequestSchema,
  connectWhatsappNumberRequestSchema,
  documentId,
  messageTemplateSchema,
  metaTokenRequestSchema,
  removeWhatsappNumberRequestSchema,
  routeOf,
  whatsappAccountRequestSchema,
  whatsappTestMessageRequestSchema,
  type ResponseOf,
} from '@platform/contracts';
import type { WhatsappUseCases } from '../usecases/whatsapp';
import type { WhatsappWebhook } from '../usecases/whatsapp-webhook';
import { CHANNELS_PAGE, agentInBody, agentNamedInBody, type ChannelsRouteSpec } from './params';

const messages = MESSAGES.channels;
const webhookParams = Joi.object({ agentId: documentId().required() });
/** Meta's payload; the fields read are checked where they are read. */
const payload = Joi.object().unknown(true);
const testMessage = (whatsappTestMessageRequestSchema as Joi.ObjectSchema).keys({ agentId: documentId().required() });

export function whatsappRoutes(whatsapp: WhatsappUseCases, webhook: WhatsappWebhook): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(WHATSAPP_API.exchangeMetaToken),
      summary: "Exchanges the embedded signup's short-lived Meta token for a long-lived one ('Failed to exchange Meta token')",
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: metaTokenRequestSchema },
      success: { status: 200, description: 'ExchangeMetaTokenResponse {success, longer_access_token}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const longer = await whatsapp.exchangeToken(req.body.token);
        res.json({ success: true, longer_access_token: longer } satisfies ResponseOf<typeof WHATSAPP_API.exchangeMetaToken>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.getLongAccessToken),
      summary: "Exchanges a short-lived Meta user token for a long-lived one, answered as access_token ('Failed to exchange Meta token')",
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: metaTokenRequestSchema },
      success: { status: 200, description: 'LongAccessTokenResponse {success, access_token}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const accessToken = await whatsapp.exchangeToken(req.body.token);
        res.json({ success: true, access_token: accessToken } satisfies ResponseOf<typeof WHATSAPP_API.getLongAccessToken>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.getDetailsOfWhatsappNumber),
      summary: "The WhatsApp Business account's numbers, CONNECTED when an agent answers on them, else PENDING",
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: whatsappAccountRequestSchema },
      success: { status: 200, description: 'WhatsappNumberDetailsResponse {success, data: [{id, display_phone_number, verified_name, status}]}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const data = await whatsapp.numberDetails(req.region, req.body.wabaId, req.body.longAccessToken);
        res.json({ success: true, data } satisfies ResponseOf<typeof WHATSAPP_API.getDetailsOfWhatsappNumber>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.createTemplate),
      summary: "Creates a message template (name lowercase with underscores; any invalid field: 'Invalid template info')",
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: messageTemplateSchema },
      success: { status: 200, description: 'CreateTemplateResponse {success, data: {id, status}}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const data = await whatsapp.createTemplate(req.body);
        res.json({ success: true, data } satisfies ResponseOf<typeof WHATSAPP_API.createTemplate>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.getWhatsappNumbers),
      summary: "The agent's connected WhatsApp numbers (waNumbers, without tokens)",
      access: 'agent',
      schemas: { body: agentIdRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'WhatsappNumbersResponse' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, agent) => {
        res.json({ success: true, data: await whatsapp.list(req.region, agent.agentId) } satisfies ResponseOf<typeof WHATSAPP_API.getWhatsappNumbers>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.connectWhatsappNumber),
      summary: "Connects a number to the agent: register, subscribe the account to the agent's webhook, store waNumbers ('Number is connected successfully' / 'Failed to connect {number}: {reason}')",
      access: 'agent',
      schemas: { body: connectWhatsappNumberRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ConnectWhatsappNumberResponse {success, message, newAddedNumber}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        const newAddedNumber = await whatsapp.connect(req.region, agent, req.body);
        res.json({ success: true, message: messages.numberConnected, newAddedNumber } satisfies ResponseOf<typeof WHATSAPP_API.connectWhatsappNumber>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.removeWhatsappNumber),
      summary: 'Removes a number from the agent',
      access: 'agent',
      schemas: { body: removeWhatsappNumberRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: "ChannelNoticeResponse 'Number removed successfully'" },
      failures: [400, 401, 403, 404],
      handler: async (req, res) => {
        await whatsapp.remove(req.region, req.body.agentId, req.body.phoneId);
        res.json({ success: true, message: messages.numberRemoved } satisfies ResponseOf<typeof WHATSAPP_API.removeWhatsappNumber>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.sendWhatsappTestMessage),
      summary: "Sends the test message from one of the agent's numbers (the recipient must have written in the last 24 hours)",
      access: 'agent',
      schemas: { body: testMessage },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ChannelNoticeResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const { agentId, ...request } = req.body;
        await whatsapp.sendTestMessage(req.region, agentId, request);
        res.json({ success: true, message: messages.testMessageSent } satisfies ResponseOf<typeof WHATSAPP_API.sendWhatsappTestMessage>);
      },
    },
    {
      ...routeOf(WHATSAPP_API.verifyWhatsappWebhook),
      summary: "Meta's subscription handshake (public): hub.mode=subscribe and hub.verify_token = the agent id answer hub.challenge as text and set the agent's waVerifyPassed; otherwise 403",
      access: 'public',
      schemas: { params: webhookParams, query: Joi.object().unknown(true) },
      success: { status: 200, description: 'text/plain: hub.challenge' },
      failures: [400, 403, 503],
      handler: async (req, res) => {
        const challenge = await webhook.verify(req.region, req.params.agentId!, req.query);
        res.type('text/plain').send(challenge);
      },
    },
    {
      ...routeOf(WHATSAPP_API.whatsappWebhook),
      summary:
        "WhatsApp messages (public; X-Hub-Signature-256 must be the HMAC-SHA256 of the raw body with the app secret, else 401 and nothing queued). Answers 200 only once the messages are on channels.inbound-messages; 503 when Kafka cannot take them",
      access: 'public',
      schemas: { params: webhookParams, body: payload },
      success: { status: 200, description: 'WebhookAck {ok: true}' },
      failures: [400, 401, 503],
      handler: async (req, res) => {
        const signature = req.headers['x-hub-signature-256'];
        await webhook.receive(req.region, req.params.agentId!, req.rawBody, typeof signature === 'string' ? signature : undefined, req.body);
        res.json({ ok: true } satisfies ResponseOf<typeof WHATSAPP_API.whatsappWebhook>);
      },
    },
  ];
}
