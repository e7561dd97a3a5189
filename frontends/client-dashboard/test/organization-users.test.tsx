import { act } from 'react';
import { CLIENTS_API_MESSAGES, type AgencyHostData, type ClientSessionResponse, type OrgUserView } from '@platform/contracts';
import { UiProvider, notify, queryClient } from '@platform/ui';
import { OrganizationUsersDrawer } from '../src/dashboard/OrganizationUsers';
import { DashboardProvider, SESSION_KEY } from '../src/session';
import { mountedTrees } from '../../ui/test/jsdom-browser';

jest.setTimeout(20_000);
const { mount } = mountedTrees();

const host = { region: 'eu', poweredBy: false, agency: { ID: 'AGENCYAAAAAAAAAA', name: 'Agency', customTabs: [{ label: 'Prices', href: '/prices', pageType: 'html' }] } } as unknown as AgencyHostData;
const admin = { ID: 'ADMINAAAAAAAAAAA', orgId: 'ORGAAAAAAAAAAAAA', name: 'Ada', email: 'ada@example.com', isOrgAdmin: true, canAccess: ['/home', '/leads', '/prices'] };
const other: OrgUserView = { ID: 'OTHERAAAAAAAAAAA', orgId: 'ORGAAAAAAAAAAAAA', name: 'Bo', email: 'bo@example.com', canAccess: ['/home', '/kb'], clientTabOrder: ['/kb', '/home'] };
const session = { success: true, client: admin, organization: { ID: 'ORGAAAAAAAAAAAAA', agencyId: 'AGENCYAAAAAAAAAA', name: 'Org' }, pages: admin.canAccess, agencyAdmin: false, agencyId: 'AGENCYAAAAAAAAAA', region: 'eu', organizations: [] } as unknown as ClientSessionResponse;

/** agency-domain's answers: the organisation's users, and each save recorded. */
function agencyDomain() {
  const saves: unknown[] = [];
  globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const body = init?.method === 'POST' ? (saves.push(JSON.parse(String(init.body))), { success: true, client: other, message: CLIENTS_API_MESSAGES.clientUpdated }) : { success: true, clients: [admin, other] };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), path };
  }) as unknown as typeof fetch;
  return saves;
}

async function drawer() {
  queryClient.clear();
  queryClient.setQueryData(SESSION_KEY, session);
  const root = await mount(
    <UiProvider notifications={false}>
      <DashboardProvider host={host} loadParcel={(() => undefined) as never}>
        <OrganizationUsersDrawer opened onClose={() => undefined} />
      </DashboardProvider>
    </UiProvider>,
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  return root;
}
const users = () => [...document.querySelectorAll<HTMLElement>('[data-testid="org-user"]')];
const checkbox = (page: string) => document.querySelector<HTMLInputElement>(`input[data-testid="org-user-access-page-${page}"]`)!;

describe('Users: an organisation admin assigns the others (spec §6, ADR 0045)', () => {
  it('lists the users; the others have Edit access, the admin itself does not', async () => {
    agencyDomain();
    await drawer();
    expect(users().map((user) => user.dataset.email)).toEqual(['ada@example.com', 'bo@example.com']);
    expect(users()[0]!.querySelector('[data-testid="org-user-edit-access"]')).toBeNull();
    expect(users()[0]!.textContent).toContain('You');
    expect(users()[1]!.querySelector('[data-testid="org-user-edit-access"]')).not.toBeNull();
  });

  it("gives and takes only the admin's own pages; the others stay as they are", async () => {
    const saves = agencyDomain();
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    await drawer();
    await act(async () => users()[1]!.querySelector<HTMLButtonElement>('[data-testid="org-user-edit-access"]')!.click());
    // its own pages are editable, Knowledge (the user's, not the admin's) and Settings are not
    expect([checkbox('home').disabled, checkbox('leads').disabled, checkbox('prices').disabled]).toEqual([false, false, false]);
    expect([checkbox('kb').disabled, checkbox('kb').checked, checkbox('settings').disabled]).toEqual([true, true, true]);
    await act(async () => checkbox('leads').click());
    await act(async () => checkbox('home').click());
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="org-user-access-save"]')!.click());
    expect(saves).toEqual([{ ID: other.ID, name: 'Bo', email: 'bo@example.com', canAccess: ['/kb', '/leads'], clientTabOrder: ['/kb', '/leads'] }]);
    expect(success).toHaveBeenCalledWith(CLIENTS_API_MESSAGES.clientUpdated, 3000);
  });
});
