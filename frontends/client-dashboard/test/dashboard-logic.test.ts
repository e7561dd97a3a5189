import { ORGANIZATION_DEFAULTS } from '@platform/contracts';
import { agencyBarShown, creditsLabel, lockedMessage, mayCreateAgents } from '../src/logic/access';
import { agentTitle, clientTabs, landingHref, notificationHref, switchAgentHref, tabAt } from '../src/logic/tabs';
import { sessionFailure } from '../src/logic/session-refresh';

const faq = { label: 'FAQ', href: '/faq', pageType: 'html' as const };
const news = { label: 'News', href: '/news', pageType: 'iframe' as const, alwaysVisible: true };
const keys = (tabs: ReturnType<typeof clientTabs>) => tabs.map((t) => t.key);

describe('client tabs', () => {
  it('shows only the pages in canAccess, plus always-visible custom tabs, in the default order', () => {
    const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/leads', '/convos', '/campaigns'] }, [faq, news]);
    expect(keys(tabs)).toEqual(['convos', 'leads', 'campaigns', 'c/news']);
  });

  it('lists a custom tab named in canAccess', () => {
    expect(keys(clientTabs({ agencyAdmin: false, canAccess: ['/faq'] }, [faq]))).toEqual(['c/faq']);
  });

  it('follows clientTabOrder first, then the rest in the default order', () => {
    const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/home', '/convos', '/analytics', '/faq'], clientTabOrder: ['/faq', '/analytics'] }, [faq]);
    expect(keys(tabs)).toEqual(['c/faq', 'analytics', 'home', 'convos']);
  });

  it('gives the agency admin every admin page and every custom tab, whatever canAccess says', () => {
    expect(keys(clientTabs({ agencyAdmin: true, canAccess: [] }, [faq]))).toEqual(['home', 'convos', 'analytics', 'leads', 'settings', 'c/faq']);
  });

  it("shows the editor tabs in canAccess in the agent area's order, then Knowledge and Tools (ADR 0036)", () => {
    const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/settings', '/kb', '/overview', '/home', '/tools', '/nodes'] });
    expect(keys(tabs)).toEqual(['home', 'overview', 'nodes', 'settings', 'kb', 'tools']);
    expect(tabs.map((t) => t.label)).toEqual(['Home', 'Widget', 'Prompt', 'Settings', 'Knowledge', 'Tools']);
    expect(tabAt('kb', clientTabs({ agencyAdmin: false, canAccess: ['/home', '/tools'] }))).toBeUndefined();
    expect(keys(clientTabs({ agencyAdmin: false, canAccess: ['/home', '/convos'] }))).toEqual(['home', 'convos']);
  });

  it('shows Channels to a client whose access names /channels (ADR 0037)', () => {
    const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/channels', '/home'] });
    expect(tabs.map((t) => [t.key, t.label])).toEqual([['home', 'Home'], ['channels', 'Channels']]);
    expect(tabAt('channels', tabs)?.label).toBe('Channels');
    expect(keys(clientTabs({ agencyAdmin: false, canAccess: ['/home'] }))).toEqual(['home']);
  });

  it('finds the tab of a path only when it is allowed', () => {
    const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/convos'] }, [faq]);
    expect(tabAt('convos', tabs)?.label).toBe('Chats');
    expect(tabAt('leads', tabs)).toBeUndefined();
    expect(tabAt('c/faq', tabs)).toBeUndefined();
  });
});

describe('landing and the agent selector', () => {
  const tabs = clientTabs({ agencyAdmin: false, canAccess: ['/leads', '/analytics'] });
  it('lands on the first allowed tab of the first agent', () => {
    expect(landingHref('eu', ['a1', 'a2'], tabs)).toBe('/app/eu/agents/a1/analytics');
    expect(landingHref('eu', [], tabs)).toBeUndefined();
    expect(landingHref('na', ['a1'], [])).toBe('/app/na/agents/a1/overview');
  });

  it('keeps the rest of the path when switching agents, else opens the first allowed section', () => {
    expect(switchAgentHref('eu', '/app/eu/agents/a1/leads', 'a2', tabs)).toBe('/app/eu/agents/a2/leads');
    expect(switchAgentHref('eu', '/app/eu/agents/a1/c/faq', 'a2', tabs)).toBe('/app/eu/agents/a2/c/faq');
    expect(switchAgentHref('eu', '/', 'a2', tabs)).toBe('/app/eu/agents/a2/analytics');
    expect(switchAgentHref('eu', '/', 'a2', [])).toBe('/app/eu/agents/a2/overview');
  });

  it("opens a notification's page of its agent", () => {
    expect(notificationHref('eu', '/convos?agentId=a1&conversationId=c9')).toBe('/app/eu/agents/a1/convos?conversationId=c9');
    expect(notificationHref('na', '/app/na/agents/a2/leads')).toBe('/app/na/agents/a2/leads');
    expect(notificationHref('eu', '/home')).toBe('/home');
  });

  it('cuts agent titles at 30 characters', () => {
    expect(agentTitle('A'.repeat(30))).toBe('A'.repeat(30));
    expect(agentTitle('B'.repeat(31))).toBe(`${'B'.repeat(30)}...`);
  });
});

