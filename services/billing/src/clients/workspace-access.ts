import type { Region } from '@platform/contracts';
import { checkWorkspaceAccess, type ServiceClient } from '@platform/kit';

/** Whether a signed-in person is a member of a workspace: the workspace service's POST /internal/access/check. */
export interface WorkspaceAccess {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
}

export class HttpWorkspaceAccess implements WorkspaceAccess {
  constructor(private readonly client: ServiceClient) {}

  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    return checkWorkspaceAccess(this.client, region, workspaceId, user);
  }
}
