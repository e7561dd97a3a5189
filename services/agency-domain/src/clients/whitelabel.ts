import type { Region } from '@platform/contracts';
import { readEntitlements, type ServiceClient } from '@platform/kit';
import type { WorkspaceDirectory } from './workspace';

/**
 * Whether a workspace has the whitelabel addon or trial. Billing owns the entitlement
 * (BillingEntitlement, when SERVICE_URL_BILLING is set); without a billing service,
 * WorkspaceFlagEntitlement reads the workspace's public flag `internal.whitelabel_trial`
 * (with `internal.whitelabelTrialEndsAt`, epoch ms, when set, still ahead).
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

/** Billing's entitlement (GET /internal/entitlements/:uid): the whitelabel addon or the 14-day trial. */
export class BillingEntitlement implements WhitelabelEntitlement {
  constructor(private readonly client: ServiceClient) {}

  async hasWhitelabel(region: Region, workspaceId: string): Promise<boolean> {
    const entitlements = await readEntitlements(this.client, region, workspaceId);
    return entitlements?.whitelabel.entitled ?? false;
  }
}
