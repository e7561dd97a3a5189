import { MemoryRouter } from 'react-router-dom';
import { CLIENT_PAGE_FIELDS, SETTINGS_SUB_TABS, VOICE_SUB_TABS, isClientLockedField, type AgentTabKey } from '@platform/contracts';
import { AgentFormProvider, TabContent, UiProvider, type Agent } from '@platform/ui';
import { mountedTrees } from '../jsdom-browser';

// Every tab and sub-tab renders Mantine's forms in jsdom: slow on a busy machine.
jest.setTimeout(120_000);

const { mount, unmount } = mountedTrees();

const agent = { ID: 'AGENTAAAAAAAAAAA', title: 'Shop', tools: [{ id: 't1', name: 'lookup', description: 'Looks up', fields: [{ in: 'body', key: 'id', type: 'string' }] }] } as Agent;

/** The top-level agent fields a tab's form fields edit (ids are agent-field-{path with dashes}). */
async function fieldsOf(section: AgentTabKey, subTab?: string): Promise<string[]> {
  const host = await mount(
    <UiProvider notifications={false}>
      <MemoryRouter>
        <AgentFormProvider agent={agent} onChange={() => undefined} options={{ client: { hideAdvancedSettings: false } }}>
          <TabContent section={section} subTab={subTab} onSubTab={() => undefined} region="eu" agentId={agent.ID} enableNodes={false} />
        </AgentFormProvider>
      </MemoryRouter>
    </UiProvider>,
  );
  const ids = [...host.querySelectorAll('[id^="agent-field-"]')].map((el) => el.id.replace(/^agent-field-/, '').split('-')[0]!);
  await unmount();
  host.remove();
  return [...new Set(ids)];
}

describe("a client's editor pages and the fields its save may change (ADR 0036)", () => {
  const pages: Array<[AgentTabKey, readonly (string | undefined)[]]> = [
    ['overview', [undefined]],
    ['voice', VOICE_SUB_TABS],
    ['nodes', [undefined]],
    ['kb', [undefined]],
    ['tools', [undefined]],
    ['settings', SETTINGS_SUB_TABS],
  ];

  it.each(pages)('every field the %s tab edits is one of its page fields, or the agency\'s', async (page, subTabs) => {
    const edited = new Set<string>();
    for (const subTab of subTabs) for (const field of await fieldsOf(page, subTab)) edited.add(field);
    expect(edited.size).toBeGreaterThan(0);
    const unmapped = [...edited].filter((field) => !isClientLockedField(field) && !CLIENT_PAGE_FIELDS[page]!.includes(field));
    expect(unmapped).toEqual([]);
  });
});
