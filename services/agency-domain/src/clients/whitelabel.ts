import type { Region } from '@platform/contracts';
import type { WorkspaceDirectory } from './workspace';

/**
 * Whether a workspace has the whitelabel addon. Billing owns the entitlement; until its
 * answer is wired here, WorkspaceFlagEntitlement reads the workspace's public flag
 * `internal.whitelabel_trial` (with `internal.whitelabelTrialEndsAt`, epoch ms, when set, still ahead).
 * Swap the implementation in app.ts; nothing else asks.
 */
export interface WhitelabelEntitlement {
  hasWhitelabel(region: Region, workspaceId: string): Promise<boolean>;
}

export class WorkspaceFlagEntitlement implements WhitelabelEntitlement {
  constructor(
    private readonly directory: WorkspaceDirectory,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async hasWhitelabel(region: Region, workspaceId: string): Promise<boolean> {
    const flags = await this.directory.publicFlags(region, workspaceId);
    const internal = flags?.internal ?? {};
    if (internal.whitelabel_trial !== true) return false;
    // whitelabelTrialEndsAt: epoch milliseconds
    return internal.whitelabelTrialEndsAt === undefined || internal.whitelabelTrialEndsAt > this.now().getTime();
  }
}
