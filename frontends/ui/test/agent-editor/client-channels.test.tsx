import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AgentFormProvider, TabContent, UiProvider, type Agent, type AgentEditorOptions } from '@platform/ui';
import { mountedTrees } from '../jsdom-browser';

jest.setTimeout(20_000);

/** What the tab asked the services (path and body); nothing answers. */
const asked: Array<{ url: string; body: unknown }> = [];
const { mount, unmount } = mountedTrees();
beforeAll(() => {
  // the channel list and the Meta helpers are the channels service's; here it answers nothing
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    asked.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Promise(() => undefined);
  }) as typeof fetch;
});

const agent = { ID: 'AGENTAAAAAAAAAAA', title: 'Shop' } as Agent;

async function channelSettings(channel: string, options: AgentEditorOptions) {
  return mount(
    <UiProvider notifications={false}>
      <MemoryRouter initialEntries={[`/?channel=${channel}`]}>
        <AgentFormProvider agent={agent} onChange={() => undefined} options={options}>
          <TabContent section="channels" subTab={undefined} onSubTab={() => undefined} region="eu" agentId={agent.ID} enableNodes={false} />
        </AgentFormProvider>
      </MemoryRouter>
    </UiProvider>,
  );
}
const has = (host: HTMLElement, testId: string) => host.querySelector(`[data-testid="${testId}"]`) !== null;
/** Types into a controlled input as a person does (React listens to the native setter's input event). */
async function type(host: HTMLElement, testId: string, value: string) {
  const input = host.querySelector(`[data-testid="${testId}"]`) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (host: HTMLElement, testId: string) => act(async () => (host.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement).click());

describe('the Channels tab for an agency client (ADR 0037)', () => {
  it('a member signs in with Meta for Messenger and WhatsApp', async () => {
    expect(has(await channelSettings('messenger', {}), 'meta-token')).toBe(true);
    await unmount();
    const whatsapp = await channelSettings('whatsapp', {});
    expect(has(whatsapp, 'whatsapp-token')).toBe(true);
  });

  it("a client signs in with Meta itself: the Messenger and WhatsApp helpers name the client's agent (ADR 0040); Telegram it connects too", async () => {
    const client = { client: { hideAdvancedSettings: false } };
    const messenger = await channelSettings('messenger', client);
    await type(messenger, 'meta-token', 'EAAclienttoken0000000000000000');
    await click(messenger, 'meta-load-pages');
    expect(asked.filter((call) => call.url.endsWith('/procedures/tokenToPages'))).toEqual([{ url: '/api/eu/channels/procedures/tokenToPages', body: { token: 'EAAclienttoken0000000000000000', agentId: agent.ID } }]);
    await unmount();
    const whatsapp = await channelSettings('whatsapp', client);
    await type(whatsapp, 'whatsapp-token', 'EAAclientwhatsapp000000000000000');
    await type(whatsapp, 'whatsapp-waba', '102030405060');
    await click(whatsapp, 'whatsapp-find');
    expect(asked.filter((call) => call.url.endsWith('/procedures/exchangeMetaToken')).map((call) => call.body)).toEqual([{ token: 'EAAclientwhatsapp000000000000000', agentId: agent.ID }]);
    expect(document.body.textContent).not.toContain('your agency does');
    await unmount();
    expect(has(await channelSettings('telegram', client), 'telegram-token')).toBe(true);
  });

  it('a client with Channels edits its channel fields (Channels is an editor page, ADR 0037)', async () => {
    const smartInit = (host: HTMLElement) => (host.querySelector('#agent-field-smartInit') as HTMLInputElement).disabled;
    expect(smartInit(await channelSettings('telegram', { client: { hideAdvancedSettings: false } }))).toBe(false);
  });
});
