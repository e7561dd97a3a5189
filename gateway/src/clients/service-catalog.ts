import type { Region } from '@platform/contracts';
import { gatewayOpenApi, mergeOpenApi, type OpenApiDocument } from '../domain/openapi';
import { SERVICES, type ServiceName } from '../domain/services';
import { callService } from './service-call';

export interface CatalogOptions {
  serviceUrls: Partial<Record<ServiceName, string>>;
  signingSecret: string;
  region: Region;
  timeoutMs: number;
  openApiCacheMs: number;
}

export type ServiceReadiness = 'ready' | 'not ready' | 'unreachable' | 'not configured';

/** What the gateway learns by asking every service: their OpenAPI documents and readiness. */
export class ServiceCatalog {
  private openApi?: { document: OpenApiDocument; expiresAt: number };
  private pendingOpenApi?: Promise<OpenApiDocument>;

  constructor(private readonly options: CatalogOptions) {}

  /** The merged document, rebuilt at most once per cache period; services that don't answer are left out. */
  async openApiDocument(): Promise<OpenApiDocument> {
    if (this.openApi && this.openApi.expiresAt > Date.now()) return this.openApi.document;
    this.pendingOpenApi ??= this.buildOpenApi().finally(() => (this.pendingOpenApi = undefined));
    return this.pendingOpenApi;
  }

  async readiness(): Promise<Record<ServiceName, ServiceReadiness>> {
    const entries = await Promise.all(
      SERVICES.map(async (service): Promise<[ServiceName, ServiceReadiness]> => {
        const url = this.options.serviceUrls[service];
        if (!url) return [service, 'not configured'];
        try {
          const answer = await callService(`${url}/readyz`, this.call());
          return [service, answer.status === 200 ? 'ready' : 'not ready'];
        } catch {
          return [service, 'unreachable'];
        }
      }),
    );
    return Object.fromEntries(entries) as Record<ServiceName, ServiceReadiness>;
  }

  private async buildOpenApi(): Promise<OpenApiDocument> {
    const configured = SERVICES.filter((service) => this.options.serviceUrls[service]);
    const documents = await Promise.all(
      configured.map(async (service) => {
        try {
          const answer = await callService(`${this.options.serviceUrls[service]}/openapi.json`, this.call());
          return answer.status === 200 ? { service, document: answer.body } : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    const document = mergeOpenApi(gatewayOpenApi(), documents.filter((d) => d !== undefined));
    this.openApi = { document, expiresAt: Date.now() + this.options.openApiCacheMs };
    return document;
  }

  private call() {
    return { region: this.options.region, signingSecret: this.options.signingSecret, timeoutMs: this.options.timeoutMs };
  }
}
