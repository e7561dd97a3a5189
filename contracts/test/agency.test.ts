import {
  AGENCY_SECRET_PATTERN,
  addEmailDomainRequestSchema,
  agencyFeedbackEmailRequestSchema,
  agencySchema,
  customDomainQuerySchema,
  customDomainRequestSchema,
  customTabListSchema,
  customTabSchema,
  dnsInstructionsEmailRequestSchema,
  dnsRecipientFieldSchema,
  dnsReminderSchema,
  domainCallRegion,
  emailDnsRecordSchema,
  newAgencySecret,
  saveAgencyRequestSchema,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

describe('agency', () => {
  const agency = {
    ID: 'agency1',
    userId: 'owner1',
    name: 'Your Awesome Agency',
    brandingText: '## Hello',
    settings: { disablePasswordLogin: true },
    secret: newAgencySecret(),
    VGsubDomain: 'acme.example.com',
    isVerifiedSubDomain: false,
    customDomain: 'chat.acme.io',
    customDomainConfig: { type: 'CNAME', domain: 'chat.acme.io', name: 'chat', value: 'cname.example.net' },
    googleFont: 'Rubik',
    themeColorUsage: 'gradient',
    themeVariant: 'faded',
    secondaryColorHex: '#ff0000',
    supportEmail: 'help@acme.io',
    resendEmailDomain: 'acme.io',
    resendEmailDomainStatus: 'pending',
    customTabs: [{ label: 'Docs', href: '/docs', pageType: 'iframe', iframeUrl: 'https://docs.acme.io', alwaysVisible: true }],
    createdAt: 1_700_000_000_000,
  };

  it('accepts a full agency', () => {
    expect(errorOf(agencySchema, agency)).toBeUndefined();
    expect(AGENCY_SECRET_PATTERN.test(agency.secret)).toBe(true);
  });

  it('rejects values outside the lists, wrong types and bad secrets', () => {
    expect(errorOf(agencySchema, { themeVariant: 'neon' })).toMatch(/themeVariant/);
    expect(errorOf(agencySchema, { themeColorUsage: 'rainbow' })).toMatch(/themeColorUsage/);
    expect(errorOf(agencySchema, { resendEmailDomainStatus: 'done' })).toMatch(/resendEmailDomainStatus/);
    expect(errorOf(agencySchema, { secret: 'short' })).toMatch(/secret/);
    expect(errorOf(agencySchema, { settings: { disablePasswordLogin: 'no' } })).toMatch(/disablePasswordLogin/);
    expect(errorOf(agencySchema, { name: tooLong(100) })).toMatch(/name/);
    expect(errorOf(agencySchema, { customCSS: tooLong(500_000) })).toMatch(/customCSS/);
  });

  it('the settings form cannot change identity, secret or domains', () => {
    expect(errorOf(saveAgencyRequestSchema, { name: 'Acme', customTabs: [] })).toBeUndefined();
    for (const field of ['secret', 'userId', 'customDomain', 'isVerifiedCustomDomain', 'resendEmailDomainStatus']) {
      expect(errorOf(saveAgencyRequestSchema, { [field]: agency[field as keyof typeof agency] })).toMatch(/not allowed/);
    }
  });
});

describe('custom tabs', () => {
  it('need a leading slash', () => {
    expect(errorOf(customTabSchema, { href: 'docs' })).toBe('URL must include a leading slash (/)');
    expect(errorOf(customTabSchema, {})).toBe('URL must include a leading slash (/)');
    expect(errorOf(customTabSchema, { href: '' })).toBe('URL must include a leading slash (/)');
    expect(errorOf(customTabSchema, { href: '/docs', pageType: 'html', htmlContent: '<h1>Hi</h1>', jsContent: '' })).toBeUndefined();
  });

  it('may not take a default tab path', () => {
    for (const href of ['/home', '/convos', '/analytics', '/leads', '/settings']) {
      expect(errorOf(customTabSchema, { href })).toBe('This URL is reserved for a default tab');
    }
  });

  it('may not repeat a path', () => {
    expect(errorOf(customTabListSchema, [{ href: '/a' }, { href: '/b' }, { href: '/a' }])).toBe('This URL is already used by another tab');
    expect(errorOf(agencySchema, { customTabs: [{ href: '/a' }, { href: '/a' }] })).toBe('This URL is already used by another tab');
  });

  it('rejects unknown page types and overlong content', () => {
    expect(errorOf(customTabSchema, { href: '/a', pageType: 'pdf' })).toMatch(/pageType/);
    expect(errorOf(customTabSchema, { href: '/a', htmlContent: tooLong(500_000) })).toMatch(/htmlContent/);
  });
});

describe('domains', () => {
  const base = { userId: 'u1', agencyId: 'a1' };

  it('requires a custom domain', () => {
    expect(errorOf(customDomainRequestSchema, { ...base, isCustomDomain: true })).toBe('Please enter a custom domain');
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: '  ', isCustomDomain: true })).toBe('Please enter a custom domain');
  });

  it('rejects a domain of exactly two parts, naming the host', () => {
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: 'Acme.COM', isCustomDomain: true })).toBe('Please input a subdomain: "acme.com"');
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: 'localhost', isCustomDomain: true })).toBe('Please input a subdomain: "localhost"');
  });

  it('lowercases and removes spaces', () => {
    const request = valueOf(customDomainRequestSchema, { ...base, customDomain: ' Chat. Acme.IO ', isCustomDomain: true });
    expect(request.customDomain).toBe('chat.acme.io');
  });

  it('is either a product subdomain or a custom domain', () => {
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: 'acme.example.com', isVGSubdomain: true })).toBeUndefined();
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: 'acme.example.com' })).toMatch(/isVGSubdomain|isCustomDomain/);
    expect(errorOf(customDomainRequestSchema, { ...base, customDomain: 'acme.example.com', isVGSubdomain: true, isCustomDomain: true })).toMatch(/conflict|contains/);
  });

  it('queries by domain and type', () => {
    expect(errorOf(customDomainQuerySchema, { domain: 'chat.acme.io', domainType: 'customDomain' })).toBeUndefined();
    expect(errorOf(customDomainQuerySchema, { domain: 'chat.acme.io', domainType: 'apex' })).toMatch(/domainType/);
  });

  it('calls the eu region only for the EU bucket', () => {
    expect(domainCallRegion('eu-bucket', 'eu-bucket')).toBe('eu');
    expect(domainCallRegion('other', 'eu-bucket')).toBe('na');
    expect(domainCallRegion(undefined, 'eu-bucket')).toBe('na');
  });

  it('describes e-mail domains and their DNS records', () => {
    expect(errorOf(addEmailDomainRequestSchema, { domain: 'acme.io', userId: 'u', agencyId: 'a' })).toBeUndefined();
    expect(errorOf(addEmailDomainRequestSchema, { domain: 'not a domain', userId: 'u', agencyId: 'a' })).toMatch(/domain/);
    expect(errorOf(emailDnsRecordSchema, { type: 'MX', name: 'send', value: 'feedback-smtp.example.com', priority: 10, ttl: 'Auto', status: 'verified' })).toBeUndefined();
    expect(errorOf(emailDnsRecordSchema, { type: 'MX', name: 'send' })).toMatch(/value.*required/);
  });

  it('DNS instructions need a valid recipient', () => {
    const mail = { subject: 'DNS setup', htmlContent: '<p>Add these records</p>', fromDisplayName: 'Acme' };
    expect(errorOf(dnsInstructionsEmailRequestSchema, { ...mail, to: 'dev@acme.io' })).toBeUndefined();
    for (const to of [undefined, '', 'dev@acme', 'dev acme.io']) {
      expect(errorOf(dnsInstructionsEmailRequestSchema, { ...mail, to })).toBe('Please enter a valid recipient email.');
    }
  });

  it('the recipient field has its own hint', () => {
    expect(errorOf(dnsRecipientFieldSchema, 'dev@acme')).toBe('Please enter a valid email address');
    expect(errorOf(dnsRecipientFieldSchema, 'dev@acme.io')).toBeUndefined();
  });

  it('DNS reminders start unsent', () => {
    expect(valueOf(dnsReminderSchema, { domain: 'chat.acme.io', agencyId: 'a1', timestamp: 1 }).sent).toBe(false);
  });

  it('feedback mails have a recipient, subject and body', () => {
    expect(errorOf(agencyFeedbackEmailRequestSchema, { to: 'a@acme.io', subject: 'Feedback', html: '<p>Great</p>', agencyData: { name: 'Acme' } })).toBeUndefined();
    expect(errorOf(agencyFeedbackEmailRequestSchema, { to: 'a@acme.io', subject: 'Feedback' })).toMatch(/html.*required/);
  });
});
