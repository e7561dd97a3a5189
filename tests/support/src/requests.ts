import request from 'supertest';
import type { Express } from 'express';
import type { Region } from '@platform/contracts';
import { signForwarded, type Identity, type RegionalMongo } from '@platform/kit';

/** Requests to a service as the gateway forwards them: signed identity and region. */
export interface Caller {
  get: (path: string) => request.Test;
  post: (path: string, body?: object) => request.Test;
  delete: (path: string, body?: object) => request.Test;
}

export const signedCaller =
  (app: Express, signingSecret: string) =>
  (identity: Identity, region: Region = 'eu'): Caller => {
    // Signed for this method, path and JSON body, as the gateway signs each request.
    const headers = (method: string, path: string, body?: object) =>
      signForwarded({ identity, region }, signingSecret, { method, path, body: body && JSON.stringify(body) });
    return {
      get: (path) => request(app).get(path).set(headers('GET', path)),
      post: (path, body) => request(app).post(path).set(headers('POST', path, body ?? {})).send(body ?? {}),
      delete: (path, body) => request(app).delete(path).set(headers('DELETE', path, body ?? {})).send(body ?? {}),
    };
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
