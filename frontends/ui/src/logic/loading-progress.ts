import { AGENTS_LOADING } from '@platform/contracts';

export const LOADING_WELCOME = 'Welcome back!';

/**
 * What the agents list is waiting for: the session and workspace, then the agents. Each stage
 * keeps the percentage inside its own band, so the message on screen names what is really
 * happening: the workspace stage stays under the first bound ('Initializing your workspace...'),
 * the agents stage starts there and creeps through the later messages up to the cap (85).
 */
export type LoadingStage = 'workspace' | 'agents' | 'done';

const WORKSPACE_DONE = AGENTS_LOADING.messages[0].under;

/** Next percentage of the agents loading screen for the stage it is in; 100 once done. */
export function nextLoadingProgress(current: number, stage: LoadingStage, step = 7): number {
  if (stage === 'done') return 100;
  const [floor, ceiling] = stage === 'workspace' ? [0, WORKSPACE_DONE - 1] : [WORKSPACE_DONE, AGENTS_LOADING.capPercent];
  return Math.min(ceiling, Math.max(floor, current + step));
}

/** Message for a percentage: the four spec messages by bound, the welcome at 100. */
export function loadingMessage(percent: number): string {
  const match = AGENTS_LOADING.messages.find((m) => percent < m.under);
  return match ? match.text : LOADING_WELCOME;
}
