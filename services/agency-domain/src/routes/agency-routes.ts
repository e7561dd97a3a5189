import Joi from 'joi';
import { AGENCY_API, AGENCY_API_MESSAGES, RESERVED_TAB_PATHS, customTabPageHtml, documentId, fontCheckQuerySchema, routeOf, saveAgencyRequestSchema, type ResponseOf } from '@platform/contracts';
import { notFound, type RouteSpec } from '@platform/kit';
import type { AgencyPolicy } from '../usecases/access';
import { CUSTOM_TAB_CSP, CUSTOM_TAB_NOT_FOUND } from '../domain/custom-tab-page';
import type { AgencyUseCases } from '../usecases/agency';

export type AgencyRouteSpec = RouteSpec<AgencyPolicy>;
export const uidParams = Joi.object({ uid: documentId().required() });

/** The agency settings of a workspace: only that workspace (members, its secret) reads or changes them. */
export function agencyRoutes(agencies: AgencyUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(AGENCY_API.getAgency),
      summary: "The workspace's agency (null before its first save), whitelabel access and the product subdomains' root domain",
      access: 'member',
      schemas: { params: uidParams },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: 'AgencyResponse {success, agency, whitelabel, rootDomain}' },
      failures: [400, 401, 403],
      handler: async (req, res, grant) => {
        res.json({ success: true, ...(await agencies.read(req.region, grant.workspaceId)) } satisfies ResponseOf<typeof AGENCY_API.getAgency>);
      },
    },
    {
      ...routeOf(AGENCY_API.saveAgency),
      summary: 'Saves the agency form (spec 4.1): creates the agency when missing, then merges the fields with lastModified',
      access: 'member',
      schemas: { params: uidParams, body: saveAgencyRequestSchema },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: "SaveAgencyResponse {success, agency, initialized, message: 'Saved successfully'}" },
      failures: [400, 401, 403, 500],
      handler: async (req, res, grant) => {
        const saved = await agencies.save(req.region, grant.workspaceId, req.body);
        res.json({ success: true, ...saved, message: AGENCY_API_MESSAGES.saved } satisfies ResponseOf<typeof AGENCY_API.saveAgency>);
      },
    },
    {
      ...routeOf(AGENCY_API.regenAgencySecret),
      summary: 'Regen Secret: a new 25-character agency secret; the old one stops working',
      access: 'member',
      schemas: { params: uidParams, body: Joi.object({}) },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: 'AgencySecretResponse {success, secret}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        res.json({ success: true, secret: await agencies.regenSecret(req.region, grant.workspaceId) } satisfies ResponseOf<typeof AGENCY_API.regenAgencySecret>);
      },
    },
    {
      ...routeOf(AGENCY_API.checkFont),
      summary: 'Whether the fonts service knows a font family (inherit is always valid)',
      access: 'member',
      schemas: { params: uidParams, query: fontCheckQuerySchema },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: '{success, valid}' },
      failures: [400, 401, 403],
      handler: async (req, res) => {
        res.json({ success: true, valid: await agencies.fontExists(String(req.query.family)) } satisfies ResponseOf<typeof AGENCY_API.checkFont>);
      },
    },
    {
      ...routeOf(AGENCY_API.renderCustomTab),
      summary: "An html custom tab's page (text/html) under its own sandboxing CSP, for the /app/{region}/c{tabHref} frame",
      access: 'member',
      schemas: { params: uidParams, query: Joi.object({ href: Joi.string().max(200).pattern(/^\//).required() }) },
      workspace: (req) => req.params.uid!,
      success: { status: 200, description: 'text/html' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, grant) => {
        const agency = await agencies.current(req.region, grant.workspaceId);
        const tab = agency?.customTabs?.find((t) => t.href === req.query.href && t.pageType !== 'iframe');
        if (!agency || !tab || RESERVED_TAB_PATHS.includes(tab.href)) throw notFound(CUSTOM_TAB_NOT_FOUND);
        res.setHeader('Content-Security-Policy', CUSTOM_TAB_CSP);
        res.setHeader('X-Frame-Options', 'SAMEORIGIN');
        res.type('html').send(customTabPageHtml(tab, { agency: { ID: agency.ID, name: agency.name } }));
      },
    },
  ];
}
