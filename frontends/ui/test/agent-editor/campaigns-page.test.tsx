import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CampaignsPage, UiProvider } from '@platform/ui';
import { queryClient } from '../../src/api/hooks';
import { stubBrowserApis } from '../jsdom-browser';

jest.setTimeout(20_000);

const AGENT = 'AGENTAAAAAAAAAAA';
const campaign = {
  ID: 'CAMPAIGNAAAAAAAAAAAA',
  agentId: AGENT,
  name: 'Spring offer',
  phoneId: '10000000000000101',
  templateName: 'spring_offer',
  templateLanguage: 'en_US',
  status: 'draft',
  recipients: [
    { phone: '+15550001111', status: 'pending' },
    { phone: '+15550002222', status: 'pending' },
  ],
  sentCount: 0,
  failedCount: 0,
  createdAt: 1_700_000_000_000,
};

/** What the page asked (method, path, body); the services' answers are canned. */
const asked: Array<{ method: string; url: string; body: unknown }> = [];
function answer(method: string, url: string): unknown {
  if (url.endsWith('/campaign-templates') && method === 'GET') return { success: true, data: [{ id: '1', name: 'spring_offer', language: 'en_US', category: 'MARKETING', status: 'APPROVED', bodyText: 'Hi' }] };
  if (url.endsWith('/leads')) return { success: true, data: [{ conversationId: 'c1', channel: 'web', phone: '+15550001111', ts: 2 }, { conversationId: 'c2', channel: 'web', email: 'a@example.com', ts: 1 }] };
  if (url.endsWith('/campaigns') && method === 'GET') return { success: true, data: [campaign] };
  if (url.endsWith('/campaigns') && method === 'POST') return { success: true, message: 'Campaign created.', data: campaign };
  if (url.endsWith('/send')) return { success: true, message: 'Campaign sent: 2 sent, 0 failed.', data: { ...campaign, status: 'sent', sentCount: 2 } };
  return { success: true, data: { id: '2', status: 'PENDING' } };
}
beforeAll(() => {
  stubBrowserApis();
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    asked.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const text = JSON.stringify(answer(method, String(url)));
    return { ok: true, status: 200, statusText: 'OK', text: async () => text } as Response;
  }) as typeof fetch;
});

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  queryClient.clear();
  asked.length = 0;
});

async function render() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root!.render(<UiProvider notifications={false}><CampaignsPage region="eu" agentId={AGENT} /></UiProvider>));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  return host;
}
const byTestId = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
async function type(testId: string, value: string) {
  const input = byTestId(testId) as HTMLInputElement;
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
const click = (el: HTMLElement) => act(async () => el.click());

describe('the Campaigns page', () => {
  it('lists campaigns with their counts, and checks a new template before calling createTemplate', async () => {
    await render();
    expect(byTestId('campaign-counts').textContent).toBe('0 sent · 0 failed · 2 recipients');
    await type('template-name', 'Spring Offer');
    await type('template-body', 'Hi');
    await click(byTestId('template-create'));
    expect(byTestId('template-error').textContent).toBe('Invalid template info');
    expect(asked.filter((call) => call.method === 'POST')).toEqual([]);
    await type('template-name', 'spring_offer');
    await click(byTestId('template-create'));
    expect(asked.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/eu/channels/v2/agents/${AGENT}/campaign-templates`, body: { name: 'spring_offer', language: 'en_US', category: 'MARKETING', bodyText: 'Hi' } },
    ]);
  });

  it('offers leads with a phone number only, creates the campaign, and sends it after confirmation', async () => {
    await render();
    const recipients = [...byTestId('campaign-recipients').querySelectorAll('input[type="checkbox"]')] as HTMLInputElement[];
    expect(recipients.map((input) => input.value)).toEqual(['+15550001111']);
    await click(byTestId('campaign-create'));
    expect(byTestId('campaign-error').textContent).toBe('Please enter a campaign name.');
    await type('campaign-name', 'Spring offer');
    await type('campaign-template', 'spring_offer|en_US');
    await click(recipients[0]!);
    await click(byTestId('campaign-create'));
    expect(asked.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/api/eu/channels/v2/agents/${AGENT}/campaigns`, { name: 'Spring offer', templateName: 'spring_offer', templateLanguage: 'en_US', phones: ['+15550001111'] }],
    ]);

    await click(byTestId('campaign-send'));
    expect(byTestId('campaign-confirm').textContent).toContain('to 2 recipients');
    expect(asked.some((call) => call.url.endsWith('/send'))).toBe(false);
    await click(byTestId('campaign-confirm-send'));
    expect(asked.filter((call) => call.url.endsWith('/send')).map((call) => call.url)).toEqual([`/api/eu/channels/v2/agents/${AGENT}/campaigns/${campaign.ID}/send`]);
  });
});
