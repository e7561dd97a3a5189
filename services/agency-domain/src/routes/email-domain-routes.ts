import Joi from 'joi';
import { AGENCY_API, addEmailDomainRequestSchema, ownerQuerySchema, routeOf, type OwnerQuery, type ResponseOf } from '@platform/contracts';
import type { EmailDomainUseCases } from '../usecases/email-domains';
import type { AgencyRouteSpec } from './agency-routes';

const idParams = Joi.object({ id: Joi.string().max(100).pattern(/^[A-Za-z0-9-]+$/).required() });
const owner = (req: { query: unknown }) => (req.query as OwnerQuery).userId;

/** The Email tab's sending domain (spec 4.2, 7): only the agency's owner workspace. */
export function emailDomainRoutes(emails: EmailDomainUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(AGENCY_API.addEmailDomain),
      summary: "Adds the agency's e-mail domain at the provider and answers its DNS records (status not_started)",
      access: 'member',
      schemas: { params: Joi.object({ domain: Joi.string().max(253).required() }), body: addEmailDomainRequestSchema },
      workspace: (req) => req.body.userId,
      success: { status: 200, description: 'EmailDomainResponse {success, data: {id, status, records}}' },
      failures: [400, 401, 403, 404, 409, 502],
      handler: async (req, res, grant) => {
        res.json((await emails.add(req.region, grant.workspaceId, req.body.agencyId, req.body.domain)) satisfies ResponseOf<typeof AGENCY_API.addEmailDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.verifyEmailDomain),
      summary: 'Verify DNS Records: the provider checks them; the status becomes pending',
      access: 'member',
      schemas: { params: idParams, query: ownerQuerySchema, body: Joi.object({}) },
      workspace: owner,
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        await emails.verify(req.region, grant.workspaceId, req.params.id!);
        res.json({ success: true } satisfies ResponseOf<typeof AGENCY_API.verifyEmailDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.getEmailDomain),
      summary: "The e-mail domain's status and records (polled every 5 s while pending)",
      access: 'member',
      schemas: { params: idParams, query: ownerQuerySchema },
      workspace: owner,
      success: { status: 200, description: 'EmailDomainResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        res.json((await emails.status(req.region, grant.workspaceId, req.params.id!)) satisfies ResponseOf<typeof AGENCY_API.getEmailDomain>);
      },
    },
    {
      ...routeOf(AGENCY_API.deleteEmailDomain),
      summary: 'Delete Domain: resets the domain, its id and records; status not_started',
      access: 'member',
      schemas: { params: idParams, query: ownerQuerySchema },
      workspace: owner,
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        await emails.remove(req.region, grant.workspaceId, req.params.id!);
        res.json({ success: true } satisfies ResponseOf<typeof AGENCY_API.deleteEmailDomain>);
      },
    },
  ];
}
