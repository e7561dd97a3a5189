import type { Express } from 'express';
import { RateLimiter, createApp, serviceRouter, type Logger, type ReadinessCheck, type RegionalMongo } from '@platform/kit';
import { HttpDomainProvider, type DomainProvider } from './clients/domain-provider';
import { HttpEmailDomainProvider, type EmailDomainProvider } from './clients/email-domains';
import { HttpFontsService, type FontsService } from './clients/fonts';
import { smtpMailer, type Mailer } from '@platform/kit';
import { BillingEntitlement, WorkspaceFlagEntitlement, type WhitelabelEntitlement } from './clients/whitelabel';
import { HttpWorkspaceDirectory, type WorkspaceDirectory } from './clients/workspace';
import type { AgencyDomainConfig } from './config';
import { agencyRoutes, type AgencyRouteSpec } from './routes/agency-routes';
import { domainRoutes } from './routes/domain-routes';
import { emailDomainRoutes } from './routes/email-domain-routes';
import { AgencyStore } from './store/agencies';
import { COLLECTION } from './store/collections';
import { AgencyAccess, type AgencyPolicy } from './usecases/access';
import { AgencyUseCases } from './usecases/agency';
import { DnsInstructionsUseCases } from './usecases/dns-instructions';
import { DomainUseCases } from './usecases/domains';
import { EmailDomainUseCases } from './usecases/email-domains';
import { HostUseCases } from './usecases/hosts';
import { ClientStore } from './store/clients';
import { HttpOrganizationBillingRegistry, noBillingRegistry } from './clients/organization-billing';
import { OrganizationUseCases } from './usecases/organizations';
import { ClientAuthUseCases } from './usecases/client-auth';
import { clientAuthRoutes } from './routes/client-auth-routes';
import { agencyClientRoutes, internalOrganizationRoutes, signedInClientRoutes } from './routes/client-routes';
import { clientFeedbackRoutes } from './routes/client-feedback-routes';
import { ClientCustomTabUseCases } from './usecases/client-custom-tabs';
import { clientCustomTabRoutes } from './routes/client-custom-tab-routes';
import { ClientFeedbackUseCases } from './usecases/client-feedback';

export const OPENAPI_INFO = {
  title: 'Agency domain service',
  description:
    'Agency settings, product subdomains and custom domains, the DNS instructions e-mail, agency hosts for the gateway, and the agency clients module (organisations, clients, client sign-in).',
  tag: 'agency-domain',
};

export interface AppDeps {
  config: AgencyDomainConfig;
  mongo: RegionalMongo;
  logger: Logger;
  /** default: the workspace service over HTTP */
  directory?: WorkspaceDirectory;
  /** default: billing's entitlement when SERVICE_URL_BILLING is set, else the workspace flag (clients/whitelabel.ts) */
  whitelabel?: WhitelabelEntitlement;
  domains?: DomainProvider;
  fonts?: FontsService;
  emailDomains?: EmailDomainProvider;
  mailer?: Mailer;
  readiness?: ReadinessCheck[];
  eventsWritten?: () => void;
  now?: () => Date;
}

/** The service's one assembly: use cases wired to their stores and clients, the route table built from them, and its authoriser. */
export function routeTable(deps: AppDeps): { routes: AgencyRouteSpec[]; access: AgencyAccess } {
  const { config, logger } = deps;
  const directory =
    deps.directory ?? new HttpWorkspaceDirectory({ baseUrl: config.workspaceServiceUrl, signingSecret: config.platform.internalSigningSecret, timeoutMs: config.serviceCallTimeoutMs, logger });
  const now = deps.now ?? (() => new Date());
  const useCaseDeps = {
    agencies: new AgencyStore(deps.mongo),
    whitelabel:
      deps.whitelabel ??
      (config.billingServiceUrl
        ? new BillingEntitlement({ baseUrl: config.billingServiceUrl, signingSecret: config.platform.internalSigningSecret, timeoutMs: config.serviceCallTimeoutMs, logger })
        : new WorkspaceFlagEntitlement(directory, now)),
    domains: deps.domains ?? new HttpDomainProvider({ ...config.domainProvider, timeoutMs: config.serviceCallTimeoutMs }),
    fonts: deps.fonts ?? new HttpFontsService({ baseUrl: config.fontsApiBase, timeoutMs: config.serviceCallTimeoutMs }),
    mailer: deps.mailer ?? smtpMailer(config.smtpUrl, config.mailFrom),
    logger,
    rootDomain: config.rootDomain,
    regions: deps.mongo.regions(),
    eventsWritten: deps.eventsWritten ?? (() => undefined),
    now,
  };
  const agencies = new AgencyUseCases(useCaseDeps);
  const emailDomains = deps.emailDomains ?? new HttpEmailDomainProvider({ ...config.emailDomainProvider, timeoutMs: config.serviceCallTimeoutMs });
  const clients = new ClientStore(deps.mongo);
  const billing = config.billingServiceUrl
    ? new HttpOrganizationBillingRegistry({ baseUrl: config.billingServiceUrl, signingSecret: config.platform.internalSigningSecret, timeoutMs: config.serviceCallTimeoutMs, logger })
    : noBillingRegistry;
  const organizations = new OrganizationUseCases({ clients, agencies, billing, logger, now });
  const clientAuth = new ClientAuthUseCases({
    clients,
    agencies: useCaseDeps.agencies,
    mailer: useCaseDeps.mailer,
    attempts: new RateLimiter(deps.mongo, COLLECTION.clientSignInAttempts),
    jwtSecret: config.platform.jwtSecret,
    publicUrl: config.publicUrl,
    logger,
    now,
  });
  const routes = [
    ...agencyRoutes(agencies),
    ...domainRoutes(new DomainUseCases(useCaseDeps, agencies), new DnsInstructionsUseCases(useCaseDeps), new HostUseCases(useCaseDeps)),
    ...emailDomainRoutes(new EmailDomainUseCases({ ...useCaseDeps, emailDomains }, agencies)),
    ...agencyClientRoutes(organizations, clientAuth),
    ...signedInClientRoutes(organizations, clientAuth),
    ...clientAuthRoutes(clientAuth, { secure: config.cookieSecure }),
    ...internalOrganizationRoutes(organizations),
    ...clientFeedbackRoutes(new ClientFeedbackUseCases({ agencies: useCaseDeps.agencies, clients, mailer: useCaseDeps.mailer })),
    ...clientCustomTabRoutes(new ClientCustomTabUseCases({ agencies: useCaseDeps.agencies, clients })),
  ];
  return { routes, access: new AgencyAccess(directory) };
}

export function buildApp(deps: AppDeps): Express {
  const { routes, access } = routeTable(deps);
  const router = serviceRouter<AgencyPolicy>({ routes, authorizer: access, openApi: OPENAPI_INFO, signingSecret: deps.config.platform.internalSigningSecret });
  return createApp({ name: 'agency-domain', logger: deps.logger, routes: router, readiness: deps.readiness });
}
