#!/usr/bin/env node
// Screenshots of the editors harness in headless Chromium, with a few interactions and
// checks. Build the harness first:
//   npx webpack -c frontends/shell/scripts/editors-harness/webpack.config.js
//   node frontends/shell/scripts/editors-harness/screenshots.js
// Output: test-artifacts/editors/*.png; exits non-zero when a check fails.
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '../../../..');
const OUT = path.join(ROOT, 'test-artifacts/editors');
const PAGE = `file://${path.join(OUT, 'harness/index.html')}`;
fs.mkdirSync(OUT, { recursive: true });

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const open = async (query, { dark = false, width = 1280, height = 900 } = {}) => {
    const context = await browser.newContext({ viewport: { width, height } });
    if (dark) await context.addInitScript(() => localStorage.setItem('platform.colorScheme', 'dark'));
    const page = await context.newPage();
    page.on('pageerror', (e) => failures.push(`pageerror: ${e.message}`) && console.error(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && console.error(`console: ${m.text()}`));
    await page.goto(`${PAGE}?${query}`);
    return page;
  };
  const shot = (page, name, options = {}) => page.screenshot({ path: path.join(OUT, `${name}.png`), ...options });

  // Alert banners
  let page = await open('view=alerts', { height: 560 });
  await page.getByTestId('section-alerts').waitFor();
  check((await page.locator('[data-alert-type]').count()) === 5, 'five alert banner types');
  await shot(page, 'alerts');
  await page.context().close();

  // Theme editor: 6-digit rule, dark toggle
  page = await open('view=theme', { height: 420 });
  await page.getByTestId('theme-editor').waitFor();
  check((await page.getByTestId('theme-swatch').count()) === 10, 'palette has 10 colours');
  const input = page.getByTestId('theme-primary-input');
  await input.fill('#12b8');
  check((await page.getByTestId('theme-primary-swatch').innerText()).includes('#7950f2'), 'a 4-digit hex is not applied');
  await input.fill('#12b886');
  await page.waitForTimeout(100);
  check((await page.getByTestId('theme-primary-swatch').innerText()).includes('#12b886'), 'a 6-digit hex is applied');
  await page.mouse.click(900, 40);
  await page.waitForTimeout(200);
  await shot(page, 'theme-light');
  await page.getByTestId('theme-dark-toggle').locator('..').click();
  await page.waitForTimeout(150);
  const lightness = await page.getByTestId('theme-swatch').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lightness'))));
  check(JSON.stringify(lightness) === JSON.stringify([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]), 'dark mode reverses the palette');
  check((await page.getByTestId('theme-json').innerText()).includes('custom-dark'), 'agent theme follows the 4.7 rule');
  await shot(page, 'theme-dark');
  await page.context().close();

  // CSS editor: CodeMirror, assistant round trip
  page = await open('view=css', { height: 760 });
  await page.locator('.cm-editor').waitFor({ timeout: 15000 });
  await page.waitForSelector('[data-language="css"]');
  const editorHeight = await page.locator('.cm-editor').evaluate((el) => el.getBoundingClientRect().height);
  check(Math.round(editorHeight) === 500, `editor is 500 px high (${editorHeight})`);
  await shot(page, 'css-editor');
  await page.getByTestId('css-assistant-toggle').click();
  const chat = page.getByTestId('css-assistant-input');
  await chat.waitFor();
  check(await page.getByTestId('css-assistant-send').isDisabled(), 'send is disabled while empty');
  await chat.fill('Make the header dark and the send button round');
  await chat.press('Control+Enter');
  await page.getByTestId('css-chat-assistant').first().waitFor();
  await page.getByText('CSS generated and inserted successfully!').waitFor();
  check((await page.locator('.cm-content').innerText()).includes('.vg-send-button'), 'generated CSS is inserted into the editor');
  check((await page.getByTestId('css-chat-sandbox').count()) === 1, 'sandbox answer is marked');
  await chat.fill('only words please');
  await chat.press('Control+Enter');
  await page.getByText('Generated response but no CSS code found...').waitFor();
  await page.getByRole('button', { name: 'Insert CSS' }).last().click();
  await page.getByText('No CSS code found in this message').waitFor();
  await shot(page, 'css-assistant');
  await chat.fill('this should fail');
  await chat.press('Control+Enter');
  await page.getByText('Failed to generate CSS. Please try again.').waitFor();
  await page.getByTestId('css-assistant-reset').click();
  await page.getByText('Chat conversation reset!').waitFor();
  check((await page.getByTestId('css-chat-user').count()) === 0, 'reset empties the conversation');
  await page.context().close();

  // Canvas: template graph, select and edit a node, add one, delete one
  page = await open('view=canvas', { height: 860 });
  await page.locator('.react-flow__node').first().waitFor({ timeout: 15000 });
  check((await page.locator('.react-flow__node').count()) === 5, 'five nodes drawn');
  check((await page.locator('.react-flow__edge').count()) === 3, 'three links drawn');
  await shot(page, 'canvas');
  await page.locator('.react-flow__node[data-id="ask-email"]').click();
  await page.getByTestId('canvas-text-input').fill('Ask politely for the e-mail address.');
  await page.waitForTimeout(100);
  check((await page.locator('.react-flow__node[data-id="ask-email"]').innerText()).includes('Ask politely'), 'node text edited');
  await page.getByTestId('canvas-add-node').click();
  await page.getByTestId('canvas-add-default').click();
  await page.waitForTimeout(150);
  let json = await page.getByTestId('canvas-json').innerText();
  check(json.includes('"default-1"'), 'added node reported through onChange');
  await shot(page, 'canvas-edited');
  // connect the new node: drag from confirm-email's source handle to default-1's target handle
  const from = page.locator('.react-flow__node[data-id="start"] .react-flow__handle.source');
  const to = page.locator('.react-flow__node[data-id="default-1"] .react-flow__handle.target');
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  await page.waitForTimeout(150);
  json = await page.getByTestId('canvas-json').innerText();
  check(/"id":"start","type":"start","position":\{[^}]*\},"next":\["ask-email","default-1"\]/.test(json), 'connection stored in next');
  await page.locator('.react-flow__node[data-id="confirm-email"]').click();
  await page.getByRole('button', { name: 'Delete node' }).click();
  await page.waitForTimeout(150);
  json = await page.getByTestId('canvas-json').innerText();
  check(!json.includes('confirm-email'), 'deleted node removed from nodes and next');
  await shot(page, 'canvas-connected');
  await page.context().close();

  // Uploads: progress, client-side rules
  page = await open('view=uploads&uploadMs=4000', { height: 720 });
  await page.getByTestId('section-uploads').waitFor();
  const png = { name: 'background.png', mimeType: 'image/png', buffer: Buffer.alloc(5000, 1) };
  await page.getByTestId('image-upload').nth(1).locator('input[type=file]').setInputFiles(png);
  await page.getByText('Max size: 0.001 MBs').waitFor();
  check(true, "oversized image shows 'Max size: 0.001 MBs'");
  await page.getByTestId('file-upload').locator('input[type=file]').setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await page.getByText('Only .pdf,.txt Files').waitFor();
  check(true, "wrong extension shows 'Only .pdf,.txt Files'");
  await page.locator('.mantine-Dropzone-root input[type=file]').setInputFiles([
    { name: 'handbook.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(300_000, 2) },
    { name: 'price-list.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1_200_000, 3) },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.alloc(100, 4) },
  ]);
  await page.getByTestId('image-upload').first().locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64') });
  await page.waitForTimeout(1500);
  check((await page.getByTestId('upload-progress').count()) >= 1, 'progress shown while uploading');
  await shot(page, 'uploads-progress');
  await page.waitForSelector('[data-status="uploaded"]', { timeout: 10000 });
  await page.waitForTimeout(500);
  const statuses = await page.getByTestId('file-drop-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  check(statuses.filter((s) => s === 'uploaded').length === 1 && statuses.filter((s) => s === 'error').length === 2, `drop zone: 1 stored, 2 refused (${statuses})`);
  check((await page.getByText('Max size: 1 MBs').count()) === 1, "drop zone size message 'Max size: 1 MBs'");
  check((await page.getByText('Only .pdf,.doc,.docx,.txt,.md,.csv Files').count()) === 1, 'drop zone extension message');
  await shot(page, 'uploads-done');
  await page.context().close();

  // Everything in dark mode
  page = await open('view=all&assistant=open', { dark: true, height: 900 });
  await page.locator('.cm-editor').waitFor({ timeout: 15000 });
  await page.locator('.react-flow__node').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  await shot(page, 'all-dark', { fullPage: true });
  await page.context().close();

  await browser.close();
  console.log(failures.length ? `\n${failures.length} check(s) failed:\n- ${failures.join('\n- ')}` : '\nall checks passed');
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
