import { env, platformConfig, secretEnv, type PlatformConfig } from '@platform/kit';

export interface ChannelsConfig {
  port: number;
  platform: PlatformConfig;
  /** Seals bot tokens at rest (AES-256-GCM, ADR 0009), the same key the agent service seals channel credentials with. */
  channelCredentialsKey: string;
  /** Where the agent service answers GET /v2/agents/:agentId (who may reach an agent, its workspace and platform). */
  agentServiceUrl: string;
  serviceCallTimeoutMs: number;
  /** The agent API as providers reach it through the gateway: {PUBLIC_URL}/api. */
  publicApiUrl: string;
  /** Telegram Bot API base (TELEGRAM_API_BASE): https://api.telegram.org in production, the sandbox locally. */
  telegramApiBase: string;
  /** Meta Graph API base (META_GRAPH_API_BASE): https://graph.facebook.com in production, the sandbox locally. */
  metaGraphBase: string;
  /** The Meta app (META_APP_ID, META_APP_SECRET): token exchanges, and the secret that signs Meta's webhooks. */
  metaAppId: string;
  metaAppSecret: string;
  /** What Meta must echo when it verifies the app's page webhook (META_WEBHOOK_VERIFY_TOKEN). */
  metaWebhookVerifyToken: string;
  /** Timeout of a provider call. */
  providerTimeoutMs: number;
  /** Twilio's REST API base (TWILIO_API_BASE): https://api.twilio.com in production, the sandbox locally. */
  twilioApiBase: string;
  /** The platform's Twilio account, where bought numbers live (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN). */
  twilioAccountSid: string;
  twilioAuthToken: string;
  /** Where billing publishes plan limits (SERVICE_URL_BILLING): the phone number slots. */
  billingServiceUrl: string;
  /** Discord's REST API (DISCORD_API_BASE): https://discord.com/api/v10 in production, the sandbox locally. */
  discordApiBase: string;
  /** The platform bot's token (DISCORD_BOT_TOKEN): its Gateway session brings Discord users' messages in. Empty: no session. */
  discordBotToken: string;
  /** How long a replica's lease on the bot's Gateway session lasts without renewal (DISCORD_GATEWAY_LEASE_MS). */
  discordGatewayLeaseMs: number;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};
const base = (value: string) => value.replace(/\/+$/, '');

export function loadConfig(): ChannelsConfig {
  return {
    port: int('PORT', 4003),
    platform: platformConfig(),
    channelCredentialsKey: secretEnv('CHANNEL_CREDENTIALS_KEY'),
    agentServiceUrl: base(env('SERVICE_URL_AGENT', 'http://127.0.0.1:4002')),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    publicApiUrl: `${base(env('PUBLIC_URL', 'http://localhost:8080'))}/api`,
    telegramApiBase: base(env('TELEGRAM_API_BASE', 'https://api.telegram.org')),
    metaGraphBase: base(env('META_GRAPH_API_BASE', 'https://graph.facebook.com')),
    metaAppId: env('META_APP_ID', 'sandbox-app'),
    metaAppSecret: secretEnv('META_APP_SECRET'),
    metaWebhookVerifyToken: env('META_WEBHOOK_VERIFY_TOKEN', 'platform-meta-webhook'),
    providerTimeoutMs: int('CHANNEL_PROVIDER_TIMEOUT_MS', 10_000),
    twilioApiBase: base(env('TWILIO_API_BASE', 'https://api.twilio.com')),
    twilioAccountSid: env('TWILIO_ACCOUNT_SID', ''),
    twilioAuthToken: env('TWILIO_AUTH_TOKEN', ''),
    billingServiceUrl: base(env('SERVICE_URL_BILLING', 'http://127.0.0.1:4005')),
    discordApiBase: base(env('DISCORD_API_BASE', 'https://discord.com/api/v10')),
    discordBotToken: env('DISCORD_BOT_TOKEN', '').trim(),
    discordGatewayLeaseMs: int('DISCORD_GATEWAY_LEASE_MS', 30_000),
  };
}
