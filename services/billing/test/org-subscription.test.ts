import { orgSubscriptionStatus, orgSubscriptionTag } from '../src/domain/org-subscription';

describe("an organisation's subscription as Stripe reports it", () => {
  it("takes Stripe's status in the spec's words: canceled and expired are cancelled, unpaid-for ones pending", () => {
    expect(['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete_expired', 'incomplete', 'paused'].map(orgSubscriptionStatus)).toEqual([
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'cancelled',
      'cancelled',
      'pending',
      'pending',
    ]);
  });

  it("reads the organisation, region, price and credits create-subscription tagged; the platform's own objects have none", () => {
    expect(orgSubscriptionTag({ orgId: 'ORG1', region: 'na', priceId: 'price_1', credits: '15000' })).toEqual({ orgId: 'ORG1', region: 'na', priceId: 'price_1', credits: 15000 });
    expect(orgSubscriptionTag({ orgId: 'ORG1', region: 'eu', credits: 'x' })).toEqual({ orgId: 'ORG1', region: 'eu' });
    expect(orgSubscriptionTag({ workspaceId: 'W1', region: 'eu', purpose: 'top-up' })).toBeUndefined();
    expect(orgSubscriptionTag({ orgId: 'ORG1', region: 'mars' })).toBeUndefined();
    expect(orgSubscriptionTag(null)).toBeUndefined();
  });
});
