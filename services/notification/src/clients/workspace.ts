import { UPSTREAM_MESSAGES, WORKSPACE_API, servicePath, type EventsTargetResponse, type Region } from '@platform/contracts';
import { callService, checkWorkspaceAccess, serviceRefused, type ServiceClient } from '@platform/kit';

export type EventsTarget = EventsTargetResponse['target'];

/** What this service asks the workspace service: membership (member routes) and where a workspace's events go. */
export interface WorkspaceDirectory {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
  /** null: no such workspace */
  eventsTarget(region: Region, workspaceId: string): Promise<EventsTarget | null>;
}

export class HttpWorkspaceDirectory implements WorkspaceDirectory {
  constructor(private readonly client: ServiceClient) {}

  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    return checkWorkspaceAccess(this.client, region, workspaceId, user);
  }

  async eventsTarget(region: Region, workspaceId: string): Promise<EventsTarget | null> {
    const path = servicePath(WORKSPACE_API.getEventsTarget.path, { uid: workspaceId });
    const unavailable = UPSTREAM_MESSAGES.workspaceUnavailable;
    const response = await callService(this.client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
    if (response.status === 404) return null;
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
    return ((await response.json()) as EventsTargetResponse).target;
  }
}
