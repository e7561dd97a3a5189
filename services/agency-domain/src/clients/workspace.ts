import { ACCESS_MESSAGES, WORKSPACE_API, servicePath, type Region, type ResponseOf, type WorkspaceAccessCheckResponse } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';

/** What this service asks the workspace service: membership (every member route) and the workspace's public flags. */
export interface WorkspaceDirectory {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
  publicFlags(region: Region, workspaceId: string): Promise<ResponseOf<typeof WORKSPACE_API.getPublicUser>['data'] | null>;
}

export interface HttpWorkspaceDirectoryOptions {
  baseUrl: string;
  signingSecret: string;
  timeoutMs: number;
  logger: Logger;
}

const UNAVAILABLE = 'The workspace service is unavailable, please try again.';

/** The workspace service over HTTP with gateway-signed headers. Not cached: agency settings are rare calls. */
export class HttpWorkspaceDirectory implements WorkspaceDirectory {
  constructor(private readonly options: HttpWorkspaceDirectoryOptions) {}

  async isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    const response = await this.call(region, 'POST', WORKSPACE_API.checkWorkspaceAccess.path, JSON.stringify({ uid: workspaceId, email: user.email, userId: user.userId }));
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok) throw new HttpError(503, UNAVAILABLE);
    return ((await response.json()) as WorkspaceAccessCheckResponse).isMember === true;
  }

  async publicFlags(region: Region, workspaceId: string) {
    // The route requires an agencyId it does not use for the answer.
    const path = `${servicePath(WORKSPACE_API.getPublicUser.path, { userId: workspaceId })}?agencyId=${encodeURIComponent(workspaceId)}`;
    const response = await this.call(region, 'GET', path);
    if (response.status === 404) return null;
    if (!response.ok) throw new HttpError(503, UNAVAILABLE);
    return ((await response.json()) as ResponseOf<typeof WORKSPACE_API.getPublicUser>).data;
  }

  private async call(region: Region, method: 'GET' | 'POST', path: string, body?: string): Promise<Response> {
    try {
      return await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...signForwarded({ identity: { kind: 'gateway' }, region }, this.options.signingSecret, { method, path, body }),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      this.options.logger.warn({ err }, 'workspace service unreachable');
      throw new HttpError(503, UNAVAILABLE);
    }
  }
}

export const NO_ACCESS = ACCESS_MESSAGES.workspaceNoAccess;
