import Joi from 'joi';
import { documentId } from '../entities/common';
import { endpoint, type NoBody, type NoParams, type NoQuery } from './endpoint';
import type { ClientSignInResponse } from './clients';

/**
 * The client dashboard's own calls beyond the session (ADR 0027): an html custom tab's page,
 * served under its own sandboxing CSP so its script runs without the dashboard's origin, and the
 * organisation switcher of a session that may act for several organisations (the agency admin).
 */
export interface ClientCustomTabQuery {
  /** the tab's href, e.g. /faq */
  href: string;
  /** the agent page the tab is opened on (a dashboard variable) */
  agentId?: string;
}
export const clientCustomTabQuerySchema = Joi.object<ClientCustomTabQuery, true>({
  href: Joi.string().max(200).pattern(/^\//).required(),
  agentId: documentId(),
});

export interface SwitchOrganizationRequest {
  orgId: string;
}
export const switchOrganizationRequestSchema = Joi.object<SwitchOrganizationRequest, true>({ orgId: documentId().required() });

export const CLIENT_DASHBOARD_API = {
  renderClientCustomTab: endpoint<NoParams, ClientCustomTabQuery, NoBody, string>()({
    service: 'agency-domain',
    operationId: 'renderClientCustomTab',
    method: 'get',
    path: '/v2/client/custom-tab',
  }),
  switchClientOrganization: endpoint<NoParams, NoQuery, SwitchOrganizationRequest, ClientSignInResponse>()({
    service: 'agency-domain',
    operationId: 'switchClientOrganization',
    method: 'post',
    path: '/v2/client/organization',
  }),
} as const;
