import Joi from 'joi';
import { AGENCY_API, AGENCY_API_MESSAGES, documentId, hostQuerySchema, ownedCustomDomainQuerySchema, ownedDnsInstructionsEmailRequestSchema, routeOf, type OwnedCustomDomainQuery, type ResponseOf } from '@platform/contracts';
import { ACCESS_MESSAGES } from '@platform/contracts';
import type { DnsInstructionsUseCases } from '../usecases/dns-instructions';
import type { DomainUseCases } from '../usecases/domains';
import type { HostUseCases } from '../usecases/hosts';
import type { AgencyRouteSpec } from './agency-routes';

/** The host is checked by the use case (custom domain or product subdomain rules and their messages). */
const customDomainBody = Joi.object({
  customDomain: Joi.string().allow('').max(253).required(),
  userId: documentId().required(),
  agencyId: documentId().required(),
  isVGSubdomain: Joi.boolean().valid(true),
  isCustomDomain: Joi.boolean().valid(true),
}).xor('isVGSubdomain', 'isCustomDomain');

const domainQuery = (req: { query: unknown }) => req.query as OwnedCustomDomainQuery;

export function domainRoutes(domains: DomainUseCases, dns: DnsInstructionsUseCases, hosts: HostUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(AGENCY_API.setCustomDomain),
      summary: "Sets the agency's product subdomain or custom domain (whitelabel) and answers the DNS verification records",
      access: 'member',
      schemas: { body: customDomainBody },
      workspace: (req) => req.body.userId,
      success: { status: 200, description: 'CustomDomainResponse {success, data: {verification}}' },
      failures: [400, 401, 403, 404, 409, 502],
      handler: async (req, res, grant) => {
        res.json((await domains.set(req.region, grant, req.body)) satisfies ResponseOf<typeof AGENCY_API.setCustomDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.getCustomDomain),
      summary: 'Whether the domain is verified (asks the domain provider until it is)',
      access: 'member',
      schemas: { query: ownedCustomDomainQuerySchema },
      workspace: (req) => domainQuery(req).userId,
      success: { status: 200, description: '{success, isVerified}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        res.json({ success: true, isVerified: await domains.status(req.region, grant, domainQuery(req)) } satisfies ResponseOf<typeof AGENCY_API.getCustomDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.deleteCustomDomain),
      summary: 'Cancel (before verification) or Delete Domain (after): removed at the provider and from the agency',
      access: 'member',
      schemas: { query: ownedCustomDomainQuerySchema },
      workspace: (req) => domainQuery(req).userId,
      success: { status: 200, description: "{success, message: 'Domain deleted successfully..'}" },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        await domains.remove(req.region, grant, domainQuery(req));
        res.json({ success: true, message: AGENCY_API_MESSAGES.domainDeleted } satisfies ResponseOf<typeof AGENCY_API.deleteCustomDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.sendDnsInstructions),
      summary: "The 'email your developer' dialog: sends the DNS instructions by e-mail",
      access: 'member',
      schemas: { body: ownedDnsInstructionsEmailRequestSchema },
      workspace: (req) => req.body.userId,
      success: { status: 200, description: "{success, message: 'DNS instructions sent successfully!'}" },
      failures: [400, 401, 403, 502],
      handler: async (req, res) => {
        await dns.send(req.body);
        res.json({ success: true, message: AGENCY_API_MESSAGES.dnsInstructionsSent } satisfies ResponseOf<typeof AGENCY_API.sendDnsInstructions>);
      },
    },
    {
      ...routeOf(AGENCY_API.agencyHost),
      summary: 'Gateway only: the branding of the agency whose verified domain is this host',
      access: 'gateway',
      refusal: { forbidden: ACCESS_MESSAGES.gatewayOnly },
      schemas: { query: hostQuerySchema },
      success: { status: 200, description: 'AgencyHostResponse {success, agency, poweredBy}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        const { agency, poweredBy, region } = await hosts.brandingOf(String(req.query.host));
        res.json({ success: true, agency, poweredBy, region } satisfies ResponseOf<typeof AGENCY_API.agencyHost>);
      },
    },
  ];
}
