import { WORKSPACE_API, type Region, type WorkspaceAccessCheckRequest, type WorkspaceAccessCheckResponse } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';

const UNAVAILABLE = 'The workspace service is unavailable, please try again.';

/** Whether a signed-in person is a member of a workspace: the workspace service's POST /internal/access/check. */
export interface WorkspaceAccess {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
}

export class HttpWorkspaceAccess implements WorkspaceAccess {
  constructor(private readonly options: { baseUrl: string; signingSecret: string; timeoutMs: number; logger: Logger }) {}

  async isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    const path = WORKSPACE_API.checkWorkspaceAccess.path;
    const body = JSON.stringify({ uid: workspaceId, email: user.email, userId: user.userId } satisfies WorkspaceAccessCheckRequest);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signForwarded({ identity: { kind: 'gateway' }, region }, this.options.signingSecret, { method: 'POST', path, body }) },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      this.options.logger.warn({ err }, 'workspace service unreachable');
      throw new HttpError(503, UNAVAILABLE);
    }
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok) throw new HttpError(503, UNAVAILABLE);
    return ((await response.json()) as WorkspaceAccessCheckResponse).isMember === true;
  }
}
