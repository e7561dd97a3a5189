import type { Express } from 'express';
import type { Producer } from 'kafkajs';
import { CHANNELS_API, META_PAGES_API, WHATSAPP_API } from '@platform/contracts';
import { SafeHttpClient, SecretBox, createApp, outboundOptionsFromEnv, serviceFastRoutes, serviceRouter, type Logger, type PublicRouteSpec, type ReadinessCheck, type RegionalMongo } from '@platform/kit';
import { HttpAgentDirectory, type AgentDirectory } from './clients/agent-directory';
import { DiscordGateway } from './clients/discord-gateway';
import { DiscordWebhookClient } from './clients/discord-webhook';
import { MetaGraph } from './clients/meta-graph';
import { TelegramApi } from './clients/telegram-api';
import type { ChannelsConfig } from './config';
import { PLATFORM_INTENTS } from './domain/discord-gateway';
import { InboundPublisher } from './events/inbound-publisher';
import { agentChannelsRoutes } from './routes/agent-channels-routes';
import { discordRoutes } from './routes/discord-routes';
import type { ChannelsRouteSpec } from './routes/params';
import { telegramRoutes } from './routes/telegram-routes';
import { whatsappRoutes } from './routes/whatsapp-routes';
import { metaPagesRoutes } from './routes/meta-pages-routes';
import { DiscordChannelStore } from './store/discord-channels';
import { DiscordGatewayLeaseStore } from './store/discord-gateway-lease';
import { SentReplyStore } from './store/sent-replies';
import { TelegramBotStore } from './store/telegram-bots';
import { WhatsappNumberStore } from './store/whatsapp-numbers';
import { MetaPageStore } from './store/meta-pages';
import { ChannelsAccess, type ChannelsPolicy } from './usecases/access';
import { DiscordUseCases } from './usecases/discord';
import { DiscordGatewayLeader } from './usecases/discord-gateway';
import { DiscordMessages } from './usecases/discord-messages';
import { ReplySender } from './usecases/replies';
import { TelegramUseCases } from './usecases/telegram';
import { TelegramWebhook } from './usecases/telegram-webhook';
import { WhatsappUseCases } from './usecases/whatsapp';
import { WhatsappWebhook } from './usecases/whatsapp-webhook';
import { MetaPageUseCases } from './usecases/meta-pages';
import { MetaPageWebhook } from './usecases/meta-webhook';
import { telephonyRoutes, type TelephonyDeps } from './telephony';
import { campaignRoutes } from './routes/campaign-routes';
import { CampaignStore } from './store/campaigns';
import { CampaignUseCases } from './usecases/campaigns';

export const OPENAPI_INFO = {
  title: 'Channels service',
  description: "Channel connections (Telegram, Discord), the providers' webhooks queued on Kafka before they are acknowledged, and replies sent through the providers.",
  tag: 'channels',
};

export interface AppDeps {
  config: ChannelsConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** The service's idempotent producer (inbound messages). */
  producer: Producer;
  /** default: the agent service's GET /v2/agents/:agentId, asked as the caller */
  directory?: AgentDirectory;
  readiness?: ReadinessCheck[];
  /** Nudges the outbox relay after writes that queued events. */
  eventsWritten?: () => void;
  now?: () => Date;
  /** Twilio numbers: default, billing's slots and the agent service's greetings over HTTP */
  telephony?: TelephonyDeps;
}

