import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AgentFormProvider, TabContent, UiProvider, notify, type Agent, type AgentEditorOptions } from '@platform/ui';
import { mountedTrees } from '../jsdom-browser';

jest.setTimeout(20_000);

/** What the tab asked (method, path, body); `answers` says what a path answers (else nothing ever comes). */
const asked: Array<{ url: string; method: string; body: Record<string, unknown> | undefined }> = [];
let answers: Record<string, { status: number; body: unknown }> = {};
const { mount } = mountedTrees();
beforeAll(() => {
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    asked.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = Object.entries(answers).find(([path]) => String(url).endsWith(path))?.[1];
    if (!answer) return new Promise(() => undefined);
    const text = JSON.stringify(answer.body);
    return Promise.resolve({ ok: answer.status < 400, status: answer.status, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), text: async () => text, json: async () => answer.body } as Response);
  }) as typeof fetch;
});
beforeEach(() => {
  asked.length = 0;
  answers = {};
  (window as unknown as { dataLayer?: object[] }).dataLayer = [];
});

const ID = 'AGENTAAAAAAAAAAA';
const legacyAgent = { ID, title: 'Shop', whatsappToken: 'EAAlegacytoken', whatsappNumberId: '102030405060701', whatsappBusniessId: '1020304050607', waTestNumber: '+15550001111' } as Agent;

