import type { Region } from '@platform/contracts';
import { callService, serviceRefused, type ServiceClient } from '@platform/kit';
import type { OrgRecipient } from '../domain/org-notification';

/** An organisation an agent belongs to: its workspace (the tenant) and the clients to notify. */
export interface AgentOrganization {
  ID: string;
  workspaceId: string;
  clients: OrgRecipient[];
}

/** Which organisations an agent belongs to (agency-domain owns organisations and clients). */
export interface OrganizationDirectory {
  byAgent(region: Region, agentId: string): Promise<AgentOrganization[]>;
}

/** The agency-domain service's GET /internal/organizations/by-agent/:agentId, gateway-signed. */
export class HttpOrganizationDirectory implements OrganizationDirectory {
  constructor(private readonly client: ServiceClient) {}

  async byAgent(region: Region, agentId: string): Promise<AgentOrganization[]> {
    const path = `/internal/organizations/by-agent/${encodeURIComponent(agentId)}`;
    const unavailable = 'The agency service is unavailable, please try again.';
    const response = await callService(this.client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
    if (response.status === 404) return [];
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
    const answer = (await response.json()) as { organizations?: Array<{ ID: string; ownerID?: string; workspaceId?: string; clients?: OrgRecipient[] }> };
    return (answer.organizations ?? []).map((org) => ({ ID: org.ID, workspaceId: org.workspaceId ?? org.ownerID ?? '', clients: org.clients ?? [] })).filter((org) => org.workspaceId);
  }
}
