import type { AiCssRequest, AiCssResponse, CustomTheme, Region, TranslateLanguagesResponse, UploadFileRequest, UploadedFile } from '@platform/contracts';
import { ApiError, apiRequest } from './http';
import { API_PATHS } from './paths';

/*
 * Uploads, the AI style assistant, translation languages and custom colour themes
 * (the agent service's media routes, through the gateway).
 */

/** 0..1 of the request body sent so far. */
export type UploadProgress = (fraction: number) => void;

export interface UploadOptions {
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

/** The AI CSS answer; the agent service also sends the CSS it found (`css`) and whether a sandbox model answered. */
export interface AiCssAnswer extends AiCssResponse {
  css?: string | null;
  sandbox?: boolean;
  model?: string;
}

const messageOf = (body: unknown): string | undefined => {
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; error?: unknown };
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.error === 'string' && record.error) return record.error;
  }
  return undefined;
};

/**
 * POST procedures/uploadFile with XMLHttpRequest, so the widget can show the upload's
 * progress (fetch cannot report request-body progress). Answers data ({url, ...}).
 */
export function uploadFile(region: Region, body: UploadFileRequest, options: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_PATHS.media.uploadFile(region));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(Math.min(1, event.loaded / event.total));
      };
    }
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.onerror = () => {
      done();
      reject(new ApiError('Network error', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError('Upload cancelled', 0));
    };
    xhr.onload = () => {
      done();
      let answer: unknown;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        answer = undefined;
      }
      const record = (answer ?? {}) as { success?: boolean; data?: UploadedFile };
      if (xhr.status < 200 || xhr.status >= 300 || record.success === false) {
        reject(new ApiError(messageOf(answer) ?? xhr.statusText ?? 'Upload failed', xhr.status, answer));
        return;
      }
      if (!record.data || typeof record.data.url !== 'string') {
        reject(new ApiError('The upload answer has no url', xhr.status, answer));
        return;
      }
      options.onProgress?.(1);
      resolve(record.data);
    };
    xhr.send(JSON.stringify(body));
  });
}

/**
 * POST /api/ai-css-generator. A failure answer ({success:false, error}) is returned, not
 * thrown, so the caller shows the spec's notice; only a network failure throws.
 */
export async function generateCss(body: AiCssRequest, region?: Region, signal?: AbortSignal): Promise<AiCssAnswer> {
  try {
    return await apiRequest<AiCssAnswer>(API_PATHS.media.aiCssGenerator(region), { method: 'POST', body, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.body && typeof error.body === 'object') {
      return { success: false, ...(error.body as Partial<AiCssAnswer>), error: messageOf(error.body) ?? error.message };
    }
    throw error;
  }
}

export const translateLanguages = () => apiRequest<TranslateLanguagesResponse>(API_PATHS.media.translate);

export async function listThemes(region: Region): Promise<CustomTheme[]> {
  const answer = await apiRequest<{ success?: boolean; data?: CustomTheme[] } | CustomTheme[]>(API_PATHS.media.themes(region));
  return Array.isArray(answer) ? answer : (answer?.data ?? []);
}

export async function saveTheme(region: Region, theme: CustomTheme & { primary: string }): Promise<CustomTheme> {
  const answer = await apiRequest<{ success?: boolean; data?: CustomTheme }>(API_PATHS.media.themes(region), { method: 'POST', body: theme });
  return answer?.data ?? theme;
}

export const mediaApi = { uploadFile, generateCss, translateLanguages, listThemes, saveTheme };
