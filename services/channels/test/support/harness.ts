import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { createProducer } from '@platform/kit';
import { anonymous, logger, signedCaller, startAgentService, testKafka, testRelay, type AgentService, type Caller } from '@platform/test-support';
import type { Identity } from '@platform/kit';
import type { Region } from '@platform/contracts';
import { spawnTelegramSandbox, type RunningSandbox } from '../../../../infra/sandboxes/telegram/test/spawn-sandbox';
import { buildApp, routeTable } from '../../src/app';
import { loadConfig, type ChannelsConfig } from '../../src/config';
import { INDEXES, OUTBOX_COLLECTIONS } from '../../src/store/collections';

export interface ChannelsHarness {
  agentService: AgentService;
  config: ChannelsConfig;
  telegram: RunningSandbox;
  producer: Producer;
  app: ReturnType<typeof buildApp>;
  replies: ReturnType<typeof routeTable>['replies'];
  as: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

/**
 * The channels service in-process on the agent service's fresh databases, asking the real
 * agent service (listening on a free port, itself asking a real workspace service) who may
 * reach an agent; the Telegram sandbox in its own process; the real Kafka and an outbox relay.
 */
export async function startChannels(): Promise<ChannelsHarness> {
  const agentService = await startAgentService();
  const agentServer: Server = await new Promise((resolve) => {
    const listening = agentService.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const telegram = await spawnTelegramSandbox();
  // Telegram reaches the webhook through the gateway: this stand-in signs as the gateway does (anonymous caller, region from the path).
  let forwardTo: ((identity: Identity, region?: Region) => Caller) | undefined;
  const gatewayStandIn = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const match = /^\/api\/(eu|na)\/agent(\/.*)$/.exec(req.url ?? '');
      if (!match || !forwardTo) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const secret = req.headers['x-telegram-bot-api-secret-token'];
      const call = forwardTo(anonymous, match[1] as Region).post(match[2]!, body);
      const answer = await (typeof secret === 'string' ? call.set('x-telegram-bot-api-secret-token', secret) : call);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
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
    publicApiUrl: `http://127.0.0.1:${(gatewayStandIn.address() as AddressInfo).port}/api`,
    channelCredentialsKey: randomBytes(32).toString('hex'),
  };
  const deps = { config, mongo, logger, producer, eventsWritten: relay.nudge };
  const app = buildApp(deps);
  relay.start(mongo);
  const as = signedCaller(app, config.platform.internalSigningSecret);
  forwardTo = as;
  return {
    agentService,
    config,
    telegram,
    producer,
    app,
    replies: routeTable(deps).replies,
    as,
    close: async () => {
      await relay.stop();
      await producer.disconnect();
      await telegram.stop();
      await new Promise((resolve) => gatewayStandIn.close(resolve));
      await new Promise((resolve) => agentServer.close(resolve));
      await agentService.close();
    },
  };
}
