import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Express } from 'express';
import type { Region } from '@platform/contracts';
import { signForwarded, type Identity, type RegionalMongo } from '@platform/kit';
import { buildApp as buildWorkspaceApp } from '../../../workspace/src/app';
import { loadConfig as loadWorkspaceConfig } from '../../../workspace/src/config';
import { INDEXES as WORKSPACE_INDEXES } from '../../../workspace/src/store/collections';
import { dropAll, freshMongo, logger, uniqueName } from '../../../kit/test/support/infra';
import { buildApp } from '../../src/app';
import { loadConfig, type AgentConfig } from '../../src/config';
import { INDEXES } from '../../src/store/collections';

export interface Caller {
  get: (path: string) => request.Test;
  post: (path: string, body?: object) => request.Test;
}

export interface Harness {
  app: Express;
  mongo: RegionalMongo;
  config: AgentConfig;
  /** Requests to the agent service as the gateway forwards them: signed identity and region. */
  as: (identity: Identity, region?: Region) => Caller;
  /** Requests to the real workspace service (in-process, over HTTP for the agent service). */
  workspaceAs: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

const callerFor = (app: Express, secret: string) => (identity: Identity, region: Region = 'eu'): Caller => {
  // Signed for this method, path and JSON body, as the gateway signs each request.
    const headers = (method: string, path: string, body?: object) =>
      signForwarded({ identity, region }, secret, { method, path, body: body && JSON.stringify(body) });
  return {
    get: (path) => request(app).get(path).set(headers('GET', path)),
    post: (path, body) => request(app).post(path).set(headers('POST', path, body ?? {})).send(body ?? {}),
  };
};

/**
 * The agent service in-process on fresh per-test databases, asking a real workspace service
 * (also in-process, listening on a free port, same databases) about membership; no Kafka
 * unless the test starts a relay through `eventsWritten`.
 */
export async function startHarness(extra: { eventsWritten?: () => void; config?: Partial<AgentConfig> } = {}): Promise<Harness> {
  const mongo = await freshMongo();
  await mongo.ensureIndexes([...INDEXES, ...WORKSPACE_INDEXES]);
  const workspaceConfig = loadWorkspaceConfig();
  const mailer = { send: async () => undefined, close: async () => undefined };
  const workspaceApp = buildWorkspaceApp({ config: workspaceConfig, mongo, mailer, logger });
  const server: Server = await new Promise((resolve) => {
    const listening = workspaceApp.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const config: AgentConfig = { ...loadConfig(), workspaceServiceUrl: `http://127.0.0.1:${port}`, ...extra.config };
  const app = buildApp({ config, mongo, logger, eventsWritten: extra.eventsWritten });
  return {
    app,
    mongo,
    config,
    as: callerFor(app, config.platform.internalSigningSecret),
    workspaceAs: callerFor(workspaceApp, workspaceConfig.platform.internalSigningSecret),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await dropAll(mongo);
    },
  };
}

export const anonymous: Identity = { kind: 'anonymous' };
export const gateway: Identity = { kind: 'gateway' };
export const workspaceIdentity = (workspaceId: string, region: Region = 'eu'): Identity => ({ kind: 'workspace', workspaceId, region });
export const agentIdentity = (agentId: string, region: Region = 'eu'): Identity => ({ kind: 'agent', agentId, region });

/** A signed-in person as the gateway forwards them. */
export const someone = (prefix = 'user') => {
  const id = uniqueName(prefix).replace(/_/g, '').slice(0, 15);
  return { kind: 'user' as const, userId: id, email: `${id}@example.com` };
};

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
