import { AGENT_API_MESSAGES, WORKSPACE_API, type Region, type WorkspaceAccessCheckRequest, type WorkspaceAccessCheckResponse } from '@platform/contracts';
import { HttpError, signForwarded, type Logger } from '@platform/kit';

/** Answers whether a signed-in person is a member of a workspace (owner or e-mail in workspaceEmails). */
export interface WorkspaceDirectory {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
}

export interface HttpDirectoryOptions {
  baseUrl: string;
  signingSecret: string;
  timeoutMs: number;
  cache: { ttlMs: number; negativeTtlMs: number; maxEntries: number };
  logger: Logger;
  now?: () => number;
}

/**
 * The workspace service's POST /internal/access/check, called with gateway-signed headers
 * (identity {kind:'gateway'}, the request's region). Answers are cached briefly: a removed
 * member keeps access for at most `ttlMs`. A failure to ask is a 503 and is never cached.
 */
export class HttpWorkspaceDirectory implements WorkspaceDirectory {
  private readonly cache = new Map<string, { isMember: boolean; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: HttpDirectoryOptions) {
    this.now = options.now ?? Date.now;
  }

  async isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    const key = JSON.stringify([region, workspaceId, user.userId, user.email.trim().toLowerCase()]);
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.isMember;
    const isMember = await this.ask(region, { uid: workspaceId, email: user.email, userId: user.userId });
    this.remember(key, isMember);
    return isMember;
  }

  private remember(key: string, isMember: boolean): void {
    const { ttlMs, negativeTtlMs, maxEntries } = this.options.cache;
    this.cache.delete(key);
    // Oldest first out: Map keeps insertion order.
    while (this.cache.size >= maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { isMember, until: this.now() + (isMember ? ttlMs : negativeTtlMs) });
  }

  private async ask(region: Region, body: WorkspaceAccessCheckRequest): Promise<boolean> {
    let response: Response;
    try {
      const path = WORKSPACE_API.checkWorkspaceAccess.path;
      const json = JSON.stringify(body);
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signForwarded({ identity: { kind: 'gateway' }, region }, this.options.signingSecret, { method: 'POST', path, body: json }),
        },
        body: json,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      this.options.logger.warn({ err }, 'workspace service unreachable');
      throw new HttpError(503, AGENT_API_MESSAGES.workspaceUnavailable);
    }
    // An unknown workspace (404) or an invalid e-mail (400): not a member.
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok) {
      this.options.logger.warn({ status: response.status }, 'workspace service refused the access check');
      throw new HttpError(503, AGENT_API_MESSAGES.workspaceUnavailable);
    }
    return ((await response.json()) as WorkspaceAccessCheckResponse).isMember === true;
  }
}