/** The service's one assembly: stores, provider clients, use cases, the route table and its authoriser; the reply sender for the consumer. */
export function routeTable(deps: AppDeps) {
  const now = deps.now ?? (() => new Date());
  const eventsWritten = deps.eventsWritten ?? (() => undefined);
  const box = new SecretBox(deps.config.channelCredentialsKey);
  const bots = new TelegramBotStore(deps.mongo, box);
  const discordChannels = new DiscordChannelStore(deps.mongo);
  const telegramApi = new TelegramApi({ baseUrl: deps.config.telegramApiBase, timeoutMs: deps.config.providerTimeoutMs });
  const numbers = new WhatsappNumberStore(deps.mongo, box);
  const graph = new MetaGraph({ baseUrl: deps.config.metaGraphBase, appId: deps.config.metaAppId, appSecret: deps.config.metaAppSecret, timeoutMs: deps.config.providerTimeoutMs });
  const publisher = new InboundPublisher(deps.producer);
  const metaPages = new MetaPageStore(deps.mongo, box);
  const directory =
    deps.directory ??
    new HttpAgentDirectory({ baseUrl: deps.config.agentServiceUrl, signingSecret: deps.config.platform.internalSigningSecret, timeoutMs: deps.config.serviceCallTimeoutMs });

  const telegram = new TelegramUseCases({ bots, telegram: telegramApi, publicApiUrl: deps.config.publicApiUrl, logger: deps.logger, eventsWritten, now });
  const webhook = new TelegramWebhook({ bots, publisher, logger: deps.logger, now });
  const whatsapp = new WhatsappUseCases({ numbers, graph, publicApiUrl: deps.config.publicApiUrl, eventsWritten, now });
  const pages = new MetaPageUseCases({
    pages: metaPages,
    graph,
    // The app's one webhook for pages and Instagram accounts: the page names the region.
    metaWebhookUrl: `${deps.config.publicApiUrl}/channels/meta-webhook`,
    verifyToken: deps.config.metaWebhookVerifyToken,
    eventsWritten,
    now,
  });
  const pageWebhook = new MetaPageWebhook({ pages: metaPages, publisher, appSecret: deps.config.metaAppSecret, logger: deps.logger, now });
  const whatsappWebhook = new WhatsappWebhook({ numbers, directory, publisher, appSecret: deps.config.metaAppSecret, logger: deps.logger, now });
  const discord = new DiscordUseCases({ channels: discordChannels, eventsWritten, now });
  const replies = new ReplySender({
    bots,
    discord: discordChannels,
    numbers,
    metaPages,
    graph,
    sent: new SentReplyStore(deps.mongo),
    telegram: telegramApi,
    discordWebhooks: new DiscordWebhookClient(new SafeHttpClient({ ...outboundOptionsFromEnv(), timeoutMs: deps.config.providerTimeoutMs })),
    directory,
    logger: deps.logger,
  });
  const campaigns = new CampaignUseCases({ campaigns: new CampaignStore(deps.mongo), numbers, graph, whatsapp, directory, now });
  const routes: ChannelsRouteSpec[] = [
    ...agentChannelsRoutes(telegram, discord, whatsapp, pages, { metaPages, numbers }),
    ...telegramRoutes(telegram, webhook),
    ...discordRoutes(discord),
    ...whatsappRoutes(whatsapp, whatsappWebhook),
    ...metaPagesRoutes(pages, pageWebhook, deps.config.metaWebhookVerifyToken),
    ...telephonyRoutes({ config: deps.config, mongo: deps.mongo, box, logger: deps.logger, now }, deps.telephony),
    ...campaignRoutes(campaigns),
  ];
  return { routes, access: new ChannelsAccess(directory), replies, campaigns };
}

/**
 * The platform bot's Discord Gateway session, run by whichever replica holds its lease: Discord
 * users' messages in connected channels, queued like the webhooks' (ADR 0048). Undefined
 * without DISCORD_BOT_TOKEN.
 */
export function discordGatewaySession(deps: Pick<AppDeps, 'config' | 'mongo' | 'logger' | 'producer' | 'now'>): DiscordGatewayLeader | undefined {
  const { config, logger } = deps;
  if (!config.discordBotToken) return undefined;
  const messages = new DiscordMessages({ channels: new DiscordChannelStore(deps.mongo), publisher: new InboundPublisher(deps.producer), logger, now: deps.now ?? (() => new Date()) });
  const gateway = new DiscordGateway({
    apiBase: config.discordApiBase,
    token: config.discordBotToken,
    intents: PLATFORM_INTENTS,
    timeoutMs: config.providerTimeoutMs,
    logger,
    onDispatch: (dispatch) => messages.receive(dispatch),
  });
  return new DiscordGatewayLeader({ leases: new DiscordGatewayLeaseStore(deps.mongo), gateway, leaseMs: config.discordGatewayLeaseMs, logger });
}

/** The providers' webhooks: the service's hot routes, answered in front of express (ADR 0034). */
const FAST_WEBHOOKS = [CHANNELS_API.telegramWebhook, WHATSAPP_API.whatsappWebhook, META_PAGES_API.metaWebhook];
const isFastWebhook = (route: ChannelsRouteSpec): route is ChannelsRouteSpec & PublicRouteSpec =>
  route.access === 'public' && FAST_WEBHOOKS.some((endpoint) => endpoint.method === route.method && endpoint.path === route.path);

export function buildApp(deps: AppDeps): Express {
  const { routes, access } = routeTable(deps);
  const signingSecret = deps.config.platform.internalSigningSecret;
  const router = serviceRouter<ChannelsPolicy>({ routes, authorizer: access, openApi: OPENAPI_INFO, signingSecret });
  const fastPath = serviceFastRoutes({ routes: routes.filter(isFastWebhook), signingSecret });
  return createApp({ name: 'channels', logger: deps.logger, routes: router, readiness: deps.readiness, fastPath });
}
