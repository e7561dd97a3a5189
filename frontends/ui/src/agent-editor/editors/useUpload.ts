import { useCallback, useReducer, useRef } from 'react';
import type { Region, UploadFileRequest, UploadedFile } from '@platform/contracts';
import { mediaApi, type UploadOptions } from '../../api/media-api';
import { useSession } from '../../api/hooks';
import { readAgencyHost } from '../../logic/agency-host';
import {
  IDLE_UPLOAD,
  checkFile,
  defaultTargetPath,
  payloadOf,
  readAsDataUrl,
  regionFromPath,
  stagedProgress,
  uploadReducer,
  type UploadRules,
} from './logic/uploads';

/** Sends one upload; the default is the uploadFile procedure (XMLHttpRequest, with progress). */
export type Uploader = (region: Region, body: UploadFileRequest, options: UploadOptions) => Promise<UploadedFile>;

/** Where and how the widgets upload. Everything is optional: the region comes from the URL, the user from the session. */
export interface UploadTargetProps {
  agentId?: string;
  userId?: string;
  region?: Region;
  /** folder (or file path) the file is filed under; default agents/{agentId}/uploads */
  targetPath?: string;
  temporary?: boolean;
  maxSizeMB?: number;
  /** extensions: "png,jpg" or ".pdf,.txt"; empty accepts any */
  accept?: string;
  /** replaces the network call (tests, previews) */
  uploader?: Uploader;
}

/** A file the client-side rules refused: its message is the spec's. */
export class UploadRejected extends Error {}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Upload failed');

/** The upload function of a widget: check, read, send, with progress in percent. */
export function useUploadSender(props: UploadTargetProps, rules: UploadRules) {
  // An agency host has no workspace session (its callers are clients and the agency admin: the
  // gateway answers 403), so there the upload names the agent instead of asking for one.
  const session = useSession(!props.userId && !readAgencyHost());
  const userId = props.userId ?? session.data?.user?.userId ?? props.agentId ?? 'anonymous';
  const latest = useRef({ props, rules, userId });
  latest.current = { props, rules, userId };

  return useCallback(async (file: File, onPercent: (percent: number) => void, signal?: AbortSignal): Promise<UploadedFile> => {
    const { props: p, rules: r, userId: uid } = latest.current;
    const problem = checkFile(file, r);
    if (problem) throw new UploadRejected(problem);
    onPercent(stagedProgress('reading', 0));
    const dataUrl = await readAsDataUrl(file, (f) => onPercent(stagedProgress('reading', f)));
    const region = p.region ?? regionFromPath(window.location.pathname);
    const body: UploadFileRequest = {
      userId: uid,
      base64Payload: payloadOf(dataUrl),
      targetPath: p.targetPath ?? defaultTargetPath(p.agentId),
      temporary: p.temporary ?? false,
      fileName: file.name,
      maxSizeMB: r.maxSizeMB,
      ...(p.agentId ? { agentId: p.agentId } : {}),
      ...(r.accept ? { accept: r.accept } : {}),
    };
    const send = p.uploader ?? mediaApi.uploadFile;
    const uploaded = await send(region, body, { onProgress: (f) => onPercent(stagedProgress('sending', f)), signal });
    onPercent(stagedProgress('done'));
    return uploaded;
  }, []);
}

/** What a one-file widget reports when its upload is stored: the URL, and the whole file. */
export interface UploadHandlers {
  onChange?: (url: string) => void;
  onUploaded?: (file: UploadedFile) => void;
}

/** One widget's upload: idle -> uploading (percent) -> uploaded, or an error message. */
export function useSingleUpload(props: UploadTargetProps, rules: UploadRules, { onChange, onUploaded }: UploadHandlers = {}) {
  const [state, dispatch] = useReducer(uploadReducer, IDLE_UPLOAD);
  const send = useUploadSender(props, rules);
  const start = useCallback(
    async (file: File | null) => {
      if (!file) return;
      dispatch({ type: 'start', fileName: file.name });
      try {
        const uploaded = await send(file, (percent) => dispatch({ type: 'progress', percent }));
        dispatch({ type: 'uploaded', url: uploaded.url });
        onChange?.(uploaded.url);
        onUploaded?.(uploaded);
      } catch (error) {
        dispatch(error instanceof UploadRejected ? { type: 'rejected', fileName: file.name, message: error.message } : { type: 'failed', message: errorText(error) });
      }
    },
    [send, onChange, onUploaded],
  );
  return { state, start, reset: () => dispatch({ type: 'reset' }) };
}

export { errorText as uploadErrorText };
