import {
  CLIENTS_API,
  UPSTREAM_MESSAGES,
  servicePath,
  type OrganizationRecipients,
  type OrganizationRecipientsResponse,
  type Region,
} from '@platform/contracts';
import { callService, organizationsOfAgent, serviceRefused, type ServiceClient } from '@platform/kit';
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
  /** One organisation with its clients; null when agency-domain does not know it. */
  byId(region: Region, orgId: string): Promise<AgentOrganization | null>;
  /** The push service said the subscription with this endpoint is gone: the client's token is dropped. */
  pushTokenGone(region: Region, clientId: string, endpoint: string): Promise<void>;
}

const UNAVAILABLE = UPSTREAM_MESSAGES.agencyUnavailable;

/** agency-domain's internal organisation routes, gateway-signed; an organisation's ownerID is its workspace. */
export class HttpOrganizationDirectory implements OrganizationDirectory {
  constructor(private readonly client: ServiceClient) {}

  async byAgent(region: Region, agentId: string): Promise<AgentOrganization[]> {
    return (await organizationsOfAgent(this.client, region, agentId)).filter((org) => org.ownerID).map(toAgentOrganization);
  }

  async byId(region: Region, orgId: string): Promise<AgentOrganization | null> {
    const path = servicePath(CLIENTS_API.organizationRecipients.path, { orgId });
    const response = await callService(this.client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable: UNAVAILABLE });
    if (response.status === 404) return null;
    if (!response.ok) throw serviceRefused(this.client, response, UNAVAILABLE);
    const { organization } = (await response.json()) as OrganizationRecipientsResponse;
    return organization.ownerID ? toAgentOrganization(organization) : null;
  }

  async pushTokenGone(region: Region, clientId: string, endpoint: string): Promise<void> {
    const path = servicePath(CLIENTS_API.dropPushToken.path, { clientId });
    const response = await callService(this.client, { method: 'POST', path, body: { endpoint }, identity: { kind: 'gateway' }, region, unavailable: UNAVAILABLE });
    if (!response.ok) throw serviceRefused(this.client, response, UNAVAILABLE);
  }
}

const toAgentOrganization = (org: OrganizationRecipients): AgentOrganization => ({
  ID: org.ID,
  workspaceId: org.ownerID!,
  clients: org.clients.filter((client): client is OrgRecipient => Boolean(client.email)).map(({ ID, email, notificationsSettings, pushToken }) => ({ ID, email, notificationsSettings, pushToken })),
});
