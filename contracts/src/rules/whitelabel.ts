import type { WhitelabelEntitlement } from '../api/billing';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a workspace is offered about the whitelabel trial (agency-shell-clients §6: "A workspace
 * eligible for a trial sees Start Trial"): `eligible` while it has neither the add-on nor ever a
 * trial; `running` with the days left (rounded up) while the trial runs; `none` with the add-on,
 * after the trial, or while billing's answer is not known.
 */
export type WhitelabelTrialState = { kind: 'eligible' } | { kind: 'running'; daysLeft: number } | { kind: 'none' };

export function whitelabelTrialState(whitelabel: WhitelabelEntitlement | undefined, nowMs: number): WhitelabelTrialState {
  if (!whitelabel || whitelabel.via === 'addon') return { kind: 'none' };
  if (whitelabel.via === 'trial' && whitelabel.entitled && whitelabel.trialEndsAt !== undefined) {
    return { kind: 'running', daysLeft: Math.max(1, Math.ceil((whitelabel.trialEndsAt - nowMs) / DAY_MS)) };
  }
  return whitelabel.trialEndsAt === undefined && !whitelabel.entitled ? { kind: 'eligible' } : { kind: 'none' };
}
