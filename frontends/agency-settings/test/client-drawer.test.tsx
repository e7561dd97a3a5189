import { act } from 'react';
import type { AgentListItem, SaveClientRequest } from '@platform/contracts';
import { UiProvider } from '@platform/ui';
import { ClientDrawer } from '../src/clients/ClientDrawer';
import type { ClientsModel } from '../src/clients/clients-api';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

const orgAgents = [{ ID: 'AGENTXXXXXXXXXXX', title: 'Front desk' }, { ID: 'AGENTZZZZZZZZZZZ', title: 'Night shift' }] as AgentListItem[];
const draft: SaveClientRequest = { ID: 'CLIENTAAAAAAAAAA', orgId: 'ORGAAAAAAAAAAAAA', name: 'Ann', email: 'ann@example.com', canAccess: ['/home'], clientTabOrder: ['/home'] };

/** The root admin's client drawer with the Clients screen's model: saves recorded. */
async function drawer(client: SaveClientRequest = draft) {
  const saved: SaveClientRequest[] = [];
  const model = { saveClient: { mutate: (form: SaveClientRequest) => saved.push(form), isPending: false } } as unknown as ClientsModel;
  await mount(<UiProvider notifications={false}><ClientDrawer draft={client} existing={{ ...client } as never} choices={[{ path: '/home', label: 'Home' }]} orgAgents={orgAgents} model={model} onClose={() => undefined} /></UiProvider>);
  const input = (testId: string) => document.querySelector<HTMLInputElement>(`input[data-testid="${testId}"]`)!;
  const save = () => act(async () => document.querySelector<HTMLButtonElement>('[data-testid="client-save"]')!.click());
  return { input, save, saved, text: () => document.body.textContent ?? '' };
}

describe("the client drawer's root-admin fields (ADR 0045)", () => {
  it("offers isAdmin and the organisation's agents, none checked meaning every agent", async () => {
    const { input, text } = await drawer();
    expect(input('client-is-admin').checked).toBe(false);
    expect([input('client-agent-AGENTXXXXXXXXXXX').checked, input('client-agent-AGENTZZZZZZZZZZZ').checked]).toEqual([false, false]);
    expect(text()).toContain('Front desk');
    expect(text()).toContain('None checked: every agent of the organization.');
  });

  it('saves isAdmin and the agents checked as the client’s widgetIDs', async () => {
    const { input, save, saved, text } = await drawer();
    await act(async () => input('client-is-admin').click());
    expect(text()).toContain('Admin: every page opens');
    await act(async () => input('client-agent-AGENTZZZZZZZZZZZ').click());
    expect(text()).toContain('Only the agents checked.');
    await save();
    expect(saved).toEqual([expect.objectContaining({ ID: draft.ID, isAdmin: true, widgetIDs: ['AGENTZZZZZZZZZZZ'] })]);
  });

  it('unchecking the last agent gives the client every agent of the organisation again', async () => {
    const { input, save, saved } = await drawer({ ...draft, isAdmin: true, widgetIDs: ['AGENTXXXXXXXXXXX'] });
    expect(input('client-is-admin').checked).toBe(true);
    expect(input('client-agent-AGENTXXXXXXXXXXX').checked).toBe(true);
    await act(async () => input('client-agent-AGENTXXXXXXXXXXX').click());
    await act(async () => input('client-is-admin').click());
    await save();
    expect(saved).toEqual([expect.objectContaining({ isAdmin: false, widgetIDs: [] })]);
  });
});
