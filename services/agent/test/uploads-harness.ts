// The media routes in-process as the agent app mounts them (gatewayContext, then
// createMediaRouter, JSON limit MEDIA_BODY_LIMIT), on fresh per-test databases.
import request from 'supertest';
import { Router, type Express } from 'express';
import type { Region } from '@platform/contracts';
import { createApp, gatewayContext, signForwarded, type Identity, type RegionalMongo } from '@platform/kit';
import { MEDIA_BODY_LIMIT, MEDIA_INDEXES, createMediaRouter, type MediaDeps } from '../src/routes/media-routes';
import { loadLlmConfig } from '../src/store/llm-client';
import { dropAll, freshMongo, logger } from '../../kit/test/support/infra';

export const SIGNING_SECRET = 'media-test-signing-secret';
export const PUBLIC_URL = 'https://platform.example.test';

export interface MediaHarness {
  app: Express;
  mongo: RegionalMongo;
  as: (identity: Identity, region?: Region) => {
    get: (path: string) => request.Test;
    post: (path: string, body?: object) => request.Test;
  };
  /** Every document of the given collections in both regions. */
  documents: (...collections: string[]) => Promise<Record<string, unknown[]>>;
  close: () => Promise<void>;
}

export async function startMediaHarness(overrides: Partial<Omit<MediaDeps, 'mongo' | 'logger'>> = {}): Promise<MediaHarness> {
  const mongo = await freshMongo();
  await mongo.ensureIndexes(MEDIA_INDEXES);
  const routes = Router();
  routes.use(gatewayContext(SIGNING_SECRET));
  routes.use(createMediaRouter({ mongo, logger, config: { publicUrl: PUBLIC_URL, llm: loadLlmConfig({}) }, ...overrides }));
  const app = createApp({ name: 'agent-media-test', logger, routes, bodyLimit: MEDIA_BODY_LIMIT });
  return {
    app,
    mongo,
    as: (identity, region = 'eu') => {
      // Signed for this method, path and JSON body, as the gateway signs each request.
    const headers = (method: string, path: string, body?: object) =>
      signForwarded({ identity, region }, SIGNING_SECRET, { method, path, body: body && JSON.stringify(body) });
      return {
        get: (path) => request(app).get(path).set(headers('GET', path)),
        post: (path, body) => request(app).post(path).set(headers('POST', path, body ?? {})).send(body ?? {}),
      };
    },
    documents: async (...collections) => {
      const out: Record<string, unknown[]> = {};
      for (const region of mongo.regions()) {
        for (const name of collections) out[`${region}.${name}`] = await mongo.collection(region, name).find({}).toArray();
      }
      return out;
    },
    close: () => dropAll(mongo),
  };
}

export const anonymous: Identity = { kind: 'anonymous' };
export const user = (userId = 'user1'): Identity => ({ kind: 'user', userId, email: `${userId}@example.test` });
export const workspace = (workspaceId = 'ws1'): Identity => ({ kind: 'workspace', workspaceId, region: 'eu' });
export const agentKey = (agentId: string): Identity => ({ kind: 'agent', agentId, region: 'eu' });
