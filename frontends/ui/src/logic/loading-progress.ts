import { AGENTS_LOADING } from '@platform/contracts';

export const LOADING_WELCOME = 'Welcome back!';

/**
 * Next percentage of the agents loading screen: it creeps up while waiting but never passes
 * the cap (85) until the data has arrived, then jumps to 100.
 */
export function nextLoadingProgress(current: number, dataArrived: boolean, step = 7): number {
  if (dataArrived) return 100;
  return Math.min(AGENTS_LOADING.capPercent, Math.max(0, current) + step);
}

/** Message for a percentage: the four spec messages by bound, the welcome at 100. */
export function loadingMessage(percent: number): string {
  const match = AGENTS_LOADING.messages.find((m) => percent < m.under);
  return match ? match.text : LOADING_WELCOME;
}
