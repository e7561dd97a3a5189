#!/usr/bin/env node
// Opens the built frontends in headless Chromium and saves screenshots, the way a person
// would look at them. Usage: node screenshots.js [--base http://127.0.0.1:8090] [--out dir] [--mock-api]
// --mock-api answers the workspace session so the signed-in screens render without services.
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const BASE = arg('--base', 'http://127.0.0.1:8090');
const OUT = path.resolve(arg('--out', path.join(__dirname, '../../../test-artifacts')));
const MOCK = process.argv.includes('--mock-api');
fs.mkdirSync(OUT, { recursive: true });

const SESSION = {
  success: true,
  user: { userId: 'u1', email: 'owner@example.com', hasPassword: false, createdAt: 1700000000 },
  needsOnboarding: false,
  workspaces: [
    { uid: 'u1', region: 'eu', workspaceName: 'PersonalAb3x9', isOwn: true, secret: 'vg_aaaaaaaaaaaaaaaaaaaa' },
    { uid: 'w2', region: 'eu', workspaceName: 'Acme Marketing Agency Workspace Europe', isOwn: false, secret: 'vg_bbbbbbbbbbbbbbbbbbbb' },
    { uid: 'w3', region: 'na', workspaceName: 'Acme North America', isOwn: false, secret: 'vg_cccccccccccccccccccc' },
  ],
};

async function mockApi(page, { agentsDelayMs = 0, signedIn = true } = {}) {
  const state = { signedIn };
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/auth/verify')) state.signedIn = true;
    if (url.pathname.endsWith('/auth/session')) {
      return state.signedIn ? route.fulfill({ json: SESSION }) : route.fulfill({ status: 401, json: { success: false, message: 'Please sign in to continue.' } });
    }
    if (url.pathname.includes('/agent/v2/agents')) {
      await new Promise((r) => setTimeout(r, agentsDelayMs));
      return route.fulfill({ status: 404, json: { success: false, message: 'Not found' } });
    }
    return route.fulfill({ json: { success: true } });
  });
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const report = [];
  const shot = async (page, name) => {
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: false });
    report.push(name);
  };
  const newPage = async ({ dark = false, width = 1366, height = 860 } = {}) => {
    const context = await browser.newContext({ viewport: { width, height } });
    if (dark) await context.addInitScript(() => localStorage.setItem('platform.colorScheme', 'dark'));
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && console.error(`console: ${m.text()}`));
    return page;
  };

  // Public pages.
  let page = await newPage();
  await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
  await shot(page, '01-home');
  await page.goto(`${BASE}/legal/tos`, { waitUntil: 'networkidle' });
  await shot(page, '02-legal-tos');
  await page.goto(`${BASE}/pricing`, { waitUntil: 'networkidle' });
  await shot(page, '03-pricing');
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await shot(page, '04-login');

  // Signed-in screens without any service: must degrade gracefully.
  page = await newPage();
  await page.goto(`${BASE}/app/eu/agents`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await shot(page, '05-app-no-api');

  if (MOCK) {
    // Sign-in flow: e-mail, code field appears, a malformed code is refused, a good one signs in.
    page = await newPage();
    await mockApi(page, { signedIn: false });
    await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
    await page.fill('input[type=email]', 'owner@example.com');
    await page.getByRole('button', { name: 'Email Login Code' }).click();
    await page.waitForSelector('input[autocomplete=one-time-code]');
    await page.fill('input[autocomplete=one-time-code]', '12');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForTimeout(300);
    await shot(page, '04b-login-code-step');
    await page.fill('input[autocomplete=one-time-code]', '123456');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app/eu/agents', { timeout: 10000 });
    console.log(`after sign-in: ${new URL(page.url()).pathname}`);

    page = await newPage();
    await mockApi(page, { agentsDelayMs: 4000 });
    const remoteRequests = [];
    page.on('request', (r) => r.url().includes('/remotes/') && remoteRequests.push({ url: r.url(), at: page.url() }));
    await page.goto(`${BASE}/app/eu/agents`);
    await page.waitForSelector('[data-testid=loading-screen]');
    await page.waitForTimeout(1200);
    await shot(page, '06-agents-loading');
    await page.waitForSelector('[data-testid=agents-empty]', { timeout: 10000 });
    await shot(page, '07-agents-empty');
    await page.click('[data-testid=workspace-switcher]');
    await page.waitForTimeout(300);
    await shot(page, '08-workspace-menu');
    await page.getByText('+ New User').click();
    await page.waitForSelector('[data-testid=invite-drawer] input');
    await page.fill('[data-testid=invite-drawer] input', 'owner@example.com');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.waitForTimeout(400);
    await shot(page, '09-invite-self-error');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    const beforeRemote = remoteRequests.length;
    await page.getByRole('link', { name: 'Agency' }).click();
    await page.waitForSelector('[data-testid=agency-settings]', { timeout: 10000 });
    await shot(page, '10-agency-settings-remote');
    console.log(`remote requests before opening Agency: ${beforeRemote}; after: ${remoteRequests.length}`);
    for (const r of remoteRequests) console.log(`  ${r.url.replace(BASE, '')}`);
    await page.click('[data-testid=workspace-switcher]');
    await page.getByText('Acme North America').click();
    await page.waitForSelector('[data-testid=region-switch]');
    await shot(page, '11-region-switch');

    page = await newPage({ dark: true });
    await mockApi(page);
    await page.goto(`${BASE}/app/eu/agents`);
    await page.waitForSelector('[data-testid=agents-empty]', { timeout: 10000 });
    await shot(page, '12-agents-empty-dark');
    await page.goto(`${BASE}/app/eu/clients`);
    await page.waitForSelector('[data-testid=clients-screen]', { timeout: 10000 });
    await shot(page, '13-clients-remote-dark');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForTimeout(400);
    await shot(page, '13b-sidebar-collapsed-dark');

    page = await newPage({ width: 390, height: 844 });
    await mockApi(page);
    await page.goto(`${BASE}/app/eu/agents`);
    await page.waitForSelector('[data-testid=agents-empty]', { timeout: 10000 });
    await shot(page, '14-agents-phone');
  }

  page = await newPage({ dark: true });
  await page.goto(`${BASE}/voice-agent`, { waitUntil: 'networkidle' });
  await shot(page, '15-voice-agent-dark');
  await page.goto(`${BASE}/404`, { waitUntil: 'networkidle' });
  await shot(page, '16-not-found-dark');
  page = await newPage();
  await page.goto(`${BASE}/client`);
  await page.waitForSelector('[data-testid=client-dashboard]', { timeout: 10000 });
  await shot(page, '17-client-dashboard-remote');

  await browser.close();
  console.log(`screenshots in ${OUT}: ${report.join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
