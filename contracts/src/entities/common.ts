import Joi from 'joi';
import { ID_ALPHABET } from '../constants/ids';
import { REGIONS, type Region } from '../constants/regions';
import { TEXT_LIMITS } from '../constants/text-limits';

/**
 * Building blocks of the schemas. Optional free text of stored records allows '' because
 * forms clear a field by sending an empty string; required text never does.
 * E-mail checks skip the TLD list so validation is the same in browsers and Node.
 */
export const text = (max: number) => Joi.string().max(max).allow('');
export const name = () => Joi.string().trim().max(TEXT_LIMITS.name);
export const documentId = () => Joi.string().max(TEXT_LIMITS.id).pattern(/^[A-Za-z0-9_-]+$/);
export const email = () => Joi.string().trim().max(TEXT_LIMITS.email).email({ tlds: { allow: false } });
export const url = () => Joi.string().max(TEXT_LIMITS.url).uri({ scheme: ['http', 'https'] });
/** A URL or '' (cleared image or link). */
export const optionalUrl = () => url().allow('');
export const unixSeconds = () => Joi.number().integer().min(0);
/** Timestamps whose unit the spec leaves open (ts, createdAt): any non-negative number. */
export const timestamp = () => Joi.number().min(0);
export const isoDate = () => Joi.string().isoDate();
export const region = () => Joi.string().valid(...REGIONS);
export const stringList = (itemMax: number = TEXT_LIMITS.name) => Joi.array().items(Joi.string().max(itemMax)).max(TEXT_LIMITS.list);
export const idList = () => Joi.array().items(documentId()).max(TEXT_LIMITS.list);
/** Objects the spec leaves open (provider payloads, template bodies, metadata). */
export const freeObject = () => Joi.object().unknown(true);
/** Hex colour of 3 or 6 digits; a '#' is added when missing. */
export const hexColor = () =>
  Joi.string()
    .trim()
    .pattern(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
    .custom((value: string) => (value.startsWith('#') ? value : `#${value}`));

const ID_ALPHABET_CLASS = `[${ID_ALPHABET.replace(/[-\\\]^]/g, '\\$&')}]`;
/** Exactly `length` characters of the id alphabet after `prefix`: the shape of a generated id or secret. */
export const generatedIdPattern = (length: number, prefix = '') => new RegExp(`^${prefix}${ID_ALPHABET_CLASS}{${length}}$`);

/** Lowercase, no spaces, dot-separated DNS labels. */
export const HOSTNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const hostname = () => Joi.string().lowercase().replace(/\s+/g, '').max(253).pattern(HOSTNAME_PATTERN);

/** Same error text for the "missing" and "empty" cases of a required field. */
export const requiredMessages = (message: string) => ({
  'any.required': message,
  'string.empty': message,
});

export type { Region };
export type JsonObject = Record<string, unknown>;

/** Generic answer `{message, success, data}`. */
export interface GenericResponse<T = JsonObject> {
  message?: string;
  success?: boolean;
  data?: T;
}
export const genericResponseSchema = Joi.object<GenericResponse, true>({
  message: text(TEXT_LIMITS.longText),
  success: Joi.boolean(),
  data: freeObject(),
});

/** What the mail server reported for one e-mail sent (nodemailer's info): the client invite answers it as sendEmailRes. */
export interface MailDelivery {
  messageId?: string;
  accepted: string[];
  rejected: string[];
}
