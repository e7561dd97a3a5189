import {
  brandingChoicesSchema,
  clientAgentIds,
  clientSeesAgent,
  seesEveryPage,
  clientEmailCodeRequestSchema,
  clientLoginQuerySchema,
  clientLoginRequestSchema,
  clientSchema,
  companyDataSchema,
  createPersonalizedAgentRequestSchema,
  creditTransferRequestSchema,
  notificationSchema,
  organizationSchema,
  saveClientRequestSchema,
  saveOrganizationRequestSchema,
  updateOwnClientRequestSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

describe('client', () => {
  it('accepts a stored client', () => {
    const client = {
      ID: 'c1',
      orgId: 'o1',
      name: 'Ada',
      email: 'ada@example.com',
      canAccess: ['/home', '/leads'],
      notificationsSettings: { notifyThrough: 'push', notifyIf: 'all' },
      status: 'online',
      widgetIDs: ['agent1'],
    };
    expect(errorOf(clientSchema, client)).toBeUndefined();
    expect(errorOf(clientSchema, { status: 'away' })).toMatch(/status/);
    expect(errorOf(clientSchema, { notificationsSettings: { notifyIf: 'sometimes' } })).toMatch(/notifyIf/);
    expect(errorOf(clientSchema, { canAccess: ['home'] })).toMatch(/canAccess/);
  });

  it('needs name, email and password to save', () => {
    const fields = { orgId: 'o1', name: 'Ada', email: 'ada@example.com', dashboardPassword: 'Abcdefghijklmno' };
    expect(errorOf(saveClientRequestSchema, fields)).toBeUndefined();
    for (const missing of ['name', 'email', 'dashboardPassword'] as const) {
      expect(errorOf(saveClientRequestSchema, { ...fields, [missing]: undefined })).toBe('Please fill out all fields.');
      expect(errorOf(saveClientRequestSchema, { ...fields, [missing]: '' })).toBe('Please fill out all fields.');
    }
  });

  it('lets an existing client keep its password', () => {
    expect(errorOf(saveClientRequestSchema, { ID: 'c1', orgId: 'o1', name: 'Ada', email: 'ada@example.com' })).toBeUndefined();
  });

  it('fills in the spec defaults for a new client', () => {
    const saved = valueOf(saveClientRequestSchema, { orgId: 'o1', name: 'Ada', email: 'ada@example.com', dashboardPassword: 'x' });
    expect(saved.canAccess).toEqual(['/home', '/convos', '/analytics', '/leads', '/campaigns']);
    expect(saved.notificationsSettings).toEqual({ notifyThrough: 'all', notifyIf: 'requestsOnly' });
    expect(saved.preferredLanguage).toBe('en');
  });

  it('does not let the drawer set platform fields', () => {
    const fields = { orgId: 'o1', name: 'Ada', email: 'ada@example.com', dashboardPassword: 'x' };
    expect(errorOf(saveClientRequestSchema, { ...fields, stripeCustomerId: 'cus_1' })).toMatch(/not allowed/);
    expect(errorOf(saveClientRequestSchema, { ...fields, name: tooLong(100) })).toMatch(/name/);
  });

  it('lets a client update themself, something at least', () => {
    expect(errorOf(updateOwnClientRequestSchema, { status: 'offline' })).toBeUndefined();
    expect(errorOf(updateOwnClientRequestSchema, { FB_PUSH_TOKEN: 'token' })).toBeUndefined();
    expect(errorOf(updateOwnClientRequestSchema, {})).toMatch(/at least 1/);
    expect(errorOf(updateOwnClientRequestSchema, { isAdmin: true })).toMatch(/not allowed/);
  });
});

describe('organisation', () => {
  it('needs an ID and a name to save', () => {
    expect(errorOf(saveOrganizationRequestSchema, { name: 'Acme' })).toBe('Organization ID is missing. Please try again or contact support.');
    expect(errorOf(saveOrganizationRequestSchema, { ID: 'o1' })).toBe('Organization name is required.');
    expect(errorOf(saveOrganizationRequestSchema, { ID: 'o1', name: '' })).toBe('Organization name is required.');
    expect(valueOf(saveOrganizationRequestSchema, { ID: 'o1', name: 'Acme' }).dashboardLayout).toBe('vertical');
  });

  it('caps the disabled-access message at 1024 characters', () => {
    expect(errorOf(saveOrganizationRequestSchema, { ID: 'o1', name: 'Acme', settings: { disableClientAccess: true, disableClientAccessMessage: 'x'.repeat(1024) } })).toBeUndefined();
    expect(errorOf(saveOrganizationRequestSchema, { ID: 'o1', name: 'Acme', settings: { disableClientAccessMessage: tooLong(1024) } })).toMatch(/1024/);
  });

  it('keeps credits out of the drawer', () => {
    expect(errorOf(saveOrganizationRequestSchema, { ID: 'o1', name: 'Acme', loadTokens: 100 })).toMatch(/not allowed/);
  });

  it('accepts a stored organisation', () => {
    expect(
      errorOf(organizationSchema, {
        ID: 'o1',
        name: 'Acme',
        dashboardLayout: 'horizontal',
        loadTokens: 1234.5,
        subscription: { id: 'sub_1', status: 'active', priceId: 'price_1' },
        autocharge: true,
        autochargeAmount: 10,
        threshold: 500,
      }),
    ).toBeUndefined();
    expect(errorOf(organizationSchema, { dashboardLayout: 'grid' })).toMatch(/dashboardLayout/);
  });
});

describe('notification', () => {
  it('has level 1 or 2', () => {
    expect(errorOf(notificationSchema, { title: 'New lead', ts: 1, notificationLevel: 2, notifyOnly: ['c1'], seen: false })).toBeUndefined();
    expect(errorOf(notificationSchema, { notificationLevel: 3 })).toMatch(/notificationLevel/);
  });
});

describe('credit transfer', () => {
  it('needs an amount greater than 0', () => {
    for (const amount of [0, -5, 'ten', undefined]) {
      expect(errorOf(creditTransferRequestSchema, { orgId: 'o1', direction: 'workspaceToOrg', amount })).toBe('Please enter a valid amount to transfer.');
    }
    expect(errorOf(creditTransferRequestSchema, { orgId: 'o1', direction: 'orgToWorkspace', amount: 0.5 })).toBeUndefined();
    expect(errorOf(creditTransferRequestSchema, { orgId: 'o1', direction: 'sideways', amount: 1 })).toMatch(/direction/);
  });
});

describe('client sign-in', () => {
  it('needs e-mail and password', () => {
    expect(errorOf(clientLoginRequestSchema, { email: 'a@b.co' })).toBe('Please enter your email and password.');
    expect(errorOf(clientLoginRequestSchema, { password: 'x' })).toBe('Please enter your email and password.');
    expect(errorOf(clientLoginRequestSchema, { email: '', password: '' })).toBe('Please enter your email and password.');
    expect(errorOf(clientLoginRequestSchema, { email: 'a@b.co', password: 'x' })).toBeUndefined();
  });

  it('takes username and password, a token or a secret in the query', () => {
    expect(errorOf(clientLoginQuerySchema, { username: 'a@b.co', password: 'x' })).toBeUndefined();
    expect(errorOf(clientLoginQuerySchema, { token: 't' })).toBeUndefined();
    expect(errorOf(clientLoginQuerySchema, { username: 'a@b.co' })).toMatch(/password/);
    expect(errorOf(clientLoginQuerySchema, { username: 'a@b.co', password: 'x', token: 't' })).toMatch(/conflict/);
  });

  it('requests an e-mail code with an agency', () => {
    expect(errorOf(clientEmailCodeRequestSchema, { email: 'a@b.co', agencyId: 'ag1' })).toBeUndefined();
    expect(errorOf(clientEmailCodeRequestSchema, { email: 'a@b.co', agencyId: 'ag1', code: '123456' })).toBeUndefined();
    expect(errorOf(clientEmailCodeRequestSchema, { email: 'a@b.co' })).toMatch(/agencyId/);
  });
});

describe('onboarding', () => {
  const company = { name: 'Acme', website: 'acme.io', description: 'We sell rockets to coyotes.' };

  it('needs a company name, website and description', () => {
    expect(errorOf(companyDataSchema, company)).toBeUndefined();
    expect(errorOf(companyDataSchema, { ...company, name: '' })).toBe('Company name is required');
    expect(errorOf(companyDataSchema, { ...company, website: undefined })).toBe('Company website is required');
    expect(errorOf(companyDataSchema, { ...company, description: ' ' })).toBe('Please tell us what your company does');
  });

  it('needs a website URL or domain', () => {
    expect(errorOf(companyDataSchema, { ...company, website: 'acme' })).toBe('Please enter a valid website URL or domain');
    expect(errorOf(companyDataSchema, { ...company, website: 'https://acme' })).toBeUndefined();
  });

  it('needs at least 10 characters of description', () => {
    expect(errorOf(companyDataSchema, { ...company, description: 'Rockets' })).toBe('Please provide at least 10 characters');
    expect(errorOf(companyDataSchema, { ...company, description: tooLong(10_000) })).toMatch(/description/);
  });

  it('adds # to a brand colour of 3 or 6 digits', () => {
    expect(valueOf(brandingChoicesSchema, { primaryColor: 'fa0' }).primaryColor).toBe('#fa0');
    expect(valueOf(brandingChoicesSchema, { primaryColor: '#FFAA00', themeMode: 'dark' }).primaryColor).toBe('#FFAA00');
    expect(errorOf(brandingChoicesSchema, { primaryColor: '#ffaa0' })).toMatch(/primaryColor/);
    expect(errorOf(brandingChoicesSchema, { primaryColor: '#fff', themeMode: 'sepia' })).toMatch(/themeMode/);
  });

  it('creates a personalised agent from company and branding', () => {
    expect(errorOf(createPersonalizedAgentRequestSchema, { company, brandingChoices: { primaryColor: '#123456' } })).toBeUndefined();
    expect(errorOf(createPersonalizedAgentRequestSchema, { company })).toMatch(/brandingChoices/);
  });
});

describe("a client's reach besides canAccess (ADR 0045)", () => {
  const org = { widgetIDs: ['X', 'Y'] };
  it("clientAgentIds: the organisation's agents, narrowed by the client's own list, never widened", () => {
    expect(clientAgentIds(org, {})).toEqual(['X', 'Y']);
    expect(clientAgentIds(org, { widgetIDs: [] })).toEqual(['X', 'Y']);
    expect(clientAgentIds(org, { widgetIDs: ['Y'] })).toEqual(['Y']);
    expect(clientAgentIds(org, { widgetIDs: ['Y', 'Z'] })).toEqual(['Y']);
    expect(clientAgentIds(org, { widgetIDs: ['Z'] })).toEqual([]);
    expect(clientAgentIds({}, null)).toEqual([]);
    expect(clientSeesAgent(org, { widgetIDs: ['Y'] }, 'X')).toBe(false);
  });
  it('seesEveryPage: the agency admin, or a client made isAdmin', () => {
    expect([seesEveryPage(true, null), seesEveryPage(false, { isAdmin: true }), seesEveryPage(false, { isAdmin: false }), seesEveryPage(false, null)]).toEqual([true, true, false, false]);
  });
});
