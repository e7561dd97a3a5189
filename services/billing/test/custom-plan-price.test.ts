import { UNLIMITED, type CustomPlan } from '@platform/contracts';
import { CUSTOM_PLAN_CONSTANTS, creditPlanName, creditUnitPrice, customPlanPrice } from '../src/domain/custom-plan-price';

type Plan = Parameters<typeof customPlanPrice>[0];
const plan = (overrides: Partial<CustomPlan> = {}): Plan => ({ billingCycle: 'monthly', limits: { maxMonthlyCredits: 100_000 }, ...overrides });

describe('custom plan price (billing §9)', () => {
  it('step 1: looks the unit price up by credit tier, with 0.001 outside every tier', () => {
    expect(creditUnitPrice(1)).toBe(0.0012);
    expect(creditUnitPrice(49_999)).toBe(0.0012);
    expect(creditUnitPrice(50_000)).toBe(0.001);
    expect(creditUnitPrice(250_000)).toBe(0.0008);
    expect(creditUnitPrice(1_000_000)).toBe(0.0006);
    expect(creditUnitPrice(0)).toBe(0.001);
    expect(creditUnitPrice(5_000_000)).toBe(0.001);
  });

  it('names the plan by credit range, starter by default', () => {
    expect(creditPlanName(0)).toBe('starter');
    expect(creditPlanName(49_999)).toBe('starter');
    expect(creditPlanName(50_000)).toBe('pro');
    expect(creditPlanName(249_999)).toBe('pro');
    expect(creditPlanName(250_000)).toBe('agency');
  });

  it('step 2 and 7: credits times the unit price, rounded; shown one less without stored prices', () => {
    const price = customPlanPrice(plan());
    expect(price).toMatchObject({ base: 100, total: 100, shownPrice: 99, discountValue: 1, costPerCredit: 0.001, planName: 'pro' });
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 12_345 } })).total).toBe(15); // 14.814 rounds to 15
  });

  it('step 2: a stored price for the cycle replaces the base, and the shown price is the total', () => {
    const stored = customPlanPrice(plan({ stripePrices: [{ billingCycle: 'monthly', usdAmount: 79 }, { billingCycle: 'yearly', usdAmount: 700 }] }));
    expect(stored).toMatchObject({ base: 79, total: 79, shownPrice: 79 });
    const otherCycleOnly = customPlanPrice(plan({ stripePrices: [{ billingCycle: 'yearly', usdAmount: 700 }] }));
    expect(otherCycleOnly).toMatchObject({ base: 100, shownPrice: 99 });
  });

  it('step 3: charges agents above the included count; unlimited agents pay the flat fee', () => {
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, maxAgents: 5 } })).agents).toBe(3 * CUSTOM_PLAN_CONSTANTS.extraAgentMonthlyUsd);
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, maxAgents: 5 }, metadata: { includedAgents: 4 } })).agents).toBe(5);
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, maxAgents: 40 }, metadata: { includedAgents: UNLIMITED } })).agents).toBe(0);
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, maxAgents: 60 }, metadata: { includedAgents: UNLIMITED } })).agents).toBe(50);
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, maxAgents: UNLIMITED } })).agents).toBe(CUSTOM_PLAN_CONSTANTS.unlimitedAgentsMonthlyUsd);
  });

  it('step 4: seats, call lines (rounded up) and phone numbers beyond the included counts, at the add-on prices', () => {
    const price = customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, workspaceSeats: 5, maxConcurrentCalls: 12.5, twilioPhoneNumberSlots: 2 } }));
    expect(price).toMatchObject({ seats: 3 * 10, callLines: 3 * 5, phoneNumbers: 2 * 3, total: 100 + 30 + 15 + 6 });
    const custom = customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, workspaceSeats: 5 }, metadata: { includedWorkspaceSeats: 4 }, addonsPrices: { 'workspace-seat': { monthly: 8 } } }));
    expect(custom.seats).toBe(8);
  });

  it('step 3 and 5: custom branding makes agents unlimited, skips agent, seat, line and number charges, and adds its add-on price', () => {
    const price = customPlanPrice(plan({ features: ['custom-branding'], limits: { maxMonthlyCredits: 100_000, maxAgents: 30, workspaceSeats: 9, maxConcurrentCalls: 20, twilioPhoneNumberSlots: 4 } }));
    expect(price).toMatchObject({ agents: 0, seats: 0, callLines: 0, phoneNumbers: 0, features: 50, total: 150 });
    expect(customPlanPrice(plan({ features: ['mini-whitelabel'] })).features).toBe(CUSTOM_PLAN_CONSTANTS.miniWhitelabelMonthlyUsd);
    expect(customPlanPrice(plan({ features: ['custom-branding', 'mini-whitelabel'] })).features).toBe(75);
  });

  it('step 6: a yearly plan without stored prices costs ten monthly totals', () => {
    const monthly = customPlanPrice(plan({ limits: { maxMonthlyCredits: 100_000, workspaceSeats: 3, maxAgents: 3 } }));
    const yearly = customPlanPrice(plan({ billingCycle: 'yearly', limits: { maxMonthlyCredits: 100_000, workspaceSeats: 3, maxAgents: 3 } }));
    expect(yearly.total).toBe(monthly.total * 10);
    expect(yearly.shownPrice).toBe(yearly.total - 1);
    const ownYearlySeat = customPlanPrice(plan({ billingCycle: 'yearly', limits: { maxMonthlyCredits: 100_000, workspaceSeats: 3 }, addonsPrices: { 'workspace-seat': { yearly: 90 } } }));
    expect(ownYearlySeat.seats).toBe(90);
  });

  it("step 9: the cost per credit is the plan's usdPerAdditionalCredit, else the tier price", () => {
    expect(customPlanPrice(plan({ metadata: { usdPerAdditionalCredit: 0.0009 } })).costPerCredit).toBe(0.0009);
    expect(customPlanPrice(plan({ limits: { maxMonthlyCredits: 10 } })).costPerCredit).toBe(0.0012);
  });
});
