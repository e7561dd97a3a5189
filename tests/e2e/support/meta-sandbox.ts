import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';

/** The page the Meta sandbox offers first to any user token (infra/sandboxes/meta). */
export const SANDBOX_META_PAGE = 'Sandbox Bakery';

/**
 * Connects the Meta sandbox's page on the open Messenger settings (ADR 0040): signs in with a
 * sandbox user token, picks the page (not connected yet), then Next and Connect, and waits for it
 * to be listed and the Messenger card Active. `beforeNext` may use the picker first. Answers the
 * connected page's id.
 */
export async function connectSandboxMetaPage(page: Page, beforeNext?: (picker: Locator) => Promise<void>): Promise<string> {
  const messenger = page.getByTestId('channel-settings-messenger');
  await messenger.getByTestId('meta-token').fill(`EAA${randomBytes(16).toString('hex')}`);
  await messenger.getByTestId('meta-load-pages').click();
  const picker = page.getByTestId('meta-page-picker');
  await picker.getByText(SANDBOX_META_PAGE).click();
  await picker.getByText('This page is not connected yet.').waitFor();
  await beforeNext?.(picker);
  await picker.getByTestId('meta-page-next').click();
  await page.getByTestId('meta-connect').click();
  await page.getByText('Successfully connected the page.').first().waitFor();
  const connected = messenger.locator('[data-testid^="meta-connected-"]');
  await connected.getByText(SANDBOX_META_PAGE).waitFor();
  await page.getByTestId('channel-badge-messenger').getByText('Active').waitFor();
  return (await connected.first().getAttribute('data-testid'))!.replace('meta-connected-', '');
}

/**
 * Connects a new WhatsApp number of the Meta sandbox through the New Method (Meta's sign-in: a
 * token and a fresh business account, whose number shows PENDING): Connect, then the success
 * notice and the WhatsApp card Active. Answers the number's id.
 */
export async function connectSandboxWhatsAppNumber(page: Page, region: string, agentId: string): Promise<string> {
  const wabaId = String(300_000_000_000_000 + Math.floor(Math.random() * 600_000_000_000_000));
  const phoneId = `${wabaId}01`;
  await page.goto(`/app/${region}/agents/${agentId}/channels?channel=whatsapp`);
  await page.getByTestId('whatsapp-new-method').waitFor();
  await page.getByTestId('whatsapp-token').fill(`EAA${randomBytes(16).toString('hex')}`);
  await page.getByTestId('whatsapp-waba').fill(wabaId);
  await page.getByTestId('whatsapp-find').click();
  await page.getByTestId(`whatsapp-number-${phoneId}`).getByText('PENDING').waitFor();
  await page.getByTestId(`whatsapp-number-${phoneId}`).getByTestId('whatsapp-connect').click();
  await page.getByText('Number is connected successfully').first().waitFor();
  await page.getByTestId('channel-badge-whatsapp').getByText('Active').waitFor();
  return phoneId;
}
