import Joi from 'joi';
import { ACCESS_MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import type { Agency, SaveAgencyRequest } from '../entities/agency';
import { documentId, hostname, type Region } from '../entities/common';
import { customDomainQuerySchema, dnsInstructionsEmailRequestSchema, type AddEmailDomainRequest, type EmailDomainResponse, type CustomDomainQuery, type CustomDomainRequest, type CustomDomainResponse, type DnsInstructionsEmailRequest } from '../entities/domains';
import { endpoint, type NoBody, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/** The texts of the agency settings and domain calls (spec agency-shell-clients §8, agents-channels-domains §4, §8). */
export const AGENCY_API_MESSAGES = {
  initialized: 'Agency settings initialized',
  initializeFailed: 'Error creating agency settings',
  saved: 'Saved successfully',
  saveFailed: 'Error occured when trying to save..',
  subdomainFailed: 'Failed to set up subdomain. Please try again.',
  customDomainFailed: 'Failed to set up custom domain. Please try again.',
  verificationPending: 'Domain verification pending..',
  verificationSuccessful: 'Domain verification successful..',
  domainDeleted: 'Domain deleted successfully..',
  cancelFailed: 'Error canceling domain',
  generatingSsl: 'Generating SSL certificate.',
  domainLive: 'Domain is live!',
  dnsInstructionsSent: 'DNS instructions sent successfully!',
  dnsInstructionsFailed: 'Failed to send email. Please try again.',
  dnsInstructionsError: 'An error occurred while sending the email.',
  instructionsCopied: 'Instructions copied to clipboard!',
  /** Not in the spec: the agency of the workspace does not exist yet. */
  noAgency: 'This workspace has no agency settings yet.',
  /** Not in the spec: the domain asked about is not the agency's. */
  domainNotFound: 'This domain is not set on your agency.',
  /** Not in the spec: custom domains need the whitelabel addon (its tooltip's words). */
  whitelabelRequired: 'This feature is available in whitelabel addon only',
  /** Not in the spec: the named agency is not this workspace's. */
  notYourAgency: ACCESS_MESSAGES.workspaceNoAccess,
  unsaved: 'There are unsaved changes.',
  allSaved: 'All changes saved.',
} as const;

type Uid = { uid: string };

/** The fixed values of the DNS tutorial (the domain provider's): apex '@' → A, any other host → CNAME; TTL Auto. */
export const DNS_TARGETS = { a: '76.76.21.21', cname: 'cname.vercel-dns.com' } as const;

/** GET /v2/workspaces/{uid}/agency: the workspace's agency (null before the first save), with its whitelabel access. */
export interface AgencyResponse extends SuccessResponse {
  agency: (Agency & { ID: string }) | null;
  whitelabel: boolean;
  /** the root domain product subdomains live under (e.g. myagency.{rootDomain}) */
  rootDomain: string;
}
/** POST /v2/workspaces/{uid}/agency: `initialized` when this save created the document (spec 4.1). */
export interface SaveAgencyResponse extends SuccessResponse {
  agency: Agency & { ID: string };
  initialized: boolean;
  message: string;
}
export interface AgencySecretResponse extends SuccessResponse {
  secret: string;
}
/** The custom-domain query with the owner's workspace uid (so only the owner may ask). */
export type OwnedCustomDomainQuery = CustomDomainQuery & { userId: string };
export const ownedCustomDomainQuerySchema = (customDomainQuerySchema as Joi.ObjectSchema<OwnedCustomDomainQuery>).keys({ userId: documentId().required() });
export interface CustomDomainStatusResponse extends SuccessResponse {
  isVerified: boolean;
}
/** The DNS instructions e-mail, sent for the owner's workspace. */
export type OwnedDnsInstructionsEmailRequest = DnsInstructionsEmailRequest & { userId: string };
export const ownedDnsInstructionsEmailRequestSchema = (dnsInstructionsEmailRequestSchema as Joi.ObjectSchema<OwnedDnsInstructionsEmailRequest>).keys({ userId: documentId().required() });
/** The e-mail domain calls name the owner's workspace (`userId`) so only the owner may make them. */
export type OwnerQuery = { userId: string };
export const ownerQuerySchema = Joi.object<OwnerQuery, true>({ userId: documentId().required() });
export const fontCheckQuerySchema = Joi.object({ family: Joi.string().trim().max(TEXT_LIMITS.name).required() });
export const hostQuerySchema = Joi.object({ host: hostname().required() });
/** GET /internal/agency-hosts?host: the branding an agency host shows (gateway only). */
export interface AgencyHostResponse extends SuccessResponse {
  agency: Omit<Agency, 'secret' | 'resendEmailDomainId' | 'resendEmailDomainRecords_JSON_STRING' | 'customDomainConfig'> & { ID: string };
  /** Powered by the product is shown unless the owner has the whitelabel addon */
  poweredBy: boolean;
  /** the region whose database holds the agency (the EU GDPR note) */
  region: Region;
}

/** Every endpoint of the agency-domain service (services/agency-domain/README.md). */
export const AGENCY_API = {
  getAgency: endpoint<Uid, NoQuery, NoBody, AgencyResponse>()({ service: 'agency-domain', operationId: 'getAgency', method: 'get', path: '/v2/workspaces/:uid/agency' }),
  saveAgency: endpoint<Uid, NoQuery, SaveAgencyRequest, SaveAgencyResponse>()({ service: 'agency-domain', operationId: 'saveAgency', method: 'post', path: '/v2/workspaces/:uid/agency' }),
  regenAgencySecret: endpoint<Uid, NoQuery, Record<string, never>, AgencySecretResponse>()({
    service: 'agency-domain',
    operationId: 'regenAgencySecret',
    method: 'post',
    path: '/v2/workspaces/:uid/agency/secret',
  }),
  checkFont: endpoint<Uid, { family: string }, NoBody, SuccessResponse & { valid: boolean }>()({ service: 'agency-domain', operationId: 'checkFont', method: 'get', path: '/v2/workspaces/:uid/agency/font' }),
  setCustomDomain: endpoint<NoParams, NoQuery, CustomDomainRequest, CustomDomainResponse>()({ service: 'agency-domain', operationId: 'setCustomDomain', method: 'post', path: '/vercel-api/custom-domain', atApiRoot: true }),
  getCustomDomain: endpoint<NoParams, OwnedCustomDomainQuery, NoBody, CustomDomainStatusResponse>()({
    service: 'agency-domain',
    operationId: 'getCustomDomain',
    method: 'get',
    path: '/vercel-api/custom-domain',
    atApiRoot: true,
  }),
  deleteCustomDomain: endpoint<NoParams, OwnedCustomDomainQuery, NoBody, SuccessResponse & { message: string }>()({
    service: 'agency-domain',
    operationId: 'deleteCustomDomain',
    method: 'delete',
    path: '/vercel-api/custom-domain',
    atApiRoot: true,
  }),
  sendDnsInstructions: endpoint<NoParams, NoQuery, OwnedDnsInstructionsEmailRequest, SuccessResponse & { message: string }>()({
    service: 'agency-domain',
    operationId: 'sendDnsInstructions',
    method: 'post',
    path: '/mail/send-dns-instructions',
    atApiRoot: true,
  }),
  /** A custom tab's page (text/html), sandboxed by its own CSP: what /app/{region}/c{tabHref} frames. */
  renderCustomTab: endpoint<Uid, { href: string }, NoBody, string>()({ service: 'agency-domain', operationId: 'renderCustomTab', method: 'get', path: '/v2/workspaces/:uid/agency/custom-tab' }),
  addEmailDomain: endpoint<{ domain: string }, NoQuery, AddEmailDomainRequest, EmailDomainResponse>()({ service: 'agency-domain', operationId: 'addEmailDomain', method: 'post', path: '/resend/domains/:domain' }),
  verifyEmailDomain: endpoint<{ id: string }, OwnerQuery, Record<string, never>, SuccessResponse>()({ service: 'agency-domain', operationId: 'verifyEmailDomain', method: 'post', path: '/resend/domains/:id/verify' }),
  getEmailDomain: endpoint<{ id: string }, OwnerQuery, NoBody, EmailDomainResponse>()({ service: 'agency-domain', operationId: 'getEmailDomain', method: 'get', path: '/resend/domains/:id' }),
  deleteEmailDomain: endpoint<{ id: string }, OwnerQuery, NoBody, SuccessResponse>()({ service: 'agency-domain', operationId: 'deleteEmailDomain', method: 'delete', path: '/resend/domains/:id' }),
  agencyHost: endpoint<NoParams, { host: string }, NoBody, AgencyHostResponse>()({ service: 'agency-domain', operationId: 'agencyHost', method: 'get', path: '/internal/agency-hosts' }),
} as const;
