import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { newWorkspaceUid } from '@platform/contracts';
import { RegionalMongo, signForwarded } from '@platform/kit';
import { dropAll, gateway, repoRoot, workspaceIdentity } from '@platform/test-support';
import { createLedger } from '../src/app';
import { loadConfig } from '../src/config';
import { freshLedgerTopic, spawnBilling } from './support/ledger-kit';

const mongoBase = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const secret = loadConfig().platform.internalSigningSecret;

/** A request to the spawned billing process as the gateway forwards it. */
async function call(port: number, identity: Parameters<typeof signForwarded>[0]['identity'], path: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const json = JSON.stringify(body);
  const headers = signForwarded({ identity, region: 'eu' }, secret, { method: 'POST', path, body: json });
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('a credit transfer interrupted between its two sides', () => {
  it('is completed when billing restarts: each side once, balances exact', async () => {
    await promisify(execFile)('npx', ['tsc', '-b', 'services/billing'], { cwd: repoRoot, timeout: 300_000 });
    const suffix = randomBytes(4).toString('hex');
    const urls = { eu: `${mongoBase}/t_${suffix}_eu`, na: `${mongoBase}/t_${suffix}_na` };
    const mongo = await new RegionalMongo(urls).connect();
    const ledger = createLedger(mongo);
    const setup = await freshLedgerTopic();
    const spawn = (crash: boolean) => spawnBilling({ mongoUrls: urls, topic: setup.topic, groupId: setup.groupId, env: crash ? { BILLING_CRASH_BETWEEN_TRANSFER_SIDES: '1' } : {} });
    let billing = await spawn(true);
    try {
      const uid = newWorkspaceUid();
      const orgId = newWorkspaceUid();
      await ledger.grant('eu', uid, `opening:${uid}`, { amount: 1000, ts: Date.now(), direction: 'increase' });
      expect((await call(billing.port, gateway, `/internal/organizations/${orgId}`, { workspaceId: uid, allowBilling: true })).status).toBe(200);

      // The process dies after taking the credits from the workspace, before giving them to the organisation.
      const transfer = { transferId: 'crash-transfer-1', workspaceId: uid, orgId, amount: 300, direction: 'workspaceToOrg' };
      await expect(call(billing.port, workspaceIdentity(uid), '/stripe/connect/credit-transfer', transfer)).rejects.toThrow();
      await new Promise<void>((done) => (billing.child.exitCode !== null || billing.child.signalCode !== null ? done() : billing.child.once('exit', () => done())));
      expect(billing.child.signalCode).toBe('SIGKILL');
      expect(await ledger.balance('eu', uid)).toBe(700);
      expect(await ledger.balance('eu', `org:${orgId}`)).toBe(0);

      // Restarted (without the fault), it completes the transfer before serving.
      billing = await spawn(false);
      expect(await ledger.balance('eu', uid)).toBe(700);
      expect(await ledger.balance('eu', `org:${orgId}`)).toBe(300);
      expect(await mongo.collection('eu', 'credit_transfers').findOne({ _id: 'crash-transfer-1' } as never)).toMatchObject({ status: 'done' });

      // The client's retry of the same transfer answers success and moves nothing more.
      const retry = await call(billing.port, workspaceIdentity(uid), '/stripe/connect/credit-transfer', transfer);
      expect(retry).toEqual({ status: 200, body: { success: true, message: 'Credits transferred successfully!', workspaceBalance: 700, orgBalance: 300 } });
      expect(await mongo.collection('eu', 'credit_logs').countDocuments({ _id: { $regex: '^transfer:crash-transfer-1' } } as never)).toBe(2);
    } finally {
      await billing.kill();
      await setup.close();
      await dropAll(mongo);
    }
  });
});
