import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { smtpMailer, type Mailer, type RegionalMongo } from '@platform/kit';
// The services, started in-process the way their main.ts starts them (without Kafka).
import { buildApp as buildAgentApp, routeTable as agentRouteTable, type AppDeps as AgentAppDeps } from '../../../services/agent/src/app';
import { loadConfig as loadAgentConfig, type AgentConfig } from '../../../services/agent/src/config';
import { INDEXES as AGENT_INDEXES } from '../../../services/agent/src/store/collections';
import { buildApp as buildWorkspaceApp, routeTable as workspaceRouteTable } from '../../../services/workspace/src/app';
import { loadConfig as loadWorkspaceConfig, type WorkspaceConfig } from '../../../services/workspace/src/config';
import { INDEXES as WORKSPACE_INDEXES } from '../../../services/workspace/src/store/collections';
import { buildApp as buildChannelsApp, routeTable as channelsRouteTable, type AppDeps as ChannelsAppDeps } from '../../../services/channels/src/app';
import { loadConfig as loadChannelsConfig, type ChannelsConfig } from '../../../services/channels/src/config';
import { INDEXES as CHANNELS_INDEXES } from '../../../services/channels/src/store/collections';
import { buildApp as buildAgencyDomainApp, routeTable as agencyDomainRouteTable } from '../../../services/agency-domain/src/app';
import { loadConfig as loadAgencyDomainConfig, type AgencyDomainConfig } from '../../../services/agency-domain/src/config';
import { INDEXES as AGENCY_DOMAIN_INDEXES } from '../../../services/agency-domain/src/store/collections';
import { buildApp as buildBillingApp, routeTable as billingRouteTable } from '../../../services/billing/src/app';
import { loadConfig as loadBillingConfig, type BillingConfig } from '../../../services/billing/src/config';
import { INDEXES as BILLING_INDEXES } from '../../../services/billing/src/store/collections';
import { ORGANIZATION_INDEXES as BILLING_ORGANIZATION_INDEXES } from '../../../services/billing/src/store/organization-collections';
import { dropAll, freshMongo, logger } from './infra';
import { signedCaller, type Caller } from './requests';
import type { Identity, RouteDescription } from '@platform/kit';
import type { Region } from '@platform/contracts';

export type { AgentConfig, ChannelsConfig, WorkspaceConfig };

/** Configuration overrides; nested objects are merged key by key. */
export type Overrides<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

function withOverrides<T extends object>(base: T, overrides: Overrides<T>): T {
  const config = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const current = config[key];
    config[key] = current && typeof current === 'object' && !Array.isArray(current) ? { ...current, ...(value as object) } : value;
  }
  return config as T;
}

