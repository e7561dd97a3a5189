import { DEFAULT_PLAN_LIMITS, PLAN_EXTRA_LIMITS, UNLIMITED, type AddonKey, type Entitlements, type PlanKey, type PlanLimits, type WhitelabelEntitlement } from '@platform/contracts';

export type AddonQuantities = Partial<Record<AddonKey, number>>;

/**
 * Limits a plan grants, plus its add-ons (ADR 0014, 0025). Free has the spec's base limits; paid
 * plans have unlimited agents and the same base seats, lines and numbers, each raised by its add-on.
 * A custom plan's limits replace the plan's, except its workspaceSeats, which come on top of the
 * base seats ("the default seat count plus the custom plan's workspaceSeats").
 */
export function planLimits(plan: PlanKey, addons: AddonQuantities = {}, custom: PlanLimits = {}): Entitlements['limits'] {
  const extra = (key: AddonKey) => Math.max(0, addons[key] ?? 0);
  return {
    maxAgents: custom.maxAgents ?? (plan === 'free' ? DEFAULT_PLAN_LIMITS.maxAgents : UNLIMITED),
    workspaceSeats: DEFAULT_PLAN_LIMITS.workspaceSeats + (custom.workspaceSeats ?? 0) + extra('workspace-seat'),
    clientSeats: (custom.clientSeats ?? DEFAULT_PLAN_LIMITS.maxClients) + extra('client_seat'),
    maxConcurrentCalls: (custom.maxConcurrentCalls ?? DEFAULT_PLAN_LIMITS.maxConcurrentCalls) + extra('concurrent-call-line'),
    twilioPhoneNumberSlots: (custom.twilioPhoneNumberSlots ?? DEFAULT_PLAN_LIMITS.twilioPhoneNumberSlots) + extra('twilio-phone-number'),
    maxKbDocsCharCount: custom.maxKbDocsCharCount ?? PLAN_EXTRA_LIMITS[plan].maxKbDocsCharCount,
    maxMonthlyCredits: custom.maxMonthlyCredits ?? PLAN_EXTRA_LIMITS[plan].maxMonthlyCredits,
  };
}

/** Whitelabel: the add-on, else a trial that has not ended. */
export function whitelabelEntitlement(addons: AddonQuantities, trialEndsAt: number | undefined, nowMs: number): WhitelabelEntitlement {
  if ((addons['whitelabel-new'] ?? 0) >= 1) return { entitled: true, via: 'addon' };
  if (trialEndsAt !== undefined && trialEndsAt > nowMs) return { entitled: true, via: 'trial', trialEndsAt };
  return { entitled: false, via: null, ...(trialEndsAt !== undefined ? { trialEndsAt } : {}) };
}

/** Whether one more agent fits: `count` agents exist already. */
export const agentAllowed = (limits: Pick<Entitlements['limits'], 'maxAgents'>, count: number): boolean =>
  limits.maxAgents === UNLIMITED || count < limits.maxAgents;
