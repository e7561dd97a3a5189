import { REGIONS } from '@platform/contracts';
import type { SessionResponse } from '@platform/ui';
import { pickWorkspace, type SavedSelection } from '../contexts/workspace-selection';

/**
 * Where a signed-in user goes: a pending invitation link first (spec 4.5), then onboarding,
 * otherwise the agents of the chosen workspace.
 */
export function postSignInPath(
  session: Pick<SessionResponse, 'workspaces' | 'needsOnboarding'>,
  saved?: SavedSelection,
  invitationLink?: string,
): string {
  if (invitationLink) return invitationLink;
  const region = pickWorkspace(session.workspaces ?? [], saved, saved?.region ?? REGIONS[0])?.region ?? REGIONS[0];
  return session.needsOnboarding ? `/onboarding?region=${region}` : `/app/${region}/agents`;
}
