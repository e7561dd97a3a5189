import { AGENCY_DEFAULTS, agencyHasChanges, customTabHrefProblem, fontQueryName, productSubdomainHost } from '@platform/contracts';
import { agenciesToRetire, newAgency } from '../src/domain/agency';
import { customDomainHost, subdomainHost } from '../src/domain/hosts';

describe('product subdomain normalisation (spec 5)', () => {
  it('lowercases, removes spaces, removes a typed root suffix and appends the root', () => {
    expect(productSubdomainHost('My Agency', 'example.com')).toBe('myagency.example.com');
    expect(productSubdomainHost('MyAgency.Example.com', 'example.com')).toBe('myagency.example.com');
    expect(productSubdomainHost('acme', 'localhost')).toBe('acme.localhost');
    expect(productSubdomainHost('  ', 'localhost')).toBe('');
  });
  it('refuses what is not one DNS label', () => {
    expect(subdomainHost('acme', 'localhost')).toEqual({ host: 'acme.localhost' });
    expect(subdomainHost('a.b', 'localhost')).toHaveProperty('problem');
    expect(subdomainHost('-x', 'localhost')).toHaveProperty('problem');
  });
});

describe('custom domain rules (spec 5)', () => {
  it('requires a domain and a subdomain', () => {
    expect(customDomainHost('')).toEqual({ problem: 'Please enter a custom domain' });
    expect(customDomainHost('example.com')).toEqual({ problem: 'Please input a subdomain: "example.com"' });
    expect(customDomainHost('App.Example .com')).toEqual({ host: 'app.example.com' });
  });
});

describe('custom tab URL rules (spec 5)', () => {
  it('needs a slash, not a default tab, not a duplicate', () => {
    expect(customTabHrefProblem('faq', [])).toBe('URL must include a leading slash (/)');
    expect(customTabHrefProblem('/overview', [])).toBe('This URL is reserved for a default tab');
    expect(customTabHrefProblem('/faq', [{ href: '/faq' }])).toBe('This URL is already used by another tab');
    expect(customTabHrefProblem('/faq', [{ href: '/help' }])).toBeUndefined();
  });
});

describe('the agency form comparison (spec 4.1)', () => {
  const stored = { name: 'A', lastModified: 1, createdAt: 1, isVerifiedSubDomain: true, customDomainConfig: { type: 'TXT', value: 'x' }, settings: { disablePasswordLogin: false } };
  it('ignores the listed fields, key order and undefined values', () => {
    expect(agencyHasChanges({ settings: { disablePasswordLogin: false }, name: 'A', vapi: 1, brandingText: undefined }, stored)).toBe(false);
    expect(agencyHasChanges({ ...stored, lastModified: 99, isVerifiedCustomDomain: true }, stored)).toBe(false);
  });
  it('sees any other difference', () => {
    expect(agencyHasChanges({ ...stored, name: 'B' }, stored)).toBe(true);
    expect(agencyHasChanges({ ...stored, settings: { disablePasswordLogin: true } }, stored)).toBe(true);
    expect(agencyHasChanges({ name: 'A' }, null)).toBe(true);
  });
});

describe('fonts (spec 5)', () => {
  it('spaces become plus signs; inherit is not asked', () => {
    expect(fontQueryName('Open Sans')).toBe('Open+Sans');
    expect(fontQueryName('inherit')).toBeNull();
  });
});

describe('new agency and duplicates (spec 3.1, 4.4)', () => {
  it('a new agency has the defaults and a 25-character secret', () => {
    const agency = newAgency('uid1', new Date(5));
    expect(agency).toMatchObject({ ...AGENCY_DEFAULTS, userId: 'uid1', createdAt: 5 });
    expect(agency.secret).toMatch(/^[A-Za-z0-9]{25}$/);
  });
  it('retires never-modified or default-text agencies, keeping a real one, or the oldest when none is real', () => {
    const a = { ID: 'a', createdAt: 1 };
    const b = { ID: 'b', createdAt: 2, lastModified: 3, brandingText: 'ours' };
    const c = { ID: 'c', createdAt: 3, lastModified: 4, brandingText: AGENCY_DEFAULTS.brandingText };
    expect(agenciesToRetire([a, b, c])).toEqual({ keep: b, retire: [a, c] });
    expect(agenciesToRetire([c, a])).toEqual({ keep: a, retire: [c] });
    expect(agenciesToRetire([a])).toEqual({ keep: a, retire: [] });
  });
});
