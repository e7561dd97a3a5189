import { UPSTREAM_MESSAGES, WORKSPACE_API, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { callService, checkWorkspaceAccess, serviceRefused, type ServiceClient } from '@platform/kit';

/**
 * Whether a workspace has credits left (loadTokens > 0), for the runtime's refusal. Read from
 * the workspace service today; the billing service can take this over behind the same interface.
 */
export interface CreditBalance {
  /** `orgId`: the organisation that pays for the agent (ADR 0026); only billing keeps organisations' credits. */
  hasCredits(region: Region, workspaceId: string, orgId?: string): Promise<boolean>;
}

/** Answers whether a signed-in person is a member of a workspace (owner or e-mail in workspaceEmails). */
export interface WorkspaceDirectory {
  isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean>;
}

export interface HttpDirectoryOptions extends ServiceClient {
  cache: { ttlMs: number; negativeTtlMs: number; maxEntries: number };
  now?: () => number;
}

/**
 * The workspace service's POST /internal/access/check, called with gateway-signed headers
 * (identity {kind:'gateway'}, the request's region). Answers are cached briefly: a removed
 * member keeps access for at most `ttlMs`. A failure to ask is a 503 and is never cached.
 */
export class HttpWorkspaceDirectory implements WorkspaceDirectory, CreditBalance {
  private readonly cache = new Map<string, { isMember: boolean; until: number }>();
  private readonly balances = new Map<string, { hasCredits: boolean; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: HttpDirectoryOptions) {
    this.now = options.now ?? Date.now;
  }

  async isMember(region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
    const key = JSON.stringify([region, workspaceId, user.userId, user.email.trim().toLowerCase()]);
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.isMember;
    const isMember = await checkWorkspaceAccess(this.options, region, workspaceId, user);
    this.remember(key, isMember);
    return isMember;
  }

  /**
   * GET /v2/workspaces/{uid} as the workspace itself (signed like the gateway signs a
   * workspace secret's calls); reused for `cache.ttlMs`, so a spent balance refuses within that.
   */
  async hasCredits(region: Region, workspaceId: string): Promise<boolean> {
    const key = `${region}:${workspaceId}`;
    const cached = this.balances.get(key);
    if (cached && cached.until > this.now()) return cached.hasCredits;
    const path = servicePath(WORKSPACE_API.getWorkspace.path, { uid: workspaceId });
    const unavailable = UPSTREAM_MESSAGES.workspaceUnavailable;
    const response = await callService(this.options, { method: 'GET', path, identity: { kind: 'workspace', workspaceId, region }, region, unavailable });
    if (response.status === 404) return false;
    if (!response.ok) throw serviceRefused(this.options, response, unavailable);
    const { data } = (await response.json()) as ResponseOf<typeof WORKSPACE_API.getWorkspace>;
    const hasCredits = (data.loadTokens ?? 0) > 0;
    while (this.balances.size >= this.options.cache.maxEntries) this.balances.delete(this.balances.keys().next().value as string);
    this.balances.set(key, { hasCredits, until: this.now() + this.options.cache.ttlMs });
    return hasCredits;
  }

  private remember(key: string, isMember: boolean): void {
    const { ttlMs, negativeTtlMs, maxEntries } = this.options.cache;
    this.cache.delete(key);
    // Oldest first out: Map keeps insertion order.
    while (this.cache.size >= maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { isMember, until: this.now() + (isMember ? ttlMs : negativeTtlMs) });
  }
}
