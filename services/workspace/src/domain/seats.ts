import { workspaceSeatLimit, type Workspace } from '@platform/contracts';

/** Extra seats the workspace's custom plan adds to the base seats. */
export const extraSeats = (workspace: Pick<Workspace, 'internal'>) => workspace.internal?.customPlan?.limits?.workspaceSeats ?? 0;

/** Base seats (default plan: 2) plus the custom plan's workspaceSeats. */
export const seatLimit = (workspace: Pick<Workspace, 'internal'>) => workspaceSeatLimit(extraSeats(workspace));

/** "You have reached the maximum number of seats" once the members fill every seat. */
export const hasFreeSeat = (workspace: Pick<Workspace, 'internal' | 'workspaceEmails'>) =>
  (workspace.workspaceEmails?.length ?? 0) < seatLimit(workspace);
