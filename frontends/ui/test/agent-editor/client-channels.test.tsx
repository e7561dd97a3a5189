import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AgentFormProvider, TabContent, UiProvider, type Agent, type AgentEditorOptions } from '@platform/ui';
import { stubBrowserApis } from '../jsdom-browser';

jest.setTimeout(20_000);

beforeAll(() => {
  stubBrowserApis();
  // the channel list is the channels service's; here it answers nothing
  globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch;
});

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

const agent = { ID: 'AGENTAAAAAAAAAAA', title: 'Shop' } as Agent;

async function channelSettings(channel: string, options: AgentEditorOptions) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <UiProvider notifications={false}>
        <MemoryRouter initialEntries={[`/?channel=${channel}`]}>
          <AgentFormProvider agent={agent} onChange={() => undefined} options={options}>
            <TabContent section="channels" subTab={undefined} onSubTab={() => undefined} region="eu" agentId={agent.ID} enableNodes={false} />
          </AgentFormProvider>
        </MemoryRouter>
      </UiProvider>,
    ),
  );
  return host;
}
const has = (host: HTMLElement, testId: string) => host.querySelector(`[data-testid="${testId}"]`) !== null;

describe('the Channels tab for an agency client (ADR 0037)', () => {
  it('a member signs in with Meta for Messenger and WhatsApp', async () => {
    expect(has(await channelSettings('messenger', {}), 'meta-token')).toBe(true);
    await act(async () => root!.unmount());
    const whatsapp = await channelSettings('whatsapp', {});
    expect(has(whatsapp, 'whatsapp-token')).toBe(true);
    expect(has(whatsapp, 'meta-sign-in-by-agency')).toBe(false);
  });

  it('a client is told the agency does the Meta sign-in (its token helpers serve members only); Telegram it connects itself', async () => {
    const client = { client: { hideAdvancedSettings: false } };
    const messenger = await channelSettings('messenger', client);
    expect([has(messenger, 'meta-token'), has(messenger, 'meta-sign-in-by-agency')]).toEqual([false, true]);
    await act(async () => root!.unmount());
    const whatsapp = await channelSettings('whatsapp', client);
    expect([has(whatsapp, 'whatsapp-token'), has(whatsapp, 'meta-sign-in-by-agency')]).toEqual([false, true]);
    await act(async () => root!.unmount());
    expect(has(await channelSettings('telegram', client), 'telegram-token')).toBe(true);
  });

  it('a client with Channels edits its channel fields (Channels is an editor page, ADR 0037)', async () => {
    const smartInit = (host: HTMLElement) => (host.querySelector('#agent-field-smartInit') as HTMLInputElement).disabled;
    expect(smartInit(await channelSettings('telegram', { client: { hideAdvancedSettings: false } }))).toBe(false);
  });
});
