#!/usr/bin/env node
// The editors inside the built shell (frontends/shell/dist, after `bash frontends/build.sh`):
// serves the dist itself, answers the API with canned data, opens the agent area tabs that
// mount the editors, and saves screenshots to test-artifacts/editors/shell-*.png.
// Also records which scripts load, to show CodeMirror and React Flow arrive only on their tabs.
const fs = require('fs');
const http = require('http');
const path = require('path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '../../../..');
const DIST = path.join(ROOT, 'frontends/shell/dist');
const OUT = path.join(ROOT, 'test-artifacts/editors');
fs.mkdirSync(OUT, { recursive: true });

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.map': 'application/json' };
function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.join(DIST, decodeURIComponent(url.pathname));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const AGENT_ID = 'AbCdEfGh12345678';
const SESSION = {
  success: true,
  user: { userId: 'u1', email: 'owner@example.com', hasPassword: false, createdAt: 1700000000 },
  needsOnboarding: false,
  workspaces: [{ uid: 'u1', region: 'eu', workspaceName: 'PersonalAb3x9', isOwn: true, secret: 'vg_aaaaaaaaaaaaaaaaaaaa' }],
};
const AGENT = {
  ID: AGENT_ID,
  title: 'Support bot',
  ownerID: 'u1',
  userId: 'u1',
  agentPlatform: 'vg',
  enableNodes: true,
  lastModified: 1700000000,
  customThemeJSONString: '{"themeType":"light","primary":"#7950f2"}',
  ADVANCED_customCSS: '.vg-header {\n  background: #1f2937;\n}\n',
  SECRET_API_KEY: 'vg_aaaaaaaaaaaaaaaaaaaa',
  vgOptions: { maxChunkSize: 2424 },
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start', message: 'Hi! How can I help?' }, next: ['triage'] },
    { id: 'triage', type: 'default', position: { x: 320, y: 0 }, data: { label: 'Triage', prompt: 'Find out what the customer needs.' }, next: ['end'] },
    { id: 'end', type: 'end', position: { x: 640, y: 0 }, data: { label: 'End', message: 'Goodbye!' }, next: [] },
    { id: 'note-1', type: 'note', position: { x: 0, y: -180 }, data: { label: 'Note', text: 'Keep answers short.' }, next: [] },
  ],
};

async function main() {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(path.basename(new URL(r.url()).pathname)));
  page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
  await page.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/auth/session')) return route.fulfill({ json: SESSION });
    if (url.pathname.endsWith(`/agents/${AGENT_ID}`)) return route.fulfill({ json: AGENT });
    if (url.pathname.includes('/agent/v2/agents')) return route.fulfill({ json: [{ ID: AGENT_ID, title: AGENT.title, lastModified: AGENT.lastModified }] });
    return route.fulfill({ json: { success: true, data: [] } });
  });
  const heavy = () => scripts.filter((s) => /codemirror|canvas-flow/.test(s));

  const visit = async (tab, waitFor, name) => {
    await page.goto(`${base}/app/eu/agents/${AGENT_ID}/${tab}`);
    await page.waitForSelector(waitFor, { timeout: 20000 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: false });
    console.log(`${name}: scripts so far with CodeMirror/React Flow chunks: ${heavy().join(', ') || 'none'}`);
  };
  await visit('overview', '[data-testid=theme-editor]', 'shell-widget-tab');
  await page.locator('[data-testid=theme-editor]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(OUT, 'shell-widget-theme.png') });
  await visit('kb', '[data-testid=file-drop-zone]', 'shell-knowledge-tab');
  await visit('prompt', '.react-flow__node', 'shell-canvas-tab');
  await visit('settings?tab=advanced', '.cm-editor', 'shell-settings-css');
  await browser.close();
  server.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
