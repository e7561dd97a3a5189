import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SECRETS = ['JWT_SECRET', 'INTERNAL_SIGNING_SECRET', 'CHANNEL_CREDENTIALS_KEY'];

/** What a process started by the infra scripts sees, with only PATH and the secrets file given. */
function seenBy(secretsFile: string): Record<string, string> {
  const out = execFileSync(path.join(ROOT, 'infra/scripts/env.sh'), ['env'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, LOCAL_SECRETS_FILE: secretsFile }, encoding: 'utf8' });
  return Object.fromEntries(out.split('\n').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describe('local secrets', () => {
  it('are generated at random on first use, kept private, and the same on the next run', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'data', 'secrets.env');
    const first = seenBy(file);
    for (const name of SECRETS) expect(first[name]).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(new Set(SECRETS.map((name) => first[name])).size).toBe(SECRETS.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = seenBy(file);
    for (const name of SECRETS) expect(second[name]).toBe(first[name]);
    const other = seenBy(path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'secrets.env'));
    expect(other.JWT_SECRET).not.toBe(first.JWT_SECRET);
  });

  it('are not committed: infra/local.env holds none, and .data/ is ignored by git', () => {
    const committed = readFileSync(path.join(ROOT, 'infra/local.env'), 'utf8');
    for (const name of SECRETS) expect(committed).not.toMatch(new RegExp(`^${name}=`, 'm'));
    expect(committed).not.toContain('change-me');
    expect(execFileSync('git', ['check-ignore', '.data/secrets.env'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('.data/secrets.env');
  });
});
