import Joi from 'joi';
import { CHANNELS_API, MESSAGES, connectTelegramRequestSchema, documentId, routeOf, type ResponseOf } from '@platform/contracts';
import { TELEGRAM_SECRET_HEADER } from '../domain/telegram';
import type { TelegramUseCases } from '../usecases/telegram';
import type { TelegramWebhook } from '../usecases/telegram-webhook';
import { CHANNELS_PAGE, agentInBody, agentParams, type ChannelsRouteSpec } from './params';

const botRequest = Joi.object({ agentId: documentId().required(), botId: Joi.string().pattern(/^\d+$/).max(64).required() });
/** An Update is Telegram's object; the fields read are checked where they are read. */
const update = Joi.object().unknown(true);

export function telegramRoutes(telegram: TelegramUseCases, webhook: TelegramWebhook): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(CHANNELS_API.connectTelegram),
      summary: "Connects a Telegram bot by its token: setWebhook to the agent's webhook with a fresh secret token, then telegramBots/{botId}",
      access: 'agent',
      schemas: { body: connectTelegramRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: "ConnectTelegramResponse {success, message: 'Telegram channel saved successfully', data: {botId, webhookUrl}}" },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        const data = await telegram.connect(req.region, agent, req.body.token);
        res.json({ success: true, message: MESSAGES.channels.telegramSaved, data } satisfies ResponseOf<typeof CHANNELS_API.connectTelegram>);
      },
    },
    {
      ...routeOf(CHANNELS_API.removeTelegram),
      summary: "Removes a Telegram bot: deleteWebhook, then its record",
      access: 'agent',
      schemas: { body: botRequest },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ChannelNoticeResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        await telegram.remove(req.region, req.body.agentId, req.body.botId);
        res.json({ success: true, message: MESSAGES.channels.channelRemoved } satisfies ResponseOf<typeof CHANNELS_API.removeTelegram>);
      },
    },
    {
      ...routeOf(CHANNELS_API.getTelegramWebhookInfo),
      summary: "The bot's webhook as Telegram reports it (getWebhookInfo)",
      access: 'agent',
      schemas: { body: botRequest },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'TelegramWebhookInfoResponse {success, data: {url, pending_update_count, last_error_message?}}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        const data = await telegram.webhookInfo(req.region, req.body.agentId, req.body.botId);
        res.json({ success: true, data } satisfies ResponseOf<typeof CHANNELS_API.getTelegramWebhookInfo>);
      },
    },
    {
      ...routeOf(CHANNELS_API.telegramWebhook),
      summary:
        'Telegram delivers an update (public; X-Telegram-Bot-Api-Secret-Token must be the secret given to setWebhook, else 401 and nothing queued). Answers 200 only once the message is on channels.inbound-messages; 503 when Kafka cannot take it',
      access: 'public',
      schemas: { params: agentParams, body: update },
      success: { status: 200, description: 'WebhookAck {ok: true}' },
      failures: [400, 401, 503],
      handler: async (req, res) => {
        const secret = req.headers[TELEGRAM_SECRET_HEADER];
        await webhook.receive(req.region, req.params.agentId!, typeof secret === 'string' ? secret : undefined, req.body);
        res.json({ ok: true } satisfies ResponseOf<typeof CHANNELS_API.telegramWebhook>);
      },
    },
  ];
}
