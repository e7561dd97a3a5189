import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { REQUEST_MESSAGES, UPLOAD } from '@platform/contracts';
import { signSession } from '@platform/kit';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';
import { answerExpectContinue } from '../src/routes/proxy';
import { JWT_SECRET, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const signedIn = { userId: 'u1', email: 'u1@example.test', sessionId: 'session-u1' };
const token = signSession(signedIn, JWT_SECRET);
const session = `Bearer ${token}`;

/** A real node client, as curl does for large bodies: sends the body only after "100 Continue". */
function postWithExpectContinue(url: string, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; continued: boolean; body: string }>((resolve, reject) => {
    let continued = false;
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, continued, body: text }));
    });
    req.on('error', reject);
  });
}

describe('gateway body limits and streaming', () => {
  let agent: Upstream;
  /** Keeps the sessions: the gateway asks it whether the caller's session still lives. */
  let workspace: Upstream;
  let gateway: ReturnType<typeof createGateway>;
  // Just over the default 1 MB limit, far under the upload limit.
  const bigBody = { agentId: 'a1', base64Payload: 'A'.repeat(1_500_000) };

  beforeAll(async () => {
    agent = await startUpstream('agent', { bodyLimit: UPLOAD.requestBodyLimit });
    workspace = await startUpstream('workspace', { credentials: { [token]: { kind: 'user', ...signedIn } } });
    gateway = createGateway(loadConfig(gatewayEnv({ SERVICE_URL_AGENT: agent.url, SERVICE_URL_WORKSPACE: workspace.url })), silentLogger);
  });
  afterAll(() => Promise.all([agent.close(), workspace.close()]));

  it('streams an upload of a signed-in caller through to the agent service, in either path form', async () => {
    for (const path of ['/api/agent/procedures/uploadFile', '/api/na/agent/procedures/uploadFile']) {
      const res = await request(gateway).post(path).set('authorization', session).send(bigBody);
      expect(res.status).toBe(200);
      expect(res.body.body.base64Payload).toHaveLength(1_500_000);
    }
  });

  it('keeps the 1 MB limit everywhere else, also when the size is not announced', async () => {
    for (const path of ['/api/agent/v2/agents/a1', '/api/agent/procedures/uploadFileX', '/api/agent/workspace/procedures/uploadFile']) {
      const res = await request(gateway).post(path).set('authorization', session).send(bigBody);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, message: REQUEST_MESSAGES.tooLarge });
    }
    // Chunked, no Content-Length: the streamed bytes are counted.
    const server = http.createServer(gateway).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/agent/v2/agents/a1', headers: { authorization: session, 'content-type': 'application/json' } });
        req.on('response', (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.write('{"a":"');
        const chunk = 'B'.repeat(64 * 1024);
        const pump = (left: number): void => {
          if (left <= 0 || req.destroyed) return void req.end('"}');
          if (req.write(chunk)) setImmediate(() => pump(left - 1));
          else req.once('drain', () => pump(left - 1));
        };
        pump(24);
      });
      expect(status).toBe(413);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('gives callers without credentials a small limit, the upload route included', async () => {
    const body = { text: 'x'.repeat(200_000) };
    for (const path of ['/api/agent/v2/agents/a1', '/api/agent/procedures/uploadFile']) {
      const res = await request(gateway).post(path).send(body);
      expect(res.status).toBe(413);
    }
    expect((await request(gateway).post('/api/agent/v2/agents/a1').send({ text: 'small' })).status).toBe(200);
  });

  describe('Expect: 100-continue', () => {
    let server: http.Server;
    let url: string;
    beforeAll(async () => {
      server = http.createServer(gateway);
      answerExpectContinue(server, gateway);
      server.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it('takes a 1 MB upload end to end', async () => {
      const payload = Buffer.from(JSON.stringify({ agentId: 'a1', base64Payload: 'C'.repeat(1_048_576) }));
      const res = await postWithExpectContinue(`${url}/api/agent/procedures/uploadFile`, payload, { authorization: session });
      expect(res.continued).toBe(true);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).body.base64Payload).toHaveLength(1_048_576);
    });

    it('refuses a large body of a caller without credentials before it is sent', async () => {
      const res = await postWithExpectContinue(`${url}/api/agent/procedures/uploadFile`, Buffer.alloc(1_048_576, 0x20), {});
      expect(res.status).toBe(413);
      expect(res.continued).toBe(false);
    });
  });

  it('answers 400, not 5xx, for JSON nested 5,000 deep and for arrays of arrays', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const res = await request(gateway).post('/api/agent/v2/agents/a1').set('authorization', session).set('content-type', 'application/json').send(`{"a":${deep}}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: REQUEST_MESSAGES.tooDeep });
    const deepObjects = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const objects = await request(gateway).post('/api/agent/v2/agents/a1').set('authorization', session).set('content-type', 'application/json').send(deepObjects);
    expect(objects.status).toBe(400);
    expect(objects.body).toEqual({ success: false, message: REQUEST_MESSAGES.tooDeep });
    const matrix = await request(gateway).post('/api/agent/v2/agents/a1').set('authorization', session).send({ rows: [[1, 2], [3]] });
    expect(matrix.status).toBe(400);
    expect(matrix.body).toEqual({ success: false, message: REQUEST_MESSAGES.nestedArrays });
  });
});
