import {
  AGENT_API,
  gatewayPath,
  type AiCssRequest,
  type AiCssResult,
  type CustomTheme,
  type Region,
  type StoredCustomTheme,
  type UploadFileRequest,
  type UploadFileResponse,
  type UploadedFile,
} from '@platform/contracts';
import { callApi } from './client';
import { ApiError, messageOf } from './http';

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

/**
 * POST procedures/uploadFile with XMLHttpRequest, so the widget can show the upload's
 * progress (fetch cannot report request-body progress). Answers data ({url, ...}).
 */
export function uploadFile(region: Region, body: UploadFileRequest, options: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', gatewayPath(AGENT_API.uploadFile, {}, region));
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
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(messageOf(answer) ?? xhr.statusText ?? 'Upload failed', xhr.status, answer));
        return;
      }
      const { data } = answer as UploadFileResponse;
      if (typeof data?.url !== 'string') {
        reject(new ApiError('The upload answer has no url', xhr.status, answer));
        return;
      }
      options.onProgress?.(1);
      resolve(data);
    };
    xhr.send(JSON.stringify(body));
  });
}

/**
 * POST /api/ai-css-generator. A failure answer ({success:false, error}) is returned, not
 * thrown, so the caller shows the spec's notice; only a network failure throws.
 */
export async function generateCss(body: AiCssRequest, region?: Region, signal?: AbortSignal): Promise<AiCssResult> {
  try {
    return await callApi(AGENT_API.generateCss, { region, body, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.body && typeof error.body === 'object') {
      return { ...(error.body as AiCssResult), success: false, error: messageOf(error.body) ?? error.message };
    }
    throw error;
  }
}

export const translateLanguages = () => callApi(AGENT_API.listTranslateLanguages, {});

export const listThemes = async (region: Region): Promise<StoredCustomTheme[]> => (await callApi(AGENT_API.listCustomThemes, { region })).data;

export const saveTheme = async (region: Region, theme: CustomTheme & { primary: string }): Promise<StoredCustomTheme> =>
  (await callApi(AGENT_API.createCustomTheme, { region, body: theme })).data;

export const mediaApi = { uploadFile, generateCss, translateLanguages, listThemes, saveTheme };
