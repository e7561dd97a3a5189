import type { DomainVerificationRecord } from '@platform/contracts';

/** The domain provider's refusal, with its own message (e.g. the domain is on another account). */
export class DomainProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ProjectDomain {
  name: string;
  verified: boolean;
  /** DNS records that prove ownership, while not verified */
  verification: DomainVerificationRecord[];
}

/** The hosting provider that serves the product on agency domains (a Vercel-style projects API). */
export interface DomainProvider {
  addDomain(host: string): Promise<ProjectDomain>;
  /** Asks the provider to check the DNS records now; true once verified. */
  verifyDomain(host: string): Promise<boolean>;
  removeDomain(host: string): Promise<void>;
}

interface ProviderErrorBody {
  error?: { code?: string; message?: string };
}

/**
 * POST /v10/projects/{project}/domains {name}; POST /v9/projects/{project}/domains/{name}/verify;
 * DELETE /v9/projects/{project}/domains/{name}; bearer token. Base URL from configuration
 * (locally infra/sandboxes/domains).
 */
export class HttpDomainProvider implements DomainProvider {
  constructor(private readonly options: { baseUrl: string; token: string; project: string; timeoutMs: number }) {}

  async addDomain(host: string): Promise<ProjectDomain> {
    const body = await this.call('POST', `/v10/projects/${encodeURIComponent(this.options.project)}/domains`, { name: host });
    return body as ProjectDomain;
  }

  async verifyDomain(host: string): Promise<boolean> {
    try {
      const body = (await this.call('POST', `/v9/projects/${encodeURIComponent(this.options.project)}/domains/${encodeURIComponent(host)}/verify`)) as ProjectDomain;
      return body.verified === true;
    } catch (err) {
      // Not verified yet: the provider answers 400 until the records are found.
      if (err instanceof DomainProviderError && err.status === 400) return false;
      throw err;
    }
  }

  async removeDomain(host: string): Promise<void> {
    try {
      await this.call('DELETE', `/v9/projects/${encodeURIComponent(this.options.project)}/domains/${encodeURIComponent(host)}`);
    } catch (err) {
      if (err instanceof DomainProviderError && err.status === 404) return;
      throw err;
    }
  }

  private async call(method: string, path: string, json?: unknown): Promise<unknown> {
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.options.token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as ProviderErrorBody;
    if (!response.ok) throw new DomainProviderError(body.error?.message ?? `domain provider answered ${response.status}`, response.status);
    return body;
  }
}
