import pino from 'pino';

export type Logger = pino.Logger;

/** Credentials and the gateway's signed identity never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-platform-identity"]',
  'req.headers["x-platform-identity-ts"]',
  'req.headers["x-platform-identity-body"]',
  'req.headers["x-platform-identity-sig"]',
  'req.headers["proxy-authorization"]',
  // Channel providers' webhook credentials (Telegram's secret token, Meta's body signature).
  'req.headers["x-telegram-bot-api-secret-token"]',
  'req.headers["x-hub-signature-256"]',
  'res.headers["set-cookie"]',
];

/**
 * `destination` defaults to stdout, written asynchronously: a busy service does not wait for a
 * write system call per line; what is buffered is flushed when the process exits (pino's
 * exit hook). Tests pass a stream to read the lines.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino({ name: service, level, redact: REDACTED_PATHS }, destination ?? pino.destination({ dest: 1, sync: false }));
}
