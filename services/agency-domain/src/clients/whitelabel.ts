import { BILLING_API, servicePath, type EntitlementsResponse, type Region } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';
import type { WorkspaceDirectory } from './workspace';

const BILLING_UNAVAILABLE = 'The billing service is unavailable, please try again.';

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
  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number; logger: Logger }) {}

  async hasWhitelabel(region: Region, workspaceId: string): Promise<boolean> {
    const path = servicePath(BILLING_API.getEntitlements.path, { uid: workspaceId });
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        headers: signForwarded({ identity: { kind: 'gateway' }, region }, this.options.signingSecret, { method: 'GET', path }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      this.options.logger.warn({ err }, 'billing service unreachable');
      throw new HttpError(503, BILLING_UNAVAILABLE);
    }
    if (response.status === 404) return false;
    if (!response.ok) throw new HttpError(503, BILLING_UNAVAILABLE);
    return ((await response.json()) as EntitlementsResponse).data.whitelabel.entitled;
  }
}
