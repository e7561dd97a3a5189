import { demoHref, verifiedAgencyHost } from '../src/top-bar/demo-link';

describe('the Demo link (agency-shell-clients 2.1)', () => {
  const local = { protocol: 'http:', port: '8080' };
  it('opens /app/{region}/prototype?vg_id= without a verified agency domain', () => {
    expect(demoHref({ region: 'eu', agentId: 'a1', location: local })).toEqual({ href: '/app/eu/prototype?vg_id=a1', external: false });
    expect(demoHref({ region: 'na', location: local })).toEqual({ href: '/app/na/prototype', external: false });
  });

  it('opens {domain}/{region}/prototype/{agent_id} on the verified agency domain', () => {
    expect(demoHref({ region: 'eu', agentId: 'a1', agencyHost: 'bakers.localhost', location: local })).toEqual({ href: 'http://bakers.localhost:8080/eu/prototype/a1', external: true });
    expect(demoHref({ region: 'na', agentId: 'a1', agencyHost: 'chat.bakers.com', location: { protocol: 'https:', port: '' } }).href).toBe('https://chat.bakers.com/na/prototype/a1');
  });

  it('takes the verified custom domain first, then the verified product subdomain, never an unverified one', () => {
    expect(verifiedAgencyHost({ customDomain: 'chat.bakers.com', isVerifiedCustomDomain: true, VGsubDomain: 'bakers.localhost', isVerifiedSubDomain: true })).toBe('chat.bakers.com');
    expect(verifiedAgencyHost({ customDomain: 'chat.bakers.com', isVerifiedCustomDomain: false, VGsubDomain: 'bakers.localhost', isVerifiedSubDomain: true })).toBe('bakers.localhost');
    expect(verifiedAgencyHost({ VGsubDomain: 'bakers.localhost', isVerifiedSubDomain: false })).toBeUndefined();
    expect(verifiedAgencyHost(null)).toBeUndefined();
  });
});
