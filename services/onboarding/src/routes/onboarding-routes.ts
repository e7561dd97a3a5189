import { ONBOARDING_API, ONBOARDING_MESSAGES, createPersonalizedAgentBodySchema, getBrandingInfoRequestSchema, routeOf, type BodyOf, type ResponseOf } from '@platform/contracts';
import { HttpError, type RouteSpec } from '@platform/kit';
import type { BrandingUseCases } from '../usecases/branding';
import type { PersonalizedAgentUseCases } from '../usecases/personalized-agent';

export function onboardingRoutes(branding: BrandingUseCases, agents: PersonalizedAgentUseCases, publicUrl: string): RouteSpec[] {
  return [
    {
      ...routeOf(ONBOARDING_API.getBrandingInfo),
      summary: "Reads the company's website (SSRF-safe) for up to 11 brand colours by prominence, its logo and favicon",
      access: 'user',
      schemas: { body: getBrandingInfoRequestSchema },
      success: { status: 200, description: '{success, brandingInfo: {colors, favicon?, logo?}}' },
      failures: [400, 401, 422],
      handler: async (req, res) => {
        const { company } = req.body as BodyOf<typeof ONBOARDING_API.getBrandingInfo>;
        const result = await branding.analyze(company.website);
        if (!result.ok) throw new HttpError(422, ONBOARDING_MESSAGES.brandingFailed);
        res.json({ success: true, brandingInfo: result.branding } satisfies ResponseOf<typeof ONBOARDING_API.getBrandingInfo>);
      },
    },
    {
      ...routeOf(ONBOARDING_API.createPersonalizedAgent),
      summary: "Creates the first agent in the workspace: worded from the company data and the website, the site's text as its knowledge, the chosen colour as its theme",
      access: 'user',
      schemas: { body: createPersonalizedAgentBodySchema },
      success: { status: 201, description: '{success, agentId, prototypeUrl, agentData}' },
      failures: [400, 401, 403, 502],
      handler: async (req, res, caller) => {
        const body = req.body as BodyOf<typeof ONBOARDING_API.createPersonalizedAgent>;
        const result = await agents.create(req.region, caller, body);
        if (!result.ok) {
          // The agent service's refusal (401/403/400) is the caller's; anything else is ours to report as a bad gateway.
          const status = [400, 401, 403].includes(result.status) ? result.status : 502;
          throw new HttpError(status, status === 502 ? ONBOARDING_MESSAGES.agentFailed : (result.message ?? ONBOARDING_MESSAGES.agentFailed));
        }
        const agentId = result.agent.ID!;
        const prototypeUrl = `${publicUrl}/app/${req.region}/agents/${agentId}/overview?showDebugger=true`;
        res.status(201).json({ success: true, agentId, prototypeUrl, agentData: result.agent } satisfies ResponseOf<typeof ONBOARDING_API.createPersonalizedAgent>);
      },
    },
  ];
}
