import Joi from 'joi';
import { UPLOAD, UPLOAD_BASE64_MAX_CHARS } from '../constants/channels';
import { MESSAGES } from '../constants/messages';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, text, url } from './common';

/** Largest upload a widget accepts: maxSizeMB times 1,000,000 bytes. */
export const uploadSizeLimitBytes = (maxSizeMB: number) => maxSizeMB * UPLOAD.bytesPerMB;

/**
 * What is wrong with a file an upload widget is given, in the spec's words, or undefined.
 * `accept` lists extensions (".png,.jpg" or "png, jpg"); empty accepts any.
 */
export function uploadProblem(file: { name: string; sizeBytes: number }, rules: { maxSizeMB: number; accept?: string }): string | undefined {
  if (file.sizeBytes > uploadSizeLimitBytes(rules.maxSizeMB)) return MESSAGES.channels.uploadTooLarge(rules.maxSizeMB);
  const accepted = (rules.accept ?? '')
    .split(',')
    .map((extension) => extension.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (accepted.length > 0 && !accepted.includes(extension)) return MESSAGES.channels.uploadWrongType(rules.accept ?? '');
  return undefined;
}

/** Procedure uploadFile; answers data.url. */
export interface UploadFileRequest {
  agentId?: string;
  userId: string;
  base64Payload: string;
  targetPath: string;
  temporary?: boolean;
  /*
   * Not in the spec's input (optional, additive): what the widget knows, so the server
   * enforces the same rules and messages the user sees. The server caps them with its own
   * size limit and extension whitelist.
   */
  /** the picked file's name; its extension is checked against the accept list */
  fileName?: string;
  /** the widget's accept list, e.g. ".png,.jpg" */
  accept?: string;
  /** the widget's maxSizeMB */
  maxSizeMB?: number;
}
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const NOT_BASE64 = /[^A-Za-z0-9+/]/;

/**
 * Base64 text, optionally after a data URL prefix, checked in linear passes: one anchored
 * pattern over the whole 27 MB (a quantified character class) can exhaust V8's regexp
 * backtracking stack and throw instead of answering.
 */
export function isBase64Payload(value: string): boolean {
  const prefix = DATA_URL_PREFIX.exec(value.slice(0, 256))?.[0] ?? '';
  const body = value.slice(prefix.length);
  let end = body.length;
  while (end > 0 && body.length - end < 2 && body[end - 1] === '=') end -= 1;
  return end > 0 && !NOT_BASE64.test(body.slice(0, end));
}

export const uploadFileRequestSchema = Joi.object<UploadFileRequest, true>({
  agentId: documentId(),
  userId: documentId().required(),
  base64Payload: Joi.string()
    .max(UPLOAD_BASE64_MAX_CHARS + 200)
    .custom((value: string, helpers) => (isBase64Payload(value) ? value : helpers.error('any.invalid')))
    .required(),
  targetPath: Joi.string()
    .max(TEXT_LIMITS.shortText)
    .pattern(/^[A-Za-z0-9_\-./]+$/)
    .pattern(/\.\./, { invert: true, name: 'no parent segments' })
    .required(),
  temporary: Joi.boolean(),
  fileName: Joi.string().trim().max(TEXT_LIMITS.name),
  accept: Joi.string().trim().max(TEXT_LIMITS.shortText).allow(''),
  maxSizeMB: Joi.number().positive().max(UPLOAD.maxBytes / UPLOAD.bytesPerMB),
});

/** What an upload widget reports when done. */
export interface UploadedFile {
  url: string;
  path?: string;
  id?: string;
  dbFilePath?: string;
  filename?: string;
  sizeKB?: number;
}
export const uploadedFileSchema = Joi.object<UploadedFile, true>({
  url: url().required(),
  path: text(TEXT_LIMITS.shortText),
  id: Joi.string().max(TEXT_LIMITS.id),
  dbFilePath: text(TEXT_LIMITS.shortText),
  filename: text(TEXT_LIMITS.name),
  sizeKB: Joi.number().min(0),
});
