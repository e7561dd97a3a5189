import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { COLLECTIONS, type Region } from '@platform/contracts';
import { dropAll, freshMongo, logger, signedCaller, someone, startWorkspaceService, workspaceIdentity, type Caller, type WorkspaceService } from '@platform/test-support';
import type { Identity, RegionalMongo } from '@platform/kit';
import { buildApp, routeTable, type AppDeps } from '../../src/app';
import { loadConfig, type AgencyDomainConfig } from '../../src/config';
import { INDEXES } from '../../src/store/collections';
// The sandboxes are plain Node servers (infra/sandboxes), started in-process on free ports.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startDomainsSandbox } = require('../../../../infra/sandboxes/domains/server.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startFontsSandbox } = require('../../../../infra/sandboxes/fonts/server.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmailDomainsSandbox } = require('../../../../infra/sandboxes/email-domains/server.js');

export interface Harness {
  app: ReturnType<typeof buildApp>;
  mongo: RegionalMongo;
  config: AgencyDomainConfig;
  workspace: WorkspaceService;
  routes: ReturnType<typeof routeTable>['routes'];
  as: (identity: Identity, region?: Region) => Caller;
  close: () => Promise<void>;
}

type Sandbox = { server: Server; url: string };
const listen = (app: { listen: (port: number, host: string, cb: () => void) => Server }) =>
  new Promise<Server>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });

/**
 * The agency-domain service in-process on fresh databases, asking a real workspace service
 * (in-process too) about membership and flags, with the domains and fonts sandboxes and the
 * real SMTP inbox. `verifyAfterMs`: how long the domains sandbox waits before verifying.
 */
export async function startHarness(extra: Partial<Pick<AppDeps, 'eventsWritten'>> & { verifyAfterMs?: number } = {}): Promise<Harness> {
  const mongo = await freshMongo();
  await mongo.ensureIndexes(INDEXES);
  const workspace = await startWorkspaceService({ mongo, mailer: { send: async () => undefined, close: async () => undefined } });
  const workspaceServer = await listen(workspace.app);
  const domains: Sandbox = await startDomainsSandbox({ port: 0, ownedRoot: 'localhost', verifyAfterMs: extra.verifyAfterMs ?? 0 });
  const fonts: Sandbox = await startFontsSandbox({ port: 0 });
  const emails: Sandbox = await startEmailDomainsSandbox({ port: 0, verifyAfterMs: extra.verifyAfterMs ?? 0 });
  const base = loadConfig();
  const config: AgencyDomainConfig = {
    ...base,
    rootDomain: 'localhost',
    // No billing service here: the whitelabel workspace flag decides (grantWhitelabel).
    billingServiceUrl: '',
    workspaceServiceUrl: `http://127.0.0.1:${(workspaceServer.address() as AddressInfo).port}`,
    domainProvider: { ...base.domainProvider, baseUrl: domains.url },
    fontsApiBase: fonts.url,
    emailDomainProvider: { ...base.emailDomainProvider, baseUrl: emails.url },
  };
  const deps: AppDeps = { config, mongo, logger, ...extra };
  const app = buildApp(deps);
  return {
    app,
    mongo,
    config,
    workspace,
    routes: routeTable(deps).routes,
    as: signedCaller(app, config.platform.internalSigningSecret),
    close: async () => {
      for (const server of [workspaceServer, domains.server, fonts.server, emails.server]) await new Promise((resolve) => server.close(resolve));
      await workspace.close();
      await dropAll(mongo);
    },
  };
}

/** A person with a workspace made from the switcher in `region` (its only member). */
export async function personWithWorkspace(h: Harness, region: Region = 'eu', prefix = 'owner') {
  const person = someone(prefix);
  const res = await h.workspace.as(person, region).post('/v2/workspaces', { workspaceName: 'Agency team' }).expect(201);
  const workspace = res.body.data as { uid: string };
  return { person, uid: workspace.uid, secret: workspaceIdentity(workspace.uid, region) };
}

/** Gives a workspace the whitelabel flag this service reads until billing's entitlement lands. */
export async function grantWhitelabel(h: Harness, region: Region, uid: string): Promise<void> {
  await h.mongo.collection(region, COLLECTIONS.workspaces).updateOne({ _id: uid } as never, { $set: { 'internal.whitelabel_trial': true } });
}

/** An agency with one organisation, for the clients module's tests. */
export async function agencyWithOrganization(h: Harness, region: Region = 'eu', prefix = 'agency') {
  const owner = await personWithWorkspace(h, region, prefix);
  const agency = (await h.as(owner.person, region).post(`/v2/workspaces/${owner.uid}/agency`, { name: `${prefix} brand` }).expect(200)).body.agency as { ID: string; secret: string };
  const org = (await h.as(owner.person, region).post(`/v2/workspaces/${owner.uid}/orgs`, {}).expect(201)).body.organization as { ID: string };
  return { ...owner, agency, org };
}

/** Signs a client in by password and answers the identity the gateway would forward for its session. */
export async function signInClient(h: Harness, email: string, password: string, agencyId: string, region: Region = 'eu') {
  const res = await h.as({ kind: 'anonymous' }, region).post('/client-auth/login', { email, password, agencyId }).expect(200);
  const verified = await h.as({ kind: 'gateway' }, region).post('/internal/credentials/verify', { credential: res.body.token }).expect(200);
  return { res, token: res.body.token as string, identity: verified.body.identity as Identity };
}
