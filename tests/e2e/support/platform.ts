import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The platform `make test` started (or a running `make up`), reached like a user would. */
export const baseUrl = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.PORT_GATEWAY ?? 8080}`;
const inboxUrl = `http://127.0.0.1:${process.env.MAIL_WEB_PORT ?? 1080}`;
export const artifactsDir = path.resolve(__dirname, '../../../test-artifacts/e2e');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A unique address per run: tests share the inbox and the databases with other runs. */
export const uniqueEmail = (name: string) => `${name}.${randomBytes(5).toString('hex')}@e2e.example.com`;

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

interface InboxMessage {
  to: Array<{ address: string }>;
  subject: string;
  text?: string;
  html?: string;
  date: string;
}

/** Waits for the newest e-mail to `address` matching `pattern` and returns the first capture group. */
export async function readFromInbox(address: string, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await (await fetch(`${inboxUrl}/email`)).json()) as InboxMessage[];
    const mine = messages
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    for (const message of mine) {
      const match = pattern.exec(`${message.text ?? ''}\n${message.html ?? ''}`);
      if (match) return match[1] ?? match[0];
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
