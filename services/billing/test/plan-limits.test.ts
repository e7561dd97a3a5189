import { UNLIMITED } from '@platform/contracts';
import { planLimits } from '../src/domain/plan-limits';

describe('every plan limit of the spec, per plan', () => {
  it('publishes knowledge characters and monthly credits by plan', () => {
    expect(planLimits('free')).toMatchObject({ maxKbDocsCharCount: 400_000, maxMonthlyCredits: 0 });
    expect(planLimits('pay_as_you_go')).toMatchObject({ maxKbDocsCharCount: 2_000_000, maxMonthlyCredits: 5000 });
    expect(planLimits('enterprise')).toMatchObject({ maxAgents: UNLIMITED, maxKbDocsCharCount: 10_000_000, maxMonthlyCredits: 0 });
  });

  it("adds a custom plan's workspaceSeats to the base seats and the add-ons, and lets its other limits replace the plan's", () => {
    const custom = planLimits('enterprise', { 'workspace-seat': 1, 'concurrent-call-line': 2 }, { workspaceSeats: 5, maxKbDocsCharCount: 50_000_000, maxMonthlyCredits: 80_000, maxAgents: 40, maxConcurrentCalls: 30 });
    expect(custom).toEqual({
      maxAgents: 40,
      workspaceSeats: 2 + 5 + 1,
      clientSeats: 2,
      maxConcurrentCalls: 32,
      twilioPhoneNumberSlots: 0,
      maxKbDocsCharCount: 50_000_000,
      maxMonthlyCredits: 80_000,
    });
  });
});
