import { ACCESS_MESSAGES, type Region } from '@platform/contracts';
import { forbidden, grantWorkspaceMember, notFound, type AccessPolicy, type Authorizer, type MemberCaller } from '@platform/kit';
import type { WorkspaceAccess } from '../clients/workspace-access';
import type { OrganizationBillingStore } from '../store/organization-billing';

/**
 * What billing's member routes name: the workspace (the spec's userId or uid), or an
 * organisation of an agency workspace (by id, or by its Stripe customer on the agency's account).
 */
export interface WorkspaceRef {
  workspaceId: string | undefined;
  orgId?: string;
  customer?: { customerId: string; accountId: string };
}
export interface WorkspaceGrant {
  workspaceId: string;
  /** set when the route named an organisation: it belongs to workspaceId */
  orgId?: string;
}
export interface BillingPolicy extends AccessPolicy {
  member: { ref: WorkspaceRef; grant: WorkspaceGrant };
  agent: { ref: never; grant: unknown };
}

/** Which agency account a workspace connected (for routes naming a customer on an account). */
export type ConnectedAccountOf = (region: Region, workspaceId: string) => Promise<string | undefined>;

/** A workspace's own secret, or a signed-in member (asked of the workspace service); an organisation's billing is its workspace's. */
export class BillingAccess implements Authorizer<BillingPolicy> {
  constructor(
    private readonly workspaces: WorkspaceAccess,
    private readonly organizations?: OrganizationBillingStore,
    private readonly connectedAccountOf?: ConnectedAccountOf,
  ) {}

  member = async (caller: MemberCaller, region: Region, ref: WorkspaceRef): Promise<WorkspaceGrant> => {
    const { workspaceId, orgId } = await this.resolve(region, ref);
    if (!workspaceId) throw notFound(ACCESS_MESSAGES.workspaceNoAccess);
    await grantWorkspaceMember(caller, region, workspaceId, (...args) => this.workspaces.isMember(...args));
    return orgId ? { workspaceId, orgId } : { workspaceId };
  };

  /** The workspace an organisation (named by id or by customer) belongs to; an unknown one is refused like another tenant's (403). */
  private async resolve(region: Region, ref: WorkspaceRef): Promise<{ workspaceId: string | undefined; orgId?: string }> {
    if (!ref.orgId && !ref.customer) return { workspaceId: ref.workspaceId };
    const org = ref.orgId ? await this.organizations?.find(region, ref.orgId) : await this.organizations?.findByCustomer(region, ref.customer!.customerId);
    if (!org || (ref.workspaceId && ref.workspaceId !== org.workspaceId)) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
    if (ref.customer && (await this.connectedAccountOf?.(region, org.workspaceId)) !== ref.customer.accountId) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
    return { workspaceId: org.workspaceId, orgId: org._id };
  }
}
