import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AgentFormProvider, TabContent, UiProvider, type Agent, type AgentEditorOptions } from '@platform/ui';
import { mountedTrees } from '../jsdom-browser';

// The Settings tab renders Mantine's whole form set in jsdom: slow on a busy machine.
jest.setTimeout(20_000);

const { mount, unmount } = mountedTrees();

const agent = { ID: 'AGENTAAAAAAAAAAA', title: 'Shop', SECRET_API_KEY: 'vg_secret', maxTokensUsage: 100 } as Agent;

async function settings(subTab: string, options: AgentEditorOptions, section: 'settings' | 'kb' | 'overview' = 'settings') {
  return mount(
    <UiProvider notifications={false}>
      <MemoryRouter>
        <AgentFormProvider agent={agent} onChange={() => undefined} options={options}>
          <TabContent section={section} subTab={subTab} onSubTab={() => undefined} region="eu" agentId={agent.ID} enableNodes={false} />
        </AgentFormProvider>
      </MemoryRouter>
    </UiProvider>,
  );
}
const subTabs = (host: HTMLElement) => [...host.querySelectorAll('[data-subtab]')].map((tab) => tab.getAttribute('data-subtab'));

describe('the agent editor for an agency client (ADR 0031)', () => {
  it('the shell (no client) shows every Settings sub-tab, the secret key and editable limits', async () => {
    const host = await settings('security', {});
    expect(subTabs(host)).toContain('advanced');
    expect(host.querySelector('[data-testid="agent-secret-key"]')).not.toBeNull();
  });

  it('a client sees no secret key, and fields only the agency changes are disabled', async () => {
    const host = await settings('security', { client: { hideAdvancedSettings: false } });
    expect(host.querySelector('[data-testid="agent-secret-key"]')).toBeNull();
    expect(subTabs(host)).toContain('advanced');
    await unmount();
    const technical = await settings('technical', { client: { hideAdvancedSettings: false } });
    expect((technical.querySelector('#agent-field-maxTokensUsage') as HTMLInputElement).disabled).toBe(true);
    expect((technical.querySelector('#agent-field-vgOptions-maxChunkSize') as HTMLInputElement).disabled).toBe(false);
  });

  it('hideAdvancedSettings hides the Advanced sub-tab, and its address opens Core', async () => {
    const host = await settings('advanced', { client: { hideAdvancedSettings: true } });
    expect(subTabs(host)).not.toContain('advanced');
    expect(host.querySelector('[data-testid="settings-core"]')).not.toBeNull();
  });

  it("a client's Knowledge tab: its retrieval settings are editable, the vector database is the agency's (ADR 0036)", async () => {
    const host = await settings('', { client: { hideAdvancedSettings: false } }, 'kb');
    expect(host.querySelector('[data-testid="kb-retrieval"]')).not.toBeNull();
    expect((host.querySelector('#agent-field-vg_kbTopChunks') as HTMLInputElement).disabled).toBe(false);
    expect((host.querySelector('#agent-field-vectorDb') as HTMLInputElement).disabled).toBe(true);
    expect(host.querySelector('[data-testid="kb-website-input"]')).not.toBeNull();
  });

  it("a client's Widget tab offers image uploads, like the shell's (ADR 0036)", async () => {
    const host = await settings('', { client: { hideAdvancedSettings: false } }, 'overview');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(host.querySelector('[data-testid="image-field-roundedImageURL"]')).not.toBeNull();
    expect(host.querySelectorAll('[data-testid="image-field-roundedImageURL"] > *').length).toBe(2);
  });
});
