import { UPSTREAM_MESSAGES, WORKSPACE_API, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { callService, checkWorkspaceAccess, serviceRefused, type ServiceClient } from '@platform/kit';

/** What this service asks the workspace service: membership (every member route) and the workspace's public flags. */
export interface WorkspaceDirectory {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
  publicFlags(region: Region, workspaceId: string): Promise<ResponseOf<typeof WORKSPACE_API.getPublicUser>['data'] | null>;
}

/** The workspace service over HTTP with gateway-signed headers. Not cached: agency settings are rare calls. */
export class HttpWorkspaceDirectory implements WorkspaceDirectory {
  constructor(private readonly client: ServiceClient) {}

  async isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    return checkWorkspaceAccess(this.client, region, workspaceId, user);
  }

  async publicFlags(region: Region, workspaceId: string) {
    // The route requires an agencyId it does not use for the answer.
    const path = `${servicePath(WORKSPACE_API.getPublicUser.path, { userId: workspaceId })}?agencyId=${encodeURIComponent(workspaceId)}`;
    const unavailable = UPSTREAM_MESSAGES.workspaceUnavailable;
    const response = await callService(this.client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
    if (response.status === 404) return null;
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
    return ((await response.json()) as ResponseOf<typeof WORKSPACE_API.getPublicUser>).data;
  }
}
