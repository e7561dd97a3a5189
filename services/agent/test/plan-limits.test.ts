import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, verifyForwarded } from '@platform/kit';
import { HttpPlanLimits } from '../src/clients/plan-limits';

/** Billing's entitlements as the runtime reads them for its credit check. */
describe("the runtime's balance from billing", () => {
  const secret = 'test-secret';
  let server: Server;
  let answer: { balance: number; accountOpened: boolean; limits?: object };
  let reads = 0;
  let openingAsked = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      expect(verifyForwarded({ method: req.method!, path: req.url!, headers: req.headers }, secret)?.identity.kind).toBe('gateway');
      reads += 1;
      const data = { uid: 'ws1', plan: 'free', limits: {}, whitelabel: { entitled: false, via: null }, ...answer };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    reads = 0;
    openingAsked = 0;
  });

  const limits = (openingHasCredits: boolean) =>
    new HttpPlanLimits({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      signingSecret: secret,
      timeoutMs: 1000,
      logger: createLogger('test', 'silent'),
      openingBalance: { hasCredits: async () => ((openingAsked += 1), openingHasCredits) },
      balanceTtlMs: 60_000,
    });

  it("answers from the ledger's balance once the account is open, and reuses the read", async () => {
    answer = { balance: 12, accountOpened: true };
    const client = limits(false);
    expect(await client.hasCredits('eu', 'ws1')).toBe(true);
    expect(await client.hasCredits('eu', 'ws1')).toBe(true);
    expect(reads).toBe(1);
    expect(openingAsked).toBe(0);
    answer = { balance: 0, accountOpened: true };
    expect(await limits(true).hasCredits('eu', 'ws1')).toBe(false);
  });

  it('asks for the opening balance while billing has not opened the account yet, and does not keep that answer', async () => {
    answer = { balance: 0, accountOpened: false };
    const client = limits(true);
    expect(await client.hasCredits('eu', 'ws1')).toBe(true);
    expect(await client.hasCredits('eu', 'ws1')).toBe(true);
    expect(openingAsked).toBe(2);
    expect(reads).toBe(2);
  });

  it("reads the workspace plan's knowledge characters (maxKbDocsCharCount) from billing", async () => {
    answer = { balance: 1, accountOpened: true, limits: { maxKbDocsCharCount: 2_000_000 } };
    expect(await limits(true).maxKnowledgeChars('eu', 'ws1')).toBe(2_000_000);
    answer = { balance: 1, accountOpened: true, limits: { maxKbDocsCharCount: 400_000 } };
    expect(await limits(true).maxKnowledgeChars('eu', 'ws1')).toBe(400_000);
  });
});
