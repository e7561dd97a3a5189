import { UNLIMITED } from '@platform/contracts';
import { balanceChange, byAccount, grantField, pendingAfter, writtenByThisDelivery, type Consumption } from '../src/domain/ledger';
import { agentAllowed, planLimits, whitelabelEntitlement } from '../src/domain/plan-limits';

const consumption = (offset: number, workspaceId = 'w1', amount = 1): Consumption => ({
  eventId: `e${offset}`,
  region: 'eu',
  workspaceId,
  accountId: workspaceId,
  partition: 2,
  offset,
  entry: { amount, ts: 1, direction: 'decrease' },
});

describe('ledger rules', () => {
  it('applies only what comes after the partition offset recorded in the account, in log order', () => {
    expect(pendingAfter([consumption(7), consumption(5), consumption(6)], 5).map((c) => c.offset)).toEqual([6, 7]);
    expect(pendingAfter([consumption(0), consumption(1)], undefined).map((c) => c.offset)).toEqual([0, 1]);
  });

  it('applies an existing log entry only when this very delivery wrote it (a crash between the two writes)', () => {
    expect(writtenByThisDelivery({ partition: 2, offset: 9 }, { partition: 2, offset: 9 })).toBe(true);
    expect(writtenByThisDelivery({ partition: 2, offset: 9 }, { partition: 2, offset: 4 })).toBe(false);
    expect(writtenByThisDelivery({ partition: 2, offset: 9 }, undefined)).toBe(false);
  });

  it('sums decreases and increases without float noise', () => {
    expect(balanceChange([{ amount: 0.1 }, { amount: 0.2 }])).toBe(-0.3);
    expect(balanceChange([{ amount: 5, direction: 'increase' }, { amount: 2, direction: 'decrease' }])).toBe(3);
  });

  it('groups by region and ledger account, and makes grant keys safe field names', () => {
    expect([...byAccount([consumption(1, 'a'), consumption(2, 'b'), consumption(3, 'a')]).keys()]).toEqual(['eu:a', 'eu:b']);
    expect(grantField('invoice.paid:in_1$')).toBe('grants.invoice_paid:in_1_');
  });
});

describe('plan limits', () => {
  it('gives the free plan the base limits and refuses a third agent', () => {
    const free = planLimits('free');
    expect(free).toEqual({ maxAgents: 2, workspaceSeats: 2, clientSeats: 2, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 0, maxKbDocsCharCount: 400_000, maxMonthlyCredits: 0 });
    expect(agentAllowed(free, 1)).toBe(true);
    expect(agentAllowed(free, 2)).toBe(false);
  });

  it('gives paid plans unlimited agents and adds the add-ons to seats, lines and numbers', () => {
    const paid = planLimits('pay_as_you_go', { 'workspace-seat': 3, client_seat: 1, 'concurrent-call-line': 2, 'twilio-phone-number': 4 });
    expect(paid).toEqual({ maxAgents: UNLIMITED, workspaceSeats: 5, clientSeats: 3, maxConcurrentCalls: 12, twilioPhoneNumberSlots: 4, maxKbDocsCharCount: 2_000_000, maxMonthlyCredits: 5000 });
    expect(agentAllowed(paid, 1000)).toBe(true);
  });

  it('entitles whitelabel by the add-on or a running trial', () => {
    expect(whitelabelEntitlement({ 'whitelabel-new': 1 }, undefined, 0)).toEqual({ entitled: true, via: 'addon' });
    expect(whitelabelEntitlement({}, 2000, 1000)).toEqual({ entitled: true, via: 'trial', trialEndsAt: 2000 });
    expect(whitelabelEntitlement({}, 2000, 3000)).toEqual({ entitled: false, via: null, trialEndsAt: 2000 });
    expect(whitelabelEntitlement({}, undefined, 3000)).toEqual({ entitled: false, via: null });
  });
});

describe('auto-recharge rule', () => {
  const { rechargeDue, chargeMonth } = jest.requireActual('../src/domain/auto-recharge') as typeof import('../src/domain/auto-recharge');
  const now = new Date('2026-11-22T10:00:00Z');
  it('recharges below the threshold only when on, within the monthly limit (0: no limit)', () => {
    const on = { automaticBilling: true, autochargeCreditThreshold: 500, autochargeCreditAmount: 10, monthlyChargeLimit: 25 };
    expect(rechargeDue(on, 499, now)).toBe(10);
    expect(rechargeDue(on, 500, now)).toBe(0);
    expect(rechargeDue({ ...on, automaticBilling: false }, 0, now)).toBe(0);
    expect(rechargeDue({ ...on, rechargedUsd: { [chargeMonth(now)]: 15 } }, 0, now)).toBe(10);
    expect(rechargeDue({ ...on, rechargedUsd: { [chargeMonth(now)]: 20 } }, 0, now)).toBe(0);
    expect(rechargeDue({ ...on, rechargedUsd: { '2026-10': 25 } }, 0, now)).toBe(10);
    expect(rechargeDue({ ...on, monthlyChargeLimit: 0, rechargedUsd: { [chargeMonth(now)]: 10_000 } }, 0, now)).toBe(10);
  });
  it('defaults the limit to 100 a month', () => {
    expect(rechargeDue({ automaticBilling: true, rechargedUsd: { [chargeMonth(now)]: 95 } }, 0, now)).toBe(5);
    expect(rechargeDue({ automaticBilling: true, rechargedUsd: { [chargeMonth(now)]: 96 } }, 0, now)).toBe(0);
  });
});
