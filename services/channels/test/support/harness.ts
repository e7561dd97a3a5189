import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Producer } from 'kafkajs';
import path from 'node:path';
import request from 'supertest';
import { createProducer, signForwarded } from '@platform/kit';
import { anonymous, logger, signedCaller, startAgentService, testKafka, testRelay, type AgentService, type Caller } from '@platform/test-support';
import type { Identity } from '@platform/kit';
import type { Region } from '@platform/contracts';
import { spawnSandbox, spawnTelegramSandbox, type RunningSandbox } from '../../../../infra/sandboxes/telegram/test/spawn-sandbox';
import { buildApp, routeTable, type AppDeps } from '../../src/app';
import { loadConfig, type ChannelsConfig } from '../../src/config';
import { INDEXES, OUTBOX_COLLECTIONS } from '../../src/store/collections';

export interface ChannelsHarness {
  agentService: AgentService;
  config: ChannelsConfig;
  telegram: RunningSandbox;
  meta: RunningSandbox;
  producer: Producer;
  app: ReturnType<typeof buildApp>;
  replies: ReturnType<typeof routeTable>['replies'];
  campaigns: ReturnType<typeof routeTable>['campaigns'];
  as: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

/**
 * The channels service in-process on the agent service's fresh databases, asking the real
 * agent service (listening on a free port, itself asking a real workspace service) who may
 * reach an agent; the Telegram sandbox in its own process; the real Kafka and an outbox relay.
 */
export async function startChannels(options: { config?: Partial<ChannelsConfig>; telephony?: AppDeps['telephony'] } = {}): Promise<ChannelsHarness> {
  const agentService = await startAgentService();
  const agentServer: Server = await new Promise((resolve) => {
    const listening = agentService.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const telegram = await spawnTelegramSandbox();
  process.env.META_APP_SECRET ??= randomBytes(24).toString('hex');
  const meta = await spawnSandbox(path.resolve(__dirname, '../../../../infra/sandboxes/meta/server.js'));
  // Providers reach the webhooks through the gateway: this stand-in signs as the gateway does
  // (anonymous caller, region from the path, the body's bytes untouched).
  let app: ReturnType<typeof buildApp> | undefined;
  let signingSecret = '';
  const gatewayStandIn = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const match = /^\/api\/(eu|na)\/agent(\/.*)$/.exec(req.url ?? '') ?? /^\/api\/(?:(eu|na)\/)?channels(\/.*)$/.exec(req.url ?? '');
      if (!match || !app) return void res.writeHead(404).end();
      match[1] ??= 'eu';
      const body = Buffer.concat(chunks);
      const method = req.method === 'GET' ? 'GET' : 'POST';
      const signed = signForwarded({ identity: anonymous, region: match[1] as Region }, signingSecret, { method, path: match[2]!, body: body.length ? body : undefined });
      let call = method === 'GET' ? request(app).get(match[2]!) : request(app).post(match[2]!).send(body.toString('utf8'));
      call = call.set(signed);
      for (const name of ['content-type', 'x-telegram-bot-api-secret-token', 'x-hub-signature-256', 'x-twilio-signature']) {
        const value = req.headers[name];
        if (typeof value === 'string') call = call.set(name, value);
      }
      const answer = await call;
      res.writeHead(answer.status, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') }).end(answer.text);
    });
  });
  await new Promise<void>((resolve) => gatewayStandIn.listen(0, '127.0.0.1', resolve));
  const relay = await testRelay(OUTBOX_COLLECTIONS);
  const producer = createProducer(testKafka());
  await producer.connect();
  const mongo = agentService.mongo;
  await mongo.ensureIndexes(INDEXES);
  const config: ChannelsConfig = {
    ...loadConfig(),
    agentServiceUrl: `http://127.0.0.1:${(agentServer.address() as AddressInfo).port}`,
    telegramApiBase: telegram.url,
    metaGraphBase: meta.url,
    publicApiUrl: `http://127.0.0.1:${(gatewayStandIn.address() as AddressInfo).port}/api`,
    channelCredentialsKey: randomBytes(32).toString('hex'),
    ...options.config,
  };
  const deps = { config, mongo, logger, producer, eventsWritten: relay.nudge, telephony: options.telephony };
  app = buildApp(deps);
  signingSecret = config.platform.internalSigningSecret;
  relay.start(mongo);
  const as = signedCaller(app, config.platform.internalSigningSecret);
  return {
    agentService,
    config,
    telegram,
    meta,
    producer,
    app,
    replies: routeTable(deps).replies,
    campaigns: routeTable(deps).campaigns,
    as,
    close: async () => {
      await relay.stop();
      await producer.disconnect();
      await telegram.stop();
      await meta.stop();
      await new Promise((resolve) => gatewayStandIn.close(resolve));
      await new Promise((resolve) => agentServer.close(resolve));
      await agentService.close();
    },
  };
}
