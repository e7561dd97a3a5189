import type { Server } from 'node:http';
import type { Express } from 'express';
import { listenHost } from './config/env';
import type { Logger } from './logger';

export interface RunningServer {
  server: Server;
  stop: () => Promise<void>;
}

/**
 * Listens, and on SIGTERM/SIGINT drains HTTP first (no new requests, in-flight ones
 * finish), then runs the closers in order (e.g. stop consumers, flush the producer,
 * close Mongo). The host defaults to `HOST` (loopback when unset, so a local run is not
 * reachable from the network).
 */
export function serve(
  app: Express,
  options: { port: number; host?: string; logger: Logger; closers?: Array<() => Promise<void>> },
): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = app.listen(options.port, options.host ?? listenHost(), () => {
      options.logger.info({ port: options.port, host: options.host ?? listenHost() }, 'listening');
      let stopping: Promise<void> | undefined;
      const stop = () =>
        (stopping ??= (async () => {
          await new Promise<void>((done) => server.close(() => done()));
          server.closeAllConnections?.();
          for (const close of options.closers ?? []) {
            try {
              await close();
            } catch (err) {
              options.logger.error({ err }, 'error during shutdown');
            }
          }
          options.logger.info('stopped');
        })());
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          server.closeIdleConnections?.();
          void stop().then(() => process.exit(0));
        });
      }
      resolve({ server, stop });
    });
  });
}
