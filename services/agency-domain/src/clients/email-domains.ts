import type { EmailDnsRecord, EmailDomainStatus } from '@platform/contracts';

export interface ProviderEmailDomain {
  id: string;
  name: string;
  status: EmailDomainStatus | string;
  records: EmailDnsRecord[];
}

export class EmailDomainProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The e-mail sending provider's domains (Resend's API shapes; locally infra/sandboxes/email-domains). */
export interface EmailDomainProvider {
  add(name: string): Promise<ProviderEmailDomain>;
  verify(id: string): Promise<void>;
  get(id: string): Promise<ProviderEmailDomain>;
  remove(id: string): Promise<void>;
}

export class HttpEmailDomainProvider implements EmailDomainProvider {
  constructor(private readonly options: { baseUrl: string; apiKey: string; timeoutMs: number }) {}

  add(name: string) {
    return this.call('POST', '/domains', { name }) as Promise<ProviderEmailDomain>;
  }
  async verify(id: string) {
    await this.call('POST', `/domains/${encodeURIComponent(id)}/verify`);
  }
  get(id: string) {
    return this.call('GET', `/domains/${encodeURIComponent(id)}`) as Promise<ProviderEmailDomain>;
  }
  async remove(id: string) {
    try {
      await this.call('DELETE', `/domains/${encodeURIComponent(id)}`);
    } catch (err) {
      if (!(err instanceof EmailDomainProviderError && err.status === 404)) throw err;
    }
  }

  private async call(method: string, path: string, json?: unknown): Promise<unknown> {
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.options.apiKey}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    if (!response.ok) throw new EmailDomainProviderError(body.message ?? `e-mail provider answered ${response.status}`, response.status);
    return body;
  }
}