export interface RunningService<C> {
  app: Express;
  /** the service's route table, as its app mounts it */
  routes: RouteDescription[];
  mongo: RegionalMongo;
  config: C;
  /** Requests as the gateway forwards them. */
  as: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

export interface WorkspaceService extends RunningService<WorkspaceConfig> {
  /** Moves the service's clock (expiry, rate-limit windows). */
  advanceClock: (ms: number) => void;
}

/**
 * The workspace service in-process on `mongo` (fresh per-test databases by default), mailing
 * through the real SMTP inbox unless given a mailer; no Kafka.
 */
export async function startWorkspaceService(
  options: { mongo?: RegionalMongo; config?: Overrides<WorkspaceConfig>; mailer?: Mailer; eventsWritten?: () => void } = {},
): Promise<WorkspaceService> {
  const config = withOverrides(loadWorkspaceConfig(), options.config ?? {});
  const mongo = options.mongo ?? (await freshMongo());
  await mongo.ensureIndexes(WORKSPACE_INDEXES);
  const mailer = options.mailer ?? smtpMailer(config.smtpUrl, config.mailFrom);
  let offset = 0;
  const deps = { config, mongo, mailer, logger, eventsWritten: options.eventsWritten, now: () => new Date(Date.now() + offset) };
  const app = buildWorkspaceApp(deps);
  return {
    app,
    routes: workspaceRouteTable(deps).routes,
    mongo,
    config,
    as: signedCaller(app, config.platform.internalSigningSecret),
    advanceClock: (ms) => {
      offset += ms;
    },
    close: async () => {
      await mailer.close();
      if (!options.mongo) await dropAll(mongo);
    },
  };
}

export interface AgentService extends RunningService<AgentConfig> {
  /** The real workspace service the agent service asks about membership (same databases). */
  workspace: WorkspaceService;
}

/**
 * The agent service in-process on fresh per-test databases, asking a real workspace service
 * (also in-process, listening on a free port, same databases) about membership; no Kafka
 * unless the test starts a relay through `eventsWritten`.
 */
export async function startAgentService(
  options: { config?: Overrides<AgentConfig> } & Partial<Pick<AgentAppDeps, 'eventsWritten' | 'files' | 'chat' | 'now' | 'payers'>> = {},
): Promise<AgentService> {
  const mongo = await freshMongo();
  await mongo.ensureIndexes(AGENT_INDEXES);
  const workspace = await startWorkspaceService({ mongo, mailer: { send: async () => undefined, close: async () => undefined } });
  const server: Server = await new Promise((resolve) => {
    const listening = workspace.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  // No billing unless a test names one: plan limits are tested with billing running.
  const config = withOverrides(loadAgentConfig(), { workspaceServiceUrl: `http://127.0.0.1:${port}`, billingServiceUrl: '', ...options.config });
  const { config: _config, ...deps } = options;
  const app = buildAgentApp({ config, mongo, logger, ...deps });
  return {
    app,
    routes: agentRouteTable({ config, mongo, logger, ...deps }).routes,
    mongo,
    config,
    workspace,
    as: signedCaller(app, config.platform.internalSigningSecret),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await workspace.close();
      await dropAll(mongo);
    },
  };
}

/**
 * The channels service in-process on the agent service's databases, asking that agent service
 * (listening on a free port) who may reach an agent. `producer` defaults to one that refuses
 * (no Kafka: a webhook then answers 503).
 */
export async function startChannelsService(
  agent: AgentService,
  options: { config?: Overrides<ChannelsConfig>; producer?: ChannelsAppDeps['producer'] } = {},
): Promise<RunningService<ChannelsConfig>> {
  await agent.mongo.ensureIndexes(CHANNELS_INDEXES);
  const server: Server = await new Promise((resolve) => {
    const listening = agent.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const config = withOverrides(loadChannelsConfig(), { agentServiceUrl: `http://127.0.0.1:${port}`, ...options.config });
  const producer = options.producer ?? ({ send: async () => Promise.reject(new Error('no Kafka here')), sendBatch: async () => Promise.reject(new Error('no Kafka here')) } as never);
  const deps = { config, mongo: agent.mongo, logger, producer };
  const app = buildChannelsApp(deps);
  return {
    app,
    routes: channelsRouteTable(deps).routes,
    mongo: agent.mongo,
    config,
    as: signedCaller(app, config.platform.internalSigningSecret),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A port that listens before its app exists: a service whose URL another must be configured
 * with (the agent service asks agency-domain about clients) is built afterwards and served here.
 */
export async function serviceSlot(): Promise<{ url: string; serve: (app: Express) => void; close: () => Promise<void> }> {
  let target: Express | undefined;
  const server = createServer((req, res) => {
    if (target) return void target(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (app) => {
      target = app;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The agency-domain service (clients module included) on the agent service's databases and workspace service, served in `slot`. */
export async function startAgencyDomainService(agent: AgentService, slot: Awaited<ReturnType<typeof serviceSlot>>, billingServiceUrl = ''): Promise<RunningService<AgencyDomainConfig>> {
  await agent.mongo.ensureIndexes(AGENCY_DOMAIN_INDEXES);
  const config: AgencyDomainConfig = { ...loadAgencyDomainConfig(), workspaceServiceUrl: agent.config.workspaceServiceUrl, billingServiceUrl };
  const deps = { config, mongo: agent.mongo, logger };
  const app = buildAgencyDomainApp(deps);
  slot.serve(app);
  return { app, routes: agencyDomainRouteTable(deps).routes, mongo: agent.mongo, config, as: signedCaller(app, config.platform.internalSigningSecret), close: slot.close };
}

/**
 * The billing service on the agent service's databases and workspace service, served in `slot`;
 * it writes clients' records at `agencyDomainServiceUrl` (none by default, never the running platform's).
 */
export async function startBillingService(agent: AgentService, slot: Awaited<ReturnType<typeof serviceSlot>>, agencyDomainServiceUrl = ''): Promise<RunningService<BillingConfig>> {
  await agent.mongo.ensureIndexes([...BILLING_INDEXES, ...BILLING_ORGANIZATION_INDEXES]);
  const config: BillingConfig = { ...loadBillingConfig(), workspaceServiceUrl: agent.config.workspaceServiceUrl, agencyDomainServiceUrl };
  const deps = { config, mongo: agent.mongo, logger };
  const app = buildBillingApp(deps);
  slot.serve(app);
  return { app, routes: billingRouteTable(deps).routes, mongo: agent.mongo, config, as: signedCaller(app, config.platform.internalSigningSecret), close: slot.close };
}
