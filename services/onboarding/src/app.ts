import type { Express } from 'express';
import { createApp, serviceRouter, type Logger, type RouteSpec } from '@platform/kit';
import { HttpAgentService, type AgentService } from './clients/agent-service';
import { OpenAiCompletion, type Completion } from './clients/llm';
import { WebsiteReader } from './clients/website';
import type { OnboardingConfig } from './config';
import { onboardingRoutes } from './routes/onboarding-routes';
import { BrandingUseCases } from './usecases/branding';
import { PersonalizedAgentUseCases } from './usecases/personalized-agent';

export const OPENAPI_INFO = {
  title: 'Onboarding service',
  description: "A company's website read for its branding, and a first agent in that brand that knows the site.",
  tag: 'onboarding',
};

export interface AppDeps {
  config: OnboardingConfig;
  logger: Logger;
  /** default: the agent service over HTTP */
  agents?: AgentService;
  /** default: the OpenAI-compatible client of config.llm */
  llm?: Completion;
}

/** The service's one assembly: use cases wired to their clients, and the route table built from them. */
export function routeTable(deps: AppDeps): { routes: RouteSpec[] } {
  const branding = new BrandingUseCases({ website: new WebsiteReader(deps.config.outbound), logger: deps.logger });
  const agents = new PersonalizedAgentUseCases({
    branding,
    llm: deps.llm ?? new OpenAiCompletion(deps.config.llm),
    agents:
      deps.agents ?? new HttpAgentService({ baseUrl: deps.config.agentServiceUrl, signingSecret: deps.config.platform.internalSigningSecret, timeoutMs: Math.max(deps.config.serviceCallTimeoutMs, 10_000) }),
    logger: deps.logger,
  });
  return { routes: onboardingRoutes(branding, agents, deps.config.publicUrl) };
}

export function buildApp(deps: AppDeps): Express {
  const { routes } = routeTable(deps);
  const router = serviceRouter({ routes, authorizer: {}, openApi: OPENAPI_INFO, signingSecret: deps.config.platform.internalSigningSecret });
  return createApp({ name: 'onboarding', logger: deps.logger, routes: router });
}
