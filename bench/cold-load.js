// Cold load of /app/eu/agents in Chromium (issue 7): a signed-in person with an empty cache
// opens the agents list; the JavaScript transferred (encoded bytes on the wire, so whatever
// compression the gateway serves counts) is added up until the list is on screen and the
// network is quiet. Against the running platform's gateway (`make bench` starts it).
const path = require('node:path');
const { chromium } = require('playwright-core');

const env = process.env;
const GATEWAY_URL = env.E2E_BASE_URL ?? `http://localhost:${env.PORT_GATEWAY ?? 8080}`;
const INBOX_URL = `http://127.0.0.1:${env.MAIL_WEB_PORT ?? 1080}`;
const GOAL_KB = 250;
// Where the shell remembers that onboarding was done or skipped (contracts' BROWSER_STORAGE_KEYS).
const { BROWSER_STORAGE_KEYS } = require(path.resolve(__dirname, '../contracts/dist'));

async function post(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A fresh person signed in with an e-mailed code: the session cookie's name and value. */
async function signIn() {
  const email = `coldload.${Date.now()}@bench.example.com`;
  await post(`${GATEWAY_URL}/api/workspace/v2/auth/code`, { email });
  let code;
  for (let i = 0; i < 200 && !code; i += 1) {
    const mails = await (await fetch(`${INBOX_URL}/email`)).json();
    const mine = mails.find((m) => m.to.some((t) => t.address === email));
    code = mine && /sign-in code is ([A-Za-z0-9]+)/.exec(mine.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no sign-in code for ${email}`);
  const res = await post(`${GATEWAY_URL}/api/workspace/v2/auth/verify`, { email, code });
  const [name, value] = res.headers.get('set-cookie').split(';')[0].split('=');
  return { name, value };
}

/** Encoded JavaScript bytes of a cold load of /app/eu/agents, per file. */
async function measure() {
  const cookie = await signIn();
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: GATEWAY_URL });
    await context.addCookies([{ ...cookie, url: GATEWAY_URL }]);
    await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), BROWSER_STORAGE_KEYS.onboardingCompleted);
    const page = await context.newPage();
    const pending = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize })));
    });
    await page.goto('/app/eu/agents');
    await page.getByTestId('agents-page').or(page.getByTestId('agents-empty')).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await Promise.all(pending);
  } finally {
    await browser.close();
  }
}

async function run() {
  const scripts = await measure();
  const kb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  for (const s of scripts) console.log(`  ${s.url.padEnd(40)} ${(s.bytes / 1024).toFixed(1)} KB`);
  return [{ name: 'cold load of /app/eu/agents in Chromium, JavaScript transferred', value: `${kb.toFixed(1)} KB`, goal: `<= ${GOAL_KB} KB`, ok: kb <= GOAL_KB }];
}

module.exports = { run };

if (require.main === module) {
  run()
    .then((results) => results.forEach((r) => console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} (goal ${r.goal})`)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
