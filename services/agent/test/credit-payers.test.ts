import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, verifyForwarded } from '@platform/kit';
import { HttpCreditPayers } from '../src/clients/credit-payers';
import { HttpPlanLimits } from '../src/clients/plan-limits';

/** Who pays an organisation's agent (ADR 0026): agency-domain's organisations of the agent, and billing's organisation balance. */
describe('credit payers', () => {
  const secret = 'test-secret';
  let server: Server;
  let organizations: Array<{ ID: string; ownerID?: string }>;
  let orgBalance = 0;
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      expect(verifyForwarded({ method: req.method!, path: req.url!, headers: req.headers }, secret)?.identity.kind).toBe('gateway');
      paths.push(req.url!);
      const body = req.url!.startsWith('/internal/organizations/by-agent/')
        ? { success: true, organizations: organizations.map((org) => ({ ...org, agencyId: 'ag1', clients: [] })) }
        : { success: true, data: { orgId: req.url!.split('/')[3], balance: orgBalance } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (paths.length = 0));

  const client = () => ({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, signingSecret: secret, timeoutMs: 1000, logger: createLogger('test', 'silent') });

  it("names the agent's organisation within its workspace (the smallest ID when several), none otherwise, and reuses the answer", async () => {
    const payers = new HttpCreditPayers({ ...client(), ttlMs: 60_000, maxEntries: 10 });
    organizations = [{ ID: 'orgB', ownerID: 'ws1' }, { ID: 'orgA', ownerID: 'ws1' }, { ID: 'org0', ownerID: 'other' }];
    expect(await payers.payingOrganization('eu', { ID: 'agent1', userId: 'ws1' })).toBe('orgA');
    expect(await payers.payingOrganization('eu', { ID: 'agent1', userId: 'ws1' })).toBe('orgA');
    expect(paths).toEqual(['/internal/organizations/by-agent/agent1']);
    organizations = [];
    expect(await payers.payingOrganization('eu', { ID: 'agent2', userId: 'ws1' })).toBeUndefined();
  });

  it("checks the organisation's balance, not the workspace's, for an organisation's agent", async () => {
    const limits = new HttpPlanLimits({ ...client(), openingBalance: { hasCredits: async () => true }, balanceTtlMs: 0 });
    orgBalance = 0;
    expect(await limits.hasCredits('eu', 'ws1', 'orgA')).toBe(false);
    orgBalance = 3;
    expect(await limits.hasCredits('eu', 'ws1', 'orgA')).toBe(true);
    expect(paths).toEqual(['/internal/organizations/orgA/credits', '/internal/organizations/orgA/credits']);
  });
});
