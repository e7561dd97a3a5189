import Joi from 'joi';
import { TWILIO_MESSAGES } from '../constants/messages';
import { documentId } from './common';

/** Twilio phone numbers (ADR 0033): bought on the platform's Twilio account, or imported from the workspace's own. */
export const TWILIO_NUMBER_SOURCES = ['bought', 'imported'] as const;
export type TwilioNumberSource = (typeof TWILIO_NUMBER_SOURCES)[number];
/** Countries the Buy Number search offers. */
export const TWILIO_SEARCH_COUNTRIES = [
  { code: 'US', label: 'United States (+1)' },
  { code: 'CA', label: 'Canada (+1)' },
  { code: 'GB', label: 'United Kingdom (+44)' },
] as const;
export type TwilioSearchCountry = (typeof TWILIO_SEARCH_COUNTRIES)[number]['code'];

/** A number of a workspace (collection twilioNumbers). An imported number's auth token is sealed at rest and never returned. */
export interface TwilioNumber {
  id: string;
  workspaceId: string;
  /** E.164, e.g. +14155550100 */
  phoneNumber: string;
  /** Twilio's PN… sid */
  sid: string;
  friendlyName: string;
  /** the voice agent that answers it, or null */
  agentId: string | null;
  source: TwilioNumberSource;
  createdAt: string;
}

/** A number Twilio offers to buy (AvailablePhoneNumbers). */
export interface AvailableTwilioNumber {
  phoneNumber: string;
  friendlyName: string;
  locality: string;
  region: string;
  isoCountry: string;
}

/** E.164: a plus, then 7 to 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
const e164 = () => Joi.string().trim().max(16).pattern(/^\+/, 'country code').pattern(E164_PATTERN).required().messages({
  'any.required': TWILIO_MESSAGES.phoneNumberRequired,
  'string.empty': TWILIO_MESSAGES.phoneNumberRequired,
  'string.pattern.name': TWILIO_MESSAGES.countryCodeRequired,
  'string.pattern.base': TWILIO_MESSAGES.phoneNumberInvalid,
  'string.max': TWILIO_MESSAGES.phoneNumberInvalid,
});

export interface SearchTwilioNumbersQuery {
  country: TwilioSearchCountry;
  areaCode?: string;
  contains?: string;
}
export const searchTwilioNumbersQuerySchema = Joi.object<SearchTwilioNumbersQuery, true>({
  country: Joi.string()
    .valid(...TWILIO_SEARCH_COUNTRIES.map((c) => c.code))
    .required()
    .messages({ '*': TWILIO_MESSAGES.countryRequired }),
  areaCode: Joi.string().allow('').pattern(/^\d{2,3}$/).messages({ '*': TWILIO_MESSAGES.areaCodeInvalid }),
  contains: Joi.string().allow('').pattern(/^[0-9]{1,10}$/).messages({ '*': TWILIO_MESSAGES.containsInvalid }),
});

export interface BuyTwilioNumberRequest {
  phoneNumber: string;
}
export const buyTwilioNumberRequestSchema = Joi.object<BuyTwilioNumberRequest, true>({ phoneNumber: e164() });

/** Importing a number the workspace already has on its own Twilio account. */
export interface ImportTwilioNumberRequest {
  accountSid: string;
  authToken: string;
  phoneNumber: string;
}
export const importTwilioNumberRequestSchema = Joi.object<ImportTwilioNumberRequest, true>({
  accountSid: Joi.string().trim().pattern(/^AC[0-9a-fA-F]{32}$/).required().messages({ '*': TWILIO_MESSAGES.accountSidInvalid }),
  authToken: Joi.string().trim().min(16).max(128).pattern(/^[0-9A-Za-z]+$/).required().messages({ '*': TWILIO_MESSAGES.authTokenInvalid }),
  phoneNumber: e164(),
});

/** Assigning (agentId) or unassigning (null) a number. */
export interface AssignTwilioNumberRequest {
  agentId: string | null;
}
export const assignTwilioNumberRequestSchema = Joi.object<AssignTwilioNumberRequest, true>({
  agentId: documentId().allow(null).required().messages({ 'any.required': TWILIO_MESSAGES.agentRequired }),
});
