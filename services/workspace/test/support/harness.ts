import request from 'supertest';
import type { Express } from 'express';
import type { Region } from '@platform/contracts';
import { signForwarded, type Identity, type RegionalMongo } from '@platform/kit';
import { buildApp } from '../../src/app';
import { loadConfig, type WorkspaceConfig } from '../../src/config';
import { smtpMailer, type Mailer } from '../../src/mail/mailer';
import { INDEXES } from '../../src/store/collections';
import { dropAll, freshMongo, logger } from '../../../kit/test/support/infra';

export interface Harness {
  app: Express;
  mongo: RegionalMongo;
  config: WorkspaceConfig;
  /** Moves the service's clock (expiry, rate-limit windows). */
  advanceClock: (ms: number) => void;
  /** Requests as the gateway would forward them: signed identity and region. */
  as: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

export interface Caller {
  get: (path: string) => request.Test;
  post: (path: string, body?: object) => request.Test;
  delete: (path: string, body?: object) => request.Test;
}

export type ConfigOverrides = { [K in keyof WorkspaceConfig]?: WorkspaceConfig[K] extends object ? Partial<WorkspaceConfig[K]> : WorkspaceConfig[K] };

/** The service in-process on fresh per-test databases, the real SMTP inbox, and no Kafka. */
export async function startHarness(overrides: ConfigOverrides = {}, extra: { eventsWritten?: () => void; mailer?: Mailer } = {}): Promise<Harness> {
  const base = loadConfig();
  const config = { ...base } as WorkspaceConfig;
  for (const [key, value] of Object.entries(overrides)) {
    const current = (base as unknown as Record<string, unknown>)[key];
    (config as unknown as Record<string, unknown>)[key] = current && typeof current === 'object' ? { ...current, ...(value as object) } : value;
  }
  const mongo = await freshMongo();
  await mongo.ensureIndexes(INDEXES);
  const mailer = extra.mailer ?? smtpMailer(config.smtpUrl, config.mailFrom);
  let offset = 0;
  const app = buildApp({ config, mongo, mailer, logger, eventsWritten: extra.eventsWritten, now: () => new Date(Date.now() + offset) });
  const as = (identity: Identity, region: Region = 'eu'): Caller => {
    // Signed for this method, path and JSON body, as the gateway signs each request.
    const headers = (method: string, path: string, body?: object) =>
      signForwarded({ identity, region }, config.platform.internalSigningSecret, { method, path, body: body && JSON.stringify(body) });
    return {
      get: (path) => request(app).get(path).set(headers('GET', path)),
      post: (path, body) => request(app).post(path).set(headers('POST', path, body ?? {})).send(body ?? {}),
      delete: (path, body) => request(app).delete(path).set(headers('DELETE', path, body ?? {})).send(body ?? {}),
    };
  };
  return {
    app,
    mongo,
    config,
    advanceClock: (ms) => {
      offset += ms;
    },
    as,
    close: async () => {
      await mailer.close();
      await dropAll(mongo);
    },
  };
}

export const anonymous: Identity = { kind: 'anonymous' };
export const gateway: Identity = { kind: 'gateway' };
export const userIdentity = (userId: string, email: string): Identity => ({ kind: 'user', userId, email });
export const workspaceIdentity = (workspaceId: string, region: Region = 'eu'): Identity => ({ kind: 'workspace', workspaceId, region });

/** Every document of every collection in both regions, to prove a refused request changed nothing. */
export async function snapshot(mongo: RegionalMongo): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const region of mongo.regions()) {
    for (const { name } of await mongo.db(region).listCollections().toArray()) {
      out[`${region}.${name}`] = await mongo.collection(region, name).find({}, { sort: { _id: 1 } }).toArray();
    }
  }
  return out;
}
