import Joi from 'joi';
import { DOMAIN_TYPES, type EmailDomainStatus } from '../constants/channels';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, email, HOSTNAME_PATTERN, hostname, requiredMessages, text, timestamp, type Region } from './common';

/**
 * A custom domain or product subdomain: lowercased, spaces removed, and a subdomain (at least
 * three dot-separated labels; exactly two is the spec's rejected case, except below `localhost`,
 * where local product subdomains live).
 */
export const subdomainHost = () =>
  Joi.string()
    .lowercase()
    .replace(/\s+/g, '')
    .max(253)
    .custom((host: string, helpers) => (HOSTNAME_PATTERN.test(host) && (host.split('.').length > 2 || host.endsWith('.localhost')) ? host : helpers.error('domain.notSubdomain')))
    .messages({
      ...requiredMessages(MESSAGES.agency.customDomainRequired),
      'domain.notSubdomain': 'Please input a subdomain: "{#value}"',
    });

/** A verification record of a custom domain (agency.customDomainConfig is the first one). */
export interface DomainVerificationRecord {
  type: string;
  domain?: string;
  name?: string;
  value: string;
}
export const domainVerificationRecordSchema = Joi.object<DomainVerificationRecord, true>({
  type: Joi.string().max(20).required(),
  domain: hostname(),
  name: text(253),
  value: Joi.string().max(TEXT_LIMITS.shortText).required(),
}).unknown(true);

/** A DNS record of an e-mail domain. */
export interface EmailDnsRecord {
  record?: string;
  type: string;
  name: string;
  value: string;
  priority?: number;
  ttl?: string | number;
  status?: string;
}
export const emailDnsRecordSchema = Joi.object<EmailDnsRecord, true>({
  record: Joi.string().max(50),
  type: Joi.string().max(20).required(),
  name: text(253).required(),
  value: Joi.string().max(TEXT_LIMITS.longText).required(),
  priority: Joi.number().integer().min(0),
  ttl: Joi.alternatives().try(Joi.string().max(20), Joi.number().integer().min(0)),
  status: Joi.string().max(50),
}).unknown(true);

/** POST /api/{eu|na}/vercel-api/custom-domain: one of isVGSubdomain and isCustomDomain is set. */
export interface CustomDomainRequest {
  customDomain: string;
  userId: string;
  agencyId: string;
  isVGSubdomain?: boolean;
  isCustomDomain?: boolean;
}
export const customDomainRequestSchema = Joi.object<CustomDomainRequest, true>({
  customDomain: subdomainHost().required(),
  userId: documentId().required(),
  agencyId: documentId().required(),
  isVGSubdomain: Joi.boolean().valid(true),
  isCustomDomain: Joi.boolean().valid(true),
}).xor('isVGSubdomain', 'isCustomDomain');

export interface CustomDomainResponse {
  success: boolean;
  message?: string;
  data?: { error?: { message?: string }; verification?: DomainVerificationRecord[] };
}

/** GET and DELETE /api/{eu|na}/vercel-api/custom-domain?domain&domainType. */
export interface CustomDomainQuery {
  domain: string;
  domainType: (typeof DOMAIN_TYPES)[number];
}
export const customDomainQuerySchema = Joi.object<CustomDomainQuery, true>({
  domain: hostname().required(),
  domainType: Joi.string().valid(...DOMAIN_TYPES).required(),
});

/** GET {agent API}/proxy?domain: 200 once the domain is live. */
export interface DomainLivenessQuery {
  domain: string;
}
export const domainLivenessQuerySchema = Joi.object<DomainLivenessQuery, true>({ domain: hostname().required() });

/** Region of the domain call: eu when the bucket is the EU bucket, else na. */
export const domainCallRegion = (bucket: string | undefined, euBucket: string): Region => (bucket === euBucket ? 'eu' : 'na');

/** POST {email service}/resend/domains/{domain}. The e-mail domain should be a root domain (hint only). */
export interface AddEmailDomainRequest {
  domain: string;
  userId: string;
  agencyId: string;
}
export const addEmailDomainRequestSchema = Joi.object<AddEmailDomainRequest, true>({
  domain: hostname().required(),
  userId: documentId().required(),
  agencyId: documentId().required(),
});
export interface EmailDomainResponse {
  success: boolean;
  data?: { id?: string; status?: EmailDomainStatus; records?: EmailDnsRecord[] };
}

/** POST /api/mail/send-dns-instructions. */
export interface DnsInstructionsEmailRequest {
  to: string;
  subject: string;
  htmlContent: string;
  fromDisplayName?: string;
}
/** "a simple email pattern" */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The recipient field of the DNS e-mail dialog, as it is typed (its hint differs from the send check). */
export const dnsRecipientFieldSchema = Joi.string()
  .trim()
  .max(TEXT_LIMITS.email)
  .pattern(SIMPLE_EMAIL_PATTERN)
  .required()
  .messages({
    ...requiredMessages(MESSAGES.channels.dnsEmailFieldInvalid),
    'string.pattern.base': MESSAGES.channels.dnsEmailFieldInvalid,
    'string.max': MESSAGES.channels.dnsEmailFieldInvalid,
  });
export const dnsInstructionsEmailRequestSchema = Joi.object<DnsInstructionsEmailRequest, true>({
  to: Joi.string()
    .trim()
    .max(TEXT_LIMITS.email)
    .pattern(SIMPLE_EMAIL_PATTERN)
    .required()
    .messages({
      ...requiredMessages(MESSAGES.channels.dnsEmailRecipientInvalid),
      'string.pattern.base': MESSAGES.channels.dnsEmailRecipientInvalid,
      'string.max': MESSAGES.channels.dnsEmailRecipientInvalid,
    }),
  subject: Joi.string().max(TEXT_LIMITS.shortText).required(),
  htmlContent: Joi.string().max(TEXT_LIMITS.markup).required(),
  fromDisplayName: text(TEXT_LIMITS.name),
});

/** A reminder to finish a domain's DNS setup (agencies/{agencyId}/dns_reminders). */
export interface DnsReminder {
  domain?: string;
  agencyId?: string;
  agencyName?: string;
  userEmail?: string;
  bucket?: string;
  timestamp?: number;
  /** false initially */
  sent?: boolean;
}
export const dnsReminderSchema = Joi.object<DnsReminder, true>({
  domain: hostname(),
  agencyId: documentId(),
  agencyName: text(TEXT_LIMITS.name),
  userEmail: email(),
  bucket: Joi.string().max(TEXT_LIMITS.name),
  timestamp: timestamp(),
  sent: Joi.boolean().default(false),
});
