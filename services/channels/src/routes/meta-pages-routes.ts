import Joi from 'joi';
import { MESSAGES, META_PAGES_API, connectMetaPageRequestSchema, metaTokenRequestSchema, removeMetaPageRequestSchema, routeOf, type ResponseOf } from '@platform/contracts';
import { forbidden } from '@platform/kit';
import type { MetaPageUseCases } from '../usecases/meta-pages';
import type { MetaPageWebhook } from '../usecases/meta-webhook';
import { CHANNELS_PAGE, agentInBody, agentNamedInBody, type ChannelsRouteSpec } from './params';

const messages = MESSAGES.channels;

export function metaPagesRoutes(pages: MetaPageUseCases, webhook: MetaPageWebhook, verifyToken: string): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(META_PAGES_API.tokenToPages),
      summary: "The Facebook pages the Meta user token manages, with their Instagram accounts (the page picker's list)",
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: metaTokenRequestSchema },
      success: { status: 200, description: 'SocialPagesResponse {success, data: [{id, name, photoUrl, accessToken, connectedIgPage?}]}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        res.json({ success: true, data: await pages.pagesOf(req.body.token) } satisfies ResponseOf<typeof META_PAGES_API.tokenToPages>);
      },
    },
    {
      ...routeOf(META_PAGES_API.checkPageSubscriptions),
      summary: 'Whether the page (its page token) already sends its messages to the app',
      access: 'userOrClient',
      agent: agentNamedInBody,
      clients: CHANNELS_PAGE,
      schemas: { body: metaTokenRequestSchema },
      success: { status: 200, description: 'PageSubscriptionsResponse {success, subscribed}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        res.json({ success: true, subscribed: await pages.isSubscribed(req.body.token) } satisfies ResponseOf<typeof META_PAGES_API.checkPageSubscriptions>);
      },
    },
    {
      ...routeOf(META_PAGES_API.connectMetaPage),
      summary: "Connects a page (and its Instagram account) to the agent ('Successfully connected the page.' / 'Failed to connect the page. {message}')",
      access: 'agent',
      schemas: { body: connectMetaPageRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ChannelNoticeResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, agent) => {
        await pages.connect(req.region, agent, req.body.selectedPage);
        res.json({ success: true, message: messages.pageConnected } satisfies ResponseOf<typeof META_PAGES_API.connectMetaPage>);
      },
    },
    {
      ...routeOf(META_PAGES_API.removeMetaPage),
      summary: "Removes a page from the agent ('Successfully removed the page.' / 'Failed to remove the page.')",
      access: 'agent',
      schemas: { body: removeMetaPageRequestSchema },
      agent: agentInBody('agentId'),
      clients: CHANNELS_PAGE,
      success: { status: 200, description: 'ChannelNoticeResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res) => {
        await pages.remove(req.region, req.body.agentId, req.body.pageId);
        res.json({ success: true, message: messages.pageRemoved } satisfies ResponseOf<typeof META_PAGES_API.removeMetaPage>);
      },
    },
    {
      ...routeOf(META_PAGES_API.verifyMetaWebhook),
      summary: "Meta's handshake for the app's page and instagram webhooks (public): hub.verify_token must be META_WEBHOOK_VERIFY_TOKEN",
      access: 'public',
      schemas: { query: Joi.object().unknown(true) },
      success: { status: 200, description: 'text/plain: hub.challenge' },
      failures: [403],
      handler: async (req, res) => {
        const challenge = req.query['hub.challenge'];
        if (req.query['hub.mode'] !== 'subscribe' || req.query['hub.verify_token'] !== verifyToken || typeof challenge !== 'string') throw forbidden('Verification failed');
        res.type('text/plain').send(challenge);
      },
    },
    {
      ...routeOf(META_PAGES_API.metaWebhook),
      summary: 'Messenger and Instagram messages (public; X-Hub-Signature-256 over the raw body, else 401 and nothing queued); 200 only once queued on Kafka, 503 otherwise',
      access: 'public',
      schemas: { body: Joi.object().unknown(true) },
      success: { status: 200, description: 'WebhookAck {ok: true}' },
      failures: [400, 401, 503],
      handler: async (req, res) => {
        const signature = req.headers['x-hub-signature-256'];
        await webhook.receive(req.rawBody, typeof signature === 'string' ? signature : undefined, req.body);
        res.json({ ok: true } satisfies ResponseOf<typeof META_PAGES_API.metaWebhook>);
      },
    },
  ];
}
