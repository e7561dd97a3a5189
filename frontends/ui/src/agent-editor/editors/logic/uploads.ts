import { UPLOAD, uploadProblem, uploadSizeLimitBytes } from '@platform/contracts';

/*
 * Upload widgets, the pure parts: the client-side checks (same rule and words as the server:
 * 'Max size: {n} MBs', 'Only {accept} Files'), the input's accept attribute, the staged
 * progress (reading the file, then sending it) and the widget's state machine
 * (idle -> uploading with a percent -> uploaded; a failure shows its message).
 */

export interface UploadRules {
  maxSizeMB: number;
  /** extensions: ".png,.jpg" or "png, jpg"; empty accepts any */
  accept?: string;
}

export const IMAGE_ACCEPT = UPLOAD.onboardingLogoFormats.join(',');
export const DEFAULT_IMAGE_MAX_MB = 2;
export const DEFAULT_FILE_MAX_MB = 20;

/** The spec's message for a file that breaks the rules, or undefined when it may be uploaded. */
export const checkFile = (file: { name: string; size: number }, rules: UploadRules): string | undefined =>
  uploadProblem({ name: file.name, sizeBytes: file.size }, rules);

/** The accept list as extensions without dots, lower case. */
export const acceptedExtensions = (accept: string | undefined): string[] =>
  (accept ?? '')
    .split(',')
    .map((e) => e.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);

/** The file input's accept attribute: ".png,.jpg"; undefined when anything goes. */
export function acceptAttribute(accept: string | undefined): string | undefined {
  const extensions = acceptedExtensions(accept);
  return extensions.length ? extensions.map((e) => `.${e}`).join(',') : undefined;
}

/** "Max 2 MB · png, jpg" under a widget. */
export function rulesHint(rules: UploadRules): string {
  const extensions = acceptedExtensions(rules.accept);
  return [`Max ${rules.maxSizeMB} MB`, extensions.length ? extensions.join(', ') : ''].filter(Boolean).join(' · ');
}

export const maxBytes = (rules: UploadRules) => uploadSizeLimitBytes(rules.maxSizeMB);

/** 1.5 MB, 320 KB, 12 B (decimal units, as the size rule). */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} B`;
}

/** Progress in percent: reading the file takes the first 10 %, sending it the rest; 100 only when the server answered. */
export const PROGRESS_STAGES = { readingUpTo: 10, sendingUpTo: 99 } as const;
export function stagedProgress(stage: 'reading' | 'sending' | 'done', fraction = 0): number {
  const f = Math.min(1, Math.max(0, fraction));
  if (stage === 'done') return 100;
  if (stage === 'reading') return Math.round(f * PROGRESS_STAGES.readingUpTo);
  return Math.round(PROGRESS_STAGES.readingUpTo + f * (PROGRESS_STAGES.sendingUpTo - PROGRESS_STAGES.readingUpTo));
}

/** Where a file goes when the caller names no target: 'agents/{agentId}/uploads' or 'uploads'. */
export function defaultTargetPath(agentId?: string): string {
  const safe = agentId?.replace(/[^A-Za-z0-9_-]/g, '');
  return safe ? `agents/${safe}/uploads` : 'uploads';
}

/** The region in an /app/{region}/ path, else the first region (one rule, with the CSS editor's). */
export { regionFromPath } from '../../../logic/region-path';

export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'error';

export interface UploadState {
  status: UploadStatus;
  /** 0..100 */
  progress: number;
  fileName?: string;
  error?: string;
  url?: string;
}

export type UploadEvent =
  | { type: 'start'; fileName: string }
  | { type: 'progress'; percent: number }
  | { type: 'rejected'; fileName?: string; message: string }
  | { type: 'failed'; message: string }
  | { type: 'uploaded'; url: string }
  | { type: 'reset' };

export const IDLE_UPLOAD: UploadState = { status: 'idle', progress: 0 };

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { status: 'uploading', progress: 0, fileName: event.fileName };
    case 'progress':
      // progress only moves forward while uploading
      return state.status === 'uploading' ? { ...state, progress: Math.max(state.progress, Math.min(99, Math.round(event.percent))) } : state;
    case 'rejected':
      return { status: 'error', progress: 0, fileName: event.fileName, error: event.message };
    case 'failed':
      return { ...state, status: 'error', error: event.message };
    case 'uploaded':
      return { ...state, status: 'uploaded', progress: 100, url: event.url, error: undefined };
    case 'reset':
      return IDLE_UPLOAD;
  }
}

/** The file as a data URL (the procedure accepts base64 with a data URL prefix). */
export function readAsDataUrl(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
}

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/** The base64 payload to send: a data URL keeps its prefix when the contract's pattern allows it, else plain base64. */
export function payloadOf(dataUrl: string): string {
  if (DATA_URL_PREFIX.test(dataUrl)) return dataUrl;
  const at = dataUrl.indexOf('base64,');
  return at >= 0 ? dataUrl.slice(at + 'base64,'.length) : dataUrl;
}