async function channelSettings(channel: string, agent: Agent, options: AgentEditorOptions = {}) {
  return mount(
    <UiProvider notifications={false}>
      <MemoryRouter initialEntries={[`/?channel=${channel}`]}>
        <AgentFormProvider agent={agent} onChange={() => undefined} options={options}>
          <TabContent section="channels" subTab={undefined} onSubTab={() => undefined} region="eu" agentId={ID} enableNodes={false} />
        </AgentFormProvider>
      </MemoryRouter>
    </UiProvider>,
  );
}
const byTestId = (host: HTMLElement, testId: string) => host.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
const click = (element: HTMLElement) => act(async () => element.click());
/** Types into a controlled input as a person does (React listens to the native setter's input event). */
async function type(host: HTMLElement, testId: string, value: string) {
  const input = byTestId(host, testId) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const events = () => ((window as unknown as { dataLayer: Array<{ event: string }> }).dataLayer ?? []).map((entry) => entry.event);

async function openLegacy(agent: Agent) {
  const host = await channelSettings('whatsapp', agent);
  await click([...host.querySelectorAll('label')].find((label) => label.textContent === 'Legacy Method (Deprecated)')!);
  return host;
}

describe("the Channels tab's notices in the spec's words (agents-channels-domains §7, §8)", () => {
  it("WhatsApp's Legacy Method saves its fields alone on the agent: 'Whatsapp channel saved successfully', whatsapp_channel_added", async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    answers = { [`/api/eu/agent/v2/agents/${ID}`]: { status: 200, body: { success: true, created: false, agent: legacyAgent } } };
    const host = await openLegacy(legacyAgent);
    await click(byTestId(host, 'whatsapp-legacy-save'));
    await settle();
    const saves = asked.filter((call) => call.method === 'POST' && call.url.endsWith(`/agent/v2/agents/${ID}`));
    expect(saves).toHaveLength(1);
    const { lastModified, ...fields } = saves[0]!.body!;
    expect(typeof lastModified).toBe('number');
    expect(fields).toEqual({ whatsappToken: 'EAAlegacytoken', whatsappNumberId: '102030405060701', whatsappBusniessId: '1020304050607', waTestNumber: '+15550001111' });
    expect(success).toHaveBeenCalledWith('Whatsapp channel saved successfully');
    expect(events()).toContain('whatsapp_channel_added');
  });

  it("a Legacy save that is refused, or misses a field, is 'Error occurred: {error}' and tracks nothing", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    answers = { [`/api/eu/agent/v2/agents/${ID}`]: { status: 400, body: { success: false, message: 'Failed to save agent, bad token' } } };
    const host = await openLegacy(legacyAgent);
    await click(byTestId(host, 'whatsapp-legacy-save'));
    await settle();
    expect(error).toHaveBeenCalledWith('Error occurred: Failed to save agent, bad token');
    const incomplete = await openLegacy({ ID, title: 'Shop', whatsappToken: 'EAAlegacytoken' } as Agent);
    await click(byTestId(incomplete, 'whatsapp-legacy-save'));
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/^Error occurred: whatsapp(NumberId|BusniessId) /));
    expect(events()).not.toContain('whatsapp_channel_added');
  });

  it("Messenger: a token Meta refuses is 'Error occurred: {error}'", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    answers = { '/procedures/tokenToPages': { status: 400, body: { success: false, message: 'Invalid OAuth access token.' } } };
    const host = await channelSettings('messenger', { ID, title: 'Shop' } as Agent);
    await type(host, 'meta-token', 'EAAbadtoken0000000000');
    await click(byTestId(host, 'meta-load-pages'));
    await settle();
    expect(error).toHaveBeenCalledWith('Error occurred: Invalid OAuth access token.');
  });

  it('documentation banners on the Instagram and WhatsApp screens, which agency users do not see (§6)', async () => {
    const agent = { ID, title: 'Shop' } as Agent;
    const banner = (host: HTMLElement) => host.querySelector('[data-testid="channel-docs-banner"]');
    for (const channel of ['instagram', 'whatsapp']) {
      const member = await channelSettings(channel, agent);
      expect(banner(member)?.querySelector('a')?.getAttribute('href')).toMatch(/^https:\/\/developers\.facebook\.com\/docs\//);
      const client = await channelSettings(channel, agent, { client: { hideAdvancedSettings: false } });
      expect(banner(client)).toBeNull();
    }
  });

  it('a Discord channel saved tracks discord_channel_added; an Instagram page connected tracks instagram_channel_added', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    answers = {
      '/procedures/connectDiscord': { status: 200, body: { success: true, message: 'Discord channel saved successfully', data: { ID: 'ABCDEFGHIJKLMNO', channelId: '1234567890', webhookUrl: 'https://discord.com/api/webhooks/1/x' } } },
      '/procedures/tokenToPages': { status: 200, body: { success: true, data: [{ id: '1001', name: 'Bakery', accessToken: 'EAApage', connectedIgPage: { id: '2002', username: 'bakery' } }] } },
      '/procedures/checkPageSubscriptions': { status: 200, body: { success: true, subscribed: false } },
      '/procedures/connectMetaPage': { status: 200, body: { success: true, message: 'Successfully connected the page.' } },
    };
    const discord = await channelSettings('discord', { ID, title: 'Shop' } as Agent);
    await click(byTestId(discord, 'discord-next'));
    await click(byTestId(discord, 'discord-next'));
    await type(discord, 'discord-channel-id', '1234567890');
    await type(discord, 'discord-webhook-url', 'https://discord.com/api/webhooks/1/x');
    await click(byTestId(discord, 'discord-save'));
    await settle();
    expect(success).toHaveBeenCalledWith('Discord channel saved successfully');
    expect(events()).toContain('discord_channel_added');

    const instagram = await channelSettings('instagram', { ID, title: 'Shop' } as Agent);
    await type(instagram, 'meta-token', 'EAAusertoken0000000000');
    await click(byTestId(instagram, 'meta-load-pages'));
    await settle();
    await click(byTestId(instagram, 'meta-page-1001'));
    await settle();
    expect(instagram.textContent).toContain('This page is not connected yet.');
    await click(byTestId(instagram, 'meta-page-next'));
    await click(byTestId(instagram, 'meta-connect'));
    await settle();
    expect(success).toHaveBeenCalledWith('Successfully connected the page.');
    expect(asked.find((call) => call.url.endsWith('/procedures/connectMetaPage'))?.body).toMatchObject({ agentId: ID, selectedPage: { id: '1001' } });
    expect(events()).toContain('instagram_channel_added');
  });
});
