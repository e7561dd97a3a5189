import { DEFAULT_CLIENT_ACCESS } from '@platform/contracts';
import { effectiveOrder, moveItem, toggleAccess } from '@platform/ui';
import { newClientDraft } from '../src/clients/client-access';

describe('client access and tab order', () => {
  it('moves a tab up or down, never past the ends', () => {
    expect(moveItem(['/a', '/b', '/c'], 1, -1)).toEqual(['/b', '/a', '/c']);
    expect(moveItem(['/a', '/b', '/c'], 1, 1)).toEqual(['/a', '/c', '/b']);
    expect(moveItem(['/a', '/b'], 0, -1)).toEqual(['/a', '/b']);
    expect(moveItem(['/a', '/b'], 1, 1)).toEqual(['/a', '/b']);
  });

  it('keeps the order to the pages the client may open', () => {
    expect(toggleAccess(['/home', '/leads'], ['/leads', '/home'], '/convos')).toEqual({ access: ['/home', '/leads', '/convos'], order: ['/leads', '/home', '/convos'] });
    expect(toggleAccess(['/home', '/leads'], ['/leads', '/home'], '/leads')).toEqual({ access: ['/home'], order: ['/home'] });
    expect(effectiveOrder(['/home', '/leads', '/convos'], ['/leads', '/gone'])).toEqual(['/leads', '/home', '/convos']);
  });

  it("a new client takes the organisation's defaults and a 15-character password", () => {
    const draft = newClientDraft({ ID: 'org1', agencyId: 'a', defaultClientAccess: ['/home', '/leads'], defaultClientTabOrder: ['/leads', '/home'] });
    expect(draft).toMatchObject({ orgId: 'org1', canAccess: ['/home', '/leads'], clientTabOrder: ['/leads', '/home'], preferredLanguage: 'en', notificationsSettings: { notifyIf: 'requestsOnly' } });
    expect(draft.dashboardPassword).toHaveLength(15);
    expect(newClientDraft({ ID: 'org2', agencyId: 'a' }).canAccess).toEqual([...DEFAULT_CLIENT_ACCESS]);
  });
});
