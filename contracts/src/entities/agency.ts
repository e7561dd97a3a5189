import Joi from 'joi';
import { CUSTOM_TAB_PAGE_TYPES, THEME_COLOR_USAGES, THEME_VARIANTS } from '../constants/agency';
import { EMAIL_DOMAIN_STATUSES, type EmailDomainStatus } from '../constants/channels';
import { ID_LENGTHS } from '../constants/ids';
import { MESSAGES } from '../constants/messages';
import { RESERVED_TAB_PATHS } from '../constants/navigation';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, email, freeObject, generatedIdPattern, hexColor, hostname, name, optionalUrl, requiredMessages, text, timestamp, type JsonObject } from './common';
import { domainVerificationRecordSchema, subdomainHost, type DomainVerificationRecord } from './domains';

/** A custom tab of the client dashboard. */
export interface CustomTab {
  label?: string;
  /** starts with '/', unique among the agency's tabs, not a default tab's path */
  href: string;
  iconUrl?: string;
  pageType?: (typeof CUSTOM_TAB_PAGE_TYPES)[number];
  htmlContent?: string;
  jsContent?: string;
  iframeUrl?: string;
  alwaysVisible?: boolean;
}
export const customTabSchema = Joi.object<CustomTab, true>({
  label: text(TEXT_LIMITS.name),
  href: Joi.string()
    .trim()
    .max(TEXT_LIMITS.shortText)
    .pattern(/^\//)
    .pattern(/^\S+$/, 'no spaces')
    .invalid(...RESERVED_TAB_PATHS)
    .required()
    .messages({
      ...requiredMessages(MESSAGES.agency.tabHrefNeedsSlash),
      'string.pattern.base': MESSAGES.agency.tabHrefNeedsSlash,
      'any.invalid': MESSAGES.agency.tabHrefReserved,
    }),
  iconUrl: optionalUrl(),
  pageType: Joi.string().valid(...CUSTOM_TAB_PAGE_TYPES),
  htmlContent: text(TEXT_LIMITS.markup),
  jsContent: text(TEXT_LIMITS.markup),
  iframeUrl: optionalUrl(),
  alwaysVisible: Joi.boolean(),
});
/** Not in the spec: at most 50 custom tabs per agency. */
export const customTabListSchema = Joi.array()
  .items(customTabSchema)
  .max(50)
  .unique('href')
  .messages({ 'array.unique': MESSAGES.agency.tabHrefDuplicate });

/** The agency (agencies/{ID}). */
export interface Agency {
  ID?: string;
  /** the owner's workspace uid */
  userId?: string;
  name?: string;
  squarePhotoURL?: string;
  darkModeSquarePhotourl?: string;
  faviconURL?: string;
  brandingText?: string;
  settings?: { disablePasswordLogin?: boolean };
  /** 25 random characters */
  secret?: string;
  VGsubDomain?: string;
  isVerifiedSubDomain?: boolean;
  customDomain?: string;
  isVerifiedCustomDomain?: boolean;
  customDomainConfig?: DomainVerificationRecord;
  googleFont?: string;
  themeColorUsage?: (typeof THEME_COLOR_USAGES)[number];
  themeVariant?: (typeof THEME_VARIANTS)[number];
  customThemeJSONString?: string;
  secondaryColorHex?: string;
  customCSS?: string;
  mainWebsite?: string;
  supportEmail?: string;
  tosPage?: string;
  /** spelled so */
  privacyPolicypPage?: string;
  address?: string;
  resendEmailDomain?: string;
  resendEmailDomainId?: string;
  resendEmailDomainStatus?: EmailDomainStatus;
  resendEmailDomainRecords_JSON_STRING?: string;
  customTabs?: CustomTab[];
  createdAt?: number;
  lastModified?: number;
}
export const AGENCY_SECRET_PATTERN = generatedIdPattern(ID_LENGTHS.agencySecret);

/** Agency images: an uploaded file's URL or a path the product serves (the default logo is /assets/...). */
const imageUrl = () => Joi.string().max(TEXT_LIMITS.url).uri({ scheme: ['http', 'https'], allowRelative: true }).allow('');

const editableAgencyKeys: Joi.StrictSchemaMap<SaveAgencyRequest> = {
  name: name().allow(''),
  squarePhotoURL: imageUrl(),
  darkModeSquarePhotourl: imageUrl(),
  faviconURL: imageUrl(),
  brandingText: text(TEXT_LIMITS.longText),
  settings: Joi.object({ disablePasswordLogin: Joi.boolean() }),
  googleFont: text(TEXT_LIMITS.name),
  themeColorUsage: Joi.string().valid(...THEME_COLOR_USAGES),
  themeVariant: Joi.string().valid(...THEME_VARIANTS),
  customThemeJSONString: text(TEXT_LIMITS.jsonString),
  secondaryColorHex: hexColor().allow(''),
  customCSS: text(TEXT_LIMITS.markup),
  mainWebsite: optionalUrl(),
  supportEmail: email().allow(''),
  tosPage: optionalUrl(),
  privacyPolicypPage: optionalUrl(),
  address: text(TEXT_LIMITS.shortText),
  customTabs: customTabListSchema,
};

export const agencySchema = Joi.object<Agency, true>({
  ...editableAgencyKeys,
  ID: documentId(),
  userId: Joi.string().max(TEXT_LIMITS.id),
  secret: Joi.string().pattern(AGENCY_SECRET_PATTERN),
  VGsubDomain: subdomainHost().allow(''),
  isVerifiedSubDomain: Joi.boolean(),
  customDomain: subdomainHost().allow(''),
  isVerifiedCustomDomain: Joi.boolean(),
  customDomainConfig: domainVerificationRecordSchema,
  resendEmailDomain: hostname().allow(''),
  resendEmailDomainId: text(TEXT_LIMITS.id),
  resendEmailDomainStatus: Joi.string().valid(...EMAIL_DOMAIN_STATUSES),
  resendEmailDomainRecords_JSON_STRING: text(TEXT_LIMITS.jsonString),
  createdAt: timestamp(),
  lastModified: timestamp(),
});

/** Fields of the agency settings form. Identity, secret, domains and e-mail domain change through their own calls. */
export type SaveAgencyRequest = Pick<
  Agency,
  | 'name'
  | 'squarePhotoURL'
  | 'darkModeSquarePhotourl'
  | 'faviconURL'
  | 'brandingText'
  | 'settings'
  | 'googleFont'
  | 'themeColorUsage'
  | 'themeVariant'
  | 'customThemeJSONString'
  | 'secondaryColorHex'
  | 'customCSS'
  | 'mainWebsite'
  | 'supportEmail'
  | 'tosPage'
  | 'privacyPolicypPage'
  | 'address'
  | 'customTabs'
>;
export const saveAgencyRequestSchema = Joi.object<SaveAgencyRequest, true>(editableAgencyKeys);

/** Fields ignored when the form compares local data with the stored agency. */
export const AGENCY_FIELDS_IGNORED_FOR_CHANGES = [
  'lastModified',
  'createdAt',
  'vapi',
  'isVerifiedCustomDomain',
  'isVerifiedSubDomain',
  'customDomainConfig',
] as const;

/** POST /agencies/{agencyId}/email: client feedback to the agency. */
export interface AgencyFeedbackEmailRequest {
  to: string;
  subject: string;
  html: string;
  agencyData?: JsonObject;
  bucket?: string;
}
export const agencyFeedbackEmailRequestSchema = Joi.object<AgencyFeedbackEmailRequest, true>({
  to: email().required(),
  subject: Joi.string().max(TEXT_LIMITS.shortText).required(),
  html: Joi.string().max(TEXT_LIMITS.markup).required(),
  agencyData: freeObject(),
  bucket: Joi.string().max(TEXT_LIMITS.name),
});
