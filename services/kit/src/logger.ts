import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}
