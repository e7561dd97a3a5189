import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { signForwarded } from '@platform/kit';
import { mailsTo, uniqueEmail, waitFor } from '@platform/test-support';

/** The platform `make test` started (or a running `make up`), reached like a user would. */
export const baseUrl = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.PORT_GATEWAY ?? 8080}`;
export const artifactsDir = path.resolve(__dirname, '../../../test-artifacts/e2e');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A unique address per run (tests share the inbox and the databases with other runs). */
export { uniqueEmail } from '@platform/test-support';

/**
 * A screenshot of the whole page. Not `fullPage: true`: this Chromium shrinks the window to 1x1
 * for a moment to measure, which flips every max-width media query and remounts the phone layout
 * under the test. Growing the viewport to the page height keeps the width, so the layout stays.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const grow = viewport && height > viewport.height;
  if (grow) await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
  try {
    await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
  } finally {
    if (grow) await page.setViewportSize(viewport);
  }
}

/** Waits for the newest e-mail to `address` matching `pattern` and returns the first capture group. */
export function readFromInbox(address: string, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  return waitFor(async () => {
    for (const mail of (await mailsTo(address)).reverse()) {
      const match = pattern.exec(`${mail.text ?? ''}\n${mail.html ?? ''}`);
      if (match) return match[1] ?? match[0];
    }
    return undefined;
  }, timeoutMs, 250);
}

const SIGN_IN_CODE = /sign-in code is ([A-Za-z0-9]+)/;

/** Signs in on the open /login or /signup page with the code e-mailed to `email`. */
export async function signInWithCode(page: Page, email: string, shotPrefix?: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email Login Code' }).click();
  await page.getByLabel('Code').fill(await readFromInbox(email, SIGN_IN_CODE));
  if (shotPrefix) await screenshot(page, `${shotPrefix}-code-entered`);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A first sign-in owes onboarding (spec 4.4): skips it and waits for the app. The redirect to
 * /onboarding can come after the app URL (once the session is read), so this waits for what
 * is on screen, not for a URL.
 */
export async function passOnboarding(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip & Go to Dashboard' });
  const app = page.getByTestId('top-bar');
  await skip.or(app).first().waitFor();
  if (await skip.isVisible()) await skip.click();
  await app.waitFor();
}

/** The id (uid) of the signed-in person's own workspace in `region`, from the session. */
export async function ownWorkspaceId(page: Pick<Page, 'request'>, region: string): Promise<string> {
  const session = (await (await page.request.get('/api/workspace/v2/auth/session')).json()) as { workspaces: Array<{ uid: string; region: string; isOwn?: boolean }> };
  return session.workspaces.find((w) => w.isOwn && w.region === region)!.uid;
}

/**
 * Puts the signed-in person's own workspace of `region` on a plan, as an operator does for an
 * enterprise deal (billing's gateway-only POST /internal/plans/:uid, called straight on the
 * billing service): journeys that create more agents than the free plan's 2 need it.
 */
export async function putOwnWorkspaceOnPlan(page: Page, region: string, plan: 'pay_as_you_go' | 'enterprise'): Promise<void> {
  const planPath = `/internal/plans/${await ownWorkspaceId(page, region)}`;
  const body = JSON.stringify({ plan });
  const headers = signForwarded({ identity: { kind: 'gateway' }, region: region as 'eu' | 'na' }, process.env.INTERNAL_SIGNING_SECRET!, { method: 'POST', path: planPath, body });
  const answer = await fetch(`http://127.0.0.1:${process.env.PORT_BILLING ?? 4005}${planPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  if (!answer.ok) throw new Error(`setting the plan failed: ${answer.status}`);
}

/** An agent's page: /app/{region}/agents/{id}/... */
const AGENT_PAGE_URL = /\/app\/(eu|na)\/agents\/([^/?]+)\//;

/** Signs a new person up with an e-mailed code, skips onboarding and waits for the agents page; returns the region it opened. */
export async function signUp(page: Page, email: string): Promise<string> {
  await page.goto('/signup');
  await signInWithCode(page, email);
  await passOnboarding(page);
  await page.waitForURL(/\/app\/(eu|na)\/agents/);
  return /\/app\/(eu|na)\//.exec(page.url())![1]!;
}

/** Creates an agent named `name` from the empty agents page's New Agent drawer and waits for its page. */
export async function createAgentFromEmptyState(page: Page, name: string): Promise<{ region: string; agentId: string }> {
  await page.getByTestId('empty-new-agent').click();
  const drawer = page.getByTestId('new-agent-drawer');
  await drawer.getByLabel('Agent Name').fill(name);
  await drawer.getByTestId('create-agent').click();
  await page.waitForURL((url) => AGENT_PAGE_URL.test(url.href), { timeout: 15_000 });
  const [, region, agentId] = AGENT_PAGE_URL.exec(page.url())!;
  return { region: region!, agentId: agentId! };
}

/** A new person (e-mail `uniqueEmail(label)`) past onboarding, with one agent named `agentName`. */
export async function signUpWithAgent(page: Page, label: string, agentName: string): Promise<{ region: string; agentId: string }> {
  await signUp(page, uniqueEmail(label));
  return createAgentFromEmptyState(page, agentName);
}
