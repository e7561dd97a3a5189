/*
 * Discord's Gateway protocol, version 10 with JSON encoding, as far as the platform's bot uses it
 * (https://discord.com/developers/docs/events/gateway): the rules, without the socket.
 */

export const GATEWAY_VERSION = 10;

export const GATEWAY_OP = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  reconnect: 7,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;

/** Gateway intents (bit flags of Identify's `intents`). MESSAGE_CONTENT is privileged: enabled for the app in Discord's developer portal. */
export const GATEWAY_INTENTS = {
  guildMessages: 1 << 9,
  messageContent: 1 << 15,
} as const;

/** What the platform's bot asks for: messages in the servers' channels, with their content. */
export const PLATFORM_INTENTS = GATEWAY_INTENTS.guildMessages | GATEWAY_INTENTS.messageContent;

/** A payload on the Gateway: `s` and `t` are set on dispatches (op 0) only. */
export interface GatewayPayload {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}

/** A dispatch: an event of the session, numbered by its sequence. */
export interface GatewayDispatch {
  t: string;
  s: number;
  d: unknown;
}

/** Where a session stands: enough for any process to resume it (Resume, op 6). */
export interface GatewaySession {
  sessionId: string;
  resumeUrl: string;
  /** the last sequence handled: a resume replays every dispatch after it */
  seq: number;
}

/** The URL to open: the Gateway's own (GET /gateway/bot) or a session's resume URL, with version and encoding. */
export function gatewayConnectUrl(base: string): string {
  const url = new URL(base);
  url.searchParams.set('v', String(GATEWAY_VERSION));
  url.searchParams.set('encoding', 'json');
  return url.toString();
}

/**
 * The close code the client closes with when it means to come back: any code but 1000 and 1001
 * keeps the session resumable (those two end it and take the bot offline).
 */
export const RESUMABLE_CLOSE_CODE = 4900;

/** Close codes after which reconnecting cannot help: a wrong token, shards, version or intents. */
const FATAL_CLOSE_CODES = new Set([4004, 4010, 4011, 4012, 4013, 4014]);
/** Close codes that end the session: a new one is identified. */
const SESSION_ENDING_CLOSE_CODES = new Set([4007, 4009]);

/** What to do once the Gateway closed the connection with this code. */
export function afterGatewayClose(code: number): 'resume' | 'identify' | 'stop' {
  if (FATAL_CLOSE_CODES.has(code)) return 'stop';
  if (SESSION_ENDING_CLOSE_CODES.has(code)) return 'identify';
  return 'resume';
}

/** The pause before connecting again after `failures` connections in a row that did not get a session going. */
export function reconnectDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(1_000 * 2 ** (failures - 1), 30_000);
}

/** After Invalid Session (op 9) Discord asks for a random wait of 1 to 5 seconds before identifying again. */
export const invalidSessionDelayMs = (random = Math.random()) => 1_000 + Math.floor(random * 4_000);

/** The first heartbeat goes after heartbeat_interval × jitter (a random 0–1), the next ones every interval. */
export const firstHeartbeatDelayMs = (intervalMs: number, random = Math.random()) => Math.floor(intervalMs * random);