describe('locked dashboard', () => {
  it("shows the organisation's personalised message when client access is disabled", () => {
    const organization = { widgetIDs: ['a1'], settings: { disableClientAccess: true, disableClientAccessMessage: 'Invoice overdue, call us.' } };
    expect(lockedMessage({ agencyAdmin: false, organization, agentCount: 1 })).toBe('Invoice overdue, call us.');
    expect(lockedMessage({ agencyAdmin: false, organization: { settings: { disableClientAccess: true } }, agentCount: 1 })).toBe(ORGANIZATION_DEFAULTS.disableClientAccessMessage);
    expect(lockedMessage({ agencyAdmin: true, organization, agentCount: 1 })).toBeUndefined();
  });

  it('locks without agents, naming the org or the account', () => {
    expect(lockedMessage({ agencyAdmin: false, organization: { widgetIDs: [] }, agentCount: 0 })).toBe('This org has no agents');
    expect(lockedMessage({ agencyAdmin: false, organization: { widgetIDs: ['a1'] }, agentCount: 0 })).toBe('This account has not agents');
    expect(lockedMessage({ agencyAdmin: false, organization: { widgetIDs: ['a1'] }, agentCount: 1 })).toBeUndefined();
  });

  it('offers New Agent to a client with allowCreateAgents and to the agency admin only (spec §6)', () => {
    expect(mayCreateAgents({ agencyAdmin: false, client: { allowCreateAgents: true } })).toBe(true);
    expect(mayCreateAgents({ agencyAdmin: false, client: {} })).toBe(false);
    expect(mayCreateAgents({ agencyAdmin: true, client: {} })).toBe(true);
  });

  it('shows the agency bar to the agency admin, except in a vertical-layout agent page (spec §2.10)', () => {
    expect(agencyBarShown({ agencyAdmin: true, layout: 'horizontal', onAgentPage: true })).toBe(true);
    expect(agencyBarShown({ agencyAdmin: true, layout: 'vertical', onAgentPage: true })).toBe(false);
    expect(agencyBarShown({ agencyAdmin: true, layout: 'vertical', onAgentPage: false })).toBe(true);
    expect(agencyBarShown({ agencyAdmin: false, layout: 'horizontal', onAgentPage: false })).toBe(false);
  });

  it('shows credits to 1 decimal', () => {
    expect(creditsLabel(1234.56)).toBe('1,234.6 credits');
    expect(creditsLabel(undefined)).toBe('0.0 credits');
  });
});

describe('reading the session again', () => {
  it("signs a client whose session is gone out with 'Please login again.' (silent on arrival)", () => {
    expect(sessionFailure(401, true)).toEqual({ notice: 'Please login again.', signOut: true });
    expect(sessionFailure(403, true)).toEqual({ notice: 'Please login again.', signOut: true });
    expect(sessionFailure(401, false)).toEqual({ notice: undefined, signOut: true });
  });

  it("signs the client out with 'Account data not present.' when its account is missing", () => {
    expect(sessionFailure(404, true)).toEqual({ notice: 'Account data not present.', signOut: true });
  });

  it("keeps the dashboard on any other failure, saying 'Error occurred refreshing account data.'", () => {
    expect(sessionFailure(502, true)).toEqual({ notice: 'Error occurred refreshing account data.', signOut: false });
    expect(sessionFailure(0, false)).toEqual({ notice: 'Error occurred refreshing account data.', signOut: true });
  });
});
