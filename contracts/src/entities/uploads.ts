import Joi from 'joi';
import { UPLOAD, UPLOAD_BASE64_MAX_CHARS } from '../constants/channels';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, text, url } from './common';

/** Largest upload a widget accepts: maxSizeMB times 1,000,000 bytes. */
export const uploadSizeLimitBytes = (maxSizeMB: number) => maxSizeMB * UPLOAD.bytesPerMB;

/** Procedure uploadFile; answers data.url. */
export interface UploadFileRequest {
  agentId?: string;
  userId: string;
  base64Payload: string;
  targetPath: string;
  temporary?: boolean;
}
export const uploadFileRequestSchema = Joi.object<UploadFileRequest, true>({
  agentId: documentId(),
  userId: documentId().required(),
  // a data URL prefix is allowed before the base64 text
  base64Payload: Joi.string()
    .max(UPLOAD_BASE64_MAX_CHARS + 200)
    .pattern(/^(data:[\w.+-]+\/[\w.+-]+;base64,)?[A-Za-z0-9+/]+={0,2}$/)
    .required(),
  targetPath: Joi.string()
    .max(TEXT_LIMITS.shortText)
    .pattern(/^[A-Za-z0-9_\-./]+$/)
    .pattern(/\.\./, { invert: true, name: 'no parent segments' })
    .required(),
  temporary: Joi.boolean(),
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
