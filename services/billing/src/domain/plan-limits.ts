import { DEFAULT_PLAN_LIMITS, UNLIMITED, type AddonKey, type Entitlements, type PlanKey, type WhitelabelEntitlement } from '@platform/contracts';

export type AddonQuantities = Partial<Record<AddonKey, number>>;

/**
 * Limits a plan grants, plus its add-ons (ADR 0014). Free has the spec's base limits; paid
 * plans have unlimited agents and the same base seats, lines and numbers, each raised by its add-on.
 */
export function planLimits(plan: PlanKey, addons: AddonQuantities = {}): Entitlements['limits'] {
  const extra = (key: AddonKey) => Math.max(0, addons[key] ?? 0);
  return {
    maxAgents: plan === 'free' ? DEFAULT_PLAN_LIMITS.maxAgents : UNLIMITED,
    workspaceSeats: DEFAULT_PLAN_LIMITS.workspaceSeats + extra('workspace-seat'),
    clientSeats: DEFAULT_PLAN_LIMITS.maxClients + extra('client_seat'),
    maxConcurrentCalls: DEFAULT_PLAN_LIMITS.maxConcurrentCalls + extra('concurrent-call-line'),
    twilioPhoneNumberSlots: DEFAULT_PLAN_LIMITS.twilioPhoneNumberSlots + extra('twilio-phone-number'),
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
