/** The save on the kit's fast path (ADR 0038): the route table's own run, answered as the express path answers. */
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { REQUEST_MESSAGES, newAgentDraft, type Region } from '@platform/contracts';
import { signForwarded, type Identity } from '@platform/kit';
import { anonymous, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

/** The gateway forwards JSON as `application/json`: that takes the fast path; this spelling, the same JSON, goes through express. */
const FAST = 'application/json';
const EXPRESS = 'application/json;charset=utf-8';
/** Per answer, not per route. */
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive']);

describe('the agent save on the fast path (ADR 0038)', () => {
  let h: Harness;
  let router: jest.SpyInstance;
  beforeAll(async () => {
    h = await startHarness();
    router = jest.spyOn((h.app as unknown as { _router: { handle: () => void } })._router, 'handle');
  });
  afterAll(() => h.close());
  beforeEach(() => router.mockClear());

  /** One save as the gateway sends it (signed for `identity` unless null), with the given content type. */
  const send = (path: string, text: string, type: string, identity: Identity | null, region: Region = 'eu') => {
    let call = request(h.app).post(path).set('content-type', type);
    if (identity) call = call.set(signForwarded({ identity, region }, h.config.platform.internalSigningSecret, { method: 'POST', path, body: Buffer.from(text) }));
    return call.send(text);
  };
  /** What must be equal on both paths: a save's own version id and time differ. */
  const shape = (name: string, res: request.Response) => {
    const body = { ...res.body };
    if (body.versionId) body.versionId = 'a version id';
    if (body.agent?.lastModified) body.agent = { ...body.agent, lastModified: 'the save time' };
    return { name, status: res.status, body, headers: Object.fromEntries(Object.entries(res.headers).filter(([header]) => !VARYING.has(header))) };
  };

  it('answers every input as the express path does (status, body, headers), and only the express spelling reaches the router', async () => {
    const owner = await personWithWorkspace(h);
    const stranger = await personWithWorkspace(h, 'eu', 'stranger');
    const agent = await createAgent(h, owner.person, owner.workspace.uid);
    const theirs = await createAgent(h, stranger.person, stranger.workspace.uid);
    const deep = JSON.stringify(Array.from({ length: 70 }).reduce<unknown>((inner) => ({ inner }), {}));
    const path = (id: string) => `/v2/agents/${id}`;
    /** A save of `target` with `body` (made anew for each of the two sends). */
    const to = (target: string, body: () => unknown) => () => ({ path: path(target), text: JSON.stringify(body()) });
    const raw = (target: string, text: string) => () => ({ path: path(target), text });
    const saved = to(agent.ID, () => ({ ...agent, description: 'Saved on both paths' }));
    const fresh = () => {
      const draft = newAgentDraft({ title: 'Fresh', ownerID: owner.workspace.uid });
      return { path: path(draft.ID), text: JSON.stringify(draft) };
    };
    const cases: Array<{ name: string; make: () => { path: string; text: string }; identity: Identity | null }> = [
      { name: 'a save by the owner', make: saved, identity: owner.person },
      { name: 'a save with the workspace secret', make: saved, identity: owner.secret },
      { name: 'a new agent created', make: fresh, identity: owner.person },
      { name: 'unsigned', make: saved, identity: null },
      { name: 'anonymous', make: saved, identity: anonymous },
      { name: 'a member of another workspace', make: saved, identity: stranger.person },
      { name: "another tenant's agent", make: to(theirs.ID, () => ({ ...theirs, title: 'Taken over' })), identity: owner.person },
      { name: "another workspace's secret", make: saved, identity: stranger.secret },
      { name: 'an invalid agent', make: to(agent.ID, () => ({ ...agent, title: 42 })), identity: owner.person },
      { name: 'invalid JSON', make: raw(agent.ID, '{"title":'), identity: owner.person },
      { name: 'a JSON array', make: raw(agent.ID, '[1]'), identity: owner.person },
      { name: 'nested too deeply', make: raw(agent.ID, deep), identity: owner.person },
      { name: 'an agent id that is none', make: to('not*an*id', () => agent), identity: owner.person },
    ];
    const statuses: number[] = [];
    for (const { name, make, identity } of cases) {
      const first = make();
      const fast = await send(first.path, first.text, FAST, identity);
      expect({ name, router: router.mock.calls.length }).toEqual({ name, router: 0 });
      const second = make();
      const express = await send(second.path, second.text, EXPRESS, identity);
      expect({ name, router: router.mock.calls.length }).toEqual({ name, router: 1 });
      router.mockClear();
      const [fastShape, expressShape] = [shape(name, fast), shape(name, express)];
      if (first.path !== second.path) {
        // Two different new agents: their ids differ, nothing else.
        for (const one of [fastShape, expressShape]) one.body.agent = { ...one.body.agent, ID: 'new', SECRET_API_KEY: 'key' };
      }
      expect(fastShape).toEqual(expressShape);
      statuses.push(fast.status);
    }
    expect(statuses).toEqual([200, 200, 200, 401, 401, 403, 403, 403, 400, 400, 400, 400, 400]);
    // Both paths wrote: four saves of the owner, each a version.
    expect((await h.as(owner.person).get(path(agent.ID)).expect(200)).body.agent).toMatchObject({ description: 'Saved on both paths' });
    expect((await h.as(owner.person).get(`${path(agent.ID)}/versions`).expect(200)).body.versions).toHaveLength(5);
    // The refused ones wrote nothing.
    expect((await h.as(stranger.person).get(path(theirs.ID)).expect(200)).body.agent.title).toBe(theirs.title);
  });

  it('refuses a body whose declared length is over the limit before reading it: 413, the connection closed', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid);
    const server: Server = await new Promise((resolve) => {
      const listening = h.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const answer = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const call = httpRequest(
          { host: '127.0.0.1', port: (server.address() as AddressInfo).port, method: 'POST', path: `/v2/agents/${agent.ID}`, headers: { 'content-type': FAST, 'content-length': 2 * 1024 * 1024 } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: Buffer.concat(chunks).toString() }));
          },
        );
        call.on('error', reject);
        call.write('{"title":');
      });
      expect(answer).toMatchObject({ status: 413, connection: 'close' });
      expect(JSON.parse(answer.body)).toEqual({ success: false, message: REQUEST_MESSAGES.tooLarge });
      expect(router).not.toHaveBeenCalled();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
