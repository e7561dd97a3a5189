import { MESSAGES, UPLOAD, newUploadFileName, uploadProblem, type UploadFileRequest } from '@platform/contracts';

/*
 * Upload rules, as pure functions: what a base64 payload decodes to, which extension and
 * content type it really has (magic bytes, never the client's word), and whether the
 * spec's limits let it through ("Max size: {n} MBs", "Only {accept} Files").
 */

/** What one whitelisted extension is served as, and how its bytes are recognised. */
interface FileKind {
  contentType: string;
  /** true when the bytes are of this kind */
  matches: (bytes: Uint8Array) => boolean;
  /** served inline (images, PDF, media) or as a download */
  inline: boolean;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((value, i) => bytes[at + i] === value);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const isPng = (b: Uint8Array) => startsWith(b, PNG);
const isJpeg = (b: Uint8Array) => startsWith(b, JPEG);
const isGif = (b: Uint8Array) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'));
const isWebp = (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8);
const isBmp = (b: Uint8Array) => startsWith(b, ascii('BM')) && b.length >= 26;
const isIco = (b: Uint8Array) => startsWith(b, [0x00, 0x00, 0x01, 0x00]) && b.length >= 22;
const isPdf = (b: Uint8Array) => startsWith(b, ascii('%PDF-'));
const isZip = (b: Uint8Array) => startsWith(b, ZIP);
const isOle = (b: Uint8Array) => startsWith(b, OLE);
const isMp3 = (b: Uint8Array) => startsWith(b, ascii('ID3')) || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);
const isWav = (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8);
const isMp4 = (b: Uint8Array) => startsWith(b, ascii('ftyp'), 4);
const isWebm = (b: Uint8Array) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);

/** UTF-8 text without NUL bytes (plain text, CSV, Markdown, JSON). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** An SVG document: optional BOM, XML declaration, comments and doctype, then `<svg`. */
export function isSvg(bytes: Uint8Array): boolean {
  if (!isText(bytes)) return false;
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(head);
}

/**
 * An HTML document, sniffed as the WHATWG MIME Sniffing standard does: after leading white space,
 * one of its HTML signatures (`<!DOCTYPE HTML`, `<HTML`, `<BODY`, `<P`, `<!--`, ...) followed by a
 * space or `>`. Stored as a download (`inline: false`, nosniff): it never renders on our origin.
 */
export function isHtml(bytes: Uint8Array): boolean {
  if (!isText(bytes)) return false;
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart();
  return /^(<!DOCTYPE HTML|<HTML|<HEAD|<SCRIPT|<IFRAME|<H1|<DIV|<FONT|<TABLE|<A|<STYLE|<TITLE|<B|<BODY|<BR|<P|<!--)[\s>]/i.test(head);
}

const image = (contentType: string, matches: (b: Uint8Array) => boolean): FileKind => ({ contentType, matches, inline: true });

/** The server's whitelist: every extension a widget may upload, with what its bytes must be. */
export const UPLOAD_FILE_KINDS: Readonly<Record<string, FileKind>> = {
  png: image('image/png', isPng),
  jpg: image('image/jpeg', isJpeg),
  jpeg: image('image/jpeg', isJpeg),
  gif: image('image/gif', isGif),
  webp: image('image/webp', isWebp),
  svg: image('image/svg+xml', isSvg),
  ico: image('image/x-icon', isIco),
  bmp: image('image/bmp', isBmp),
  pdf: { contentType: 'application/pdf', matches: isPdf, inline: true },
  txt: { contentType: 'text/plain; charset=utf-8', matches: isText, inline: false },
  csv: { contentType: 'text/csv; charset=utf-8', matches: isText, inline: false },
  md: { contentType: 'text/markdown; charset=utf-8', matches: isText, inline: false },
  html: { contentType: 'text/html; charset=utf-8', matches: isHtml, inline: false },
  htm: { contentType: 'text/html; charset=utf-8', matches: isHtml, inline: false },
  json: { contentType: 'application/json; charset=utf-8', matches: isText, inline: false },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: isZip, inline: false },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: isZip, inline: false },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: isZip, inline: false },
  doc: { contentType: 'application/msword', matches: isOle, inline: false },
  xls: { contentType: 'application/vnd.ms-excel', matches: isOle, inline: false },
  ppt: { contentType: 'application/vnd.ms-powerpoint', matches: isOle, inline: false },
  mp3: { contentType: 'audio/mpeg', matches: isMp3, inline: true },
  wav: { contentType: 'audio/wav', matches: isWav, inline: true },
  mp4: { contentType: 'video/mp4', matches: isMp4, inline: true },
  webm: { contentType: 'video/webm', matches: isWebm, inline: true },
};

/** The whitelist as an accept text, the way widgets write it (".png,.jpg,..."). */
export const SERVER_ACCEPT = Object.keys(UPLOAD_FILE_KINDS)
  .map((extension) => `.${extension}`)
  .join(',');

/** Server-wide size limit in MB (UPLOAD.maxBytes). */
export const SERVER_MAX_SIZE_MB = UPLOAD.maxBytes / UPLOAD.bytesPerMB;

/** The image type of the bytes, from their magic bytes alone; undefined when not a known image. */
export function sniffImageType(bytes: Uint8Array): { extension: string; contentType: string } | undefined {
  for (const extension of ['png', 'jpg', 'gif', 'webp', 'ico', 'bmp', 'svg']) {
    const kind = UPLOAD_FILE_KINDS[extension]!;
    if (kind.matches(bytes)) return { extension, contentType: kind.contentType };
  }
  return undefined;
}

/** The extension of a file name or path ('' when none), lower-case. */
export function extensionOf(name: string | undefined): string {
  const last = (name ?? '').split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : '';
}

/** The extension a MIME type is written with, among the whitelisted ones. */
export function extensionForMimeType(mimeType: string | undefined): string {
  if (!mimeType) return '';
  const wanted = mimeType.toLowerCase();
  return Object.entries(UPLOAD_FILE_KINDS).find(([, kind]) => kind.contentType.split(';')[0] === wanted)?.[0] ?? '';
}

const DATA_URL_PREFIX = /^data:([\w.+-]+\/[\w.+-]+);base64,/;

/** The bytes of a base64 payload (optionally a data URL) and the MIME type the client claimed. */
export function decodeBase64Payload(payload: string): { bytes: Buffer; claimedMimeType?: string } {
  const match = DATA_URL_PREFIX.exec(payload.slice(0, 256));
  const base64 = match ? payload.slice(match[0].length) : payload;
  return { bytes: Buffer.from(base64, 'base64'), claimedMimeType: match?.[1] };
}

/** Largest number of base64 characters a payload of `maxBytes` bytes can need (plus a data URL prefix). */
export const base64CharsFor = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4;

export interface AcceptedUpload {
  ok: true;
  bytes: Buffer;
  /** the stored name: 8 random characters, a dot, the extension */
  name: string;
  extension: string;
  contentType: string;
  sizeBytes: number;
}
export type UploadCheck = AcceptedUpload | { ok: false; message: string };

/**
 * Checks an uploadFile request against the widget's rules (maxSizeMB, accept) capped by the
 * server's (SERVER_MAX_SIZE_MB, the whitelist), and names the file.
 *
 * The extension is the file name's, else the target path's, else the claimed MIME type's,
 * else the sniffed image type's; the bytes must then really be of that kind.
 */
export function checkUpload(
  request: Pick<UploadFileRequest, 'base64Payload' | 'targetPath' | 'fileName' | 'accept' | 'maxSizeMB'>,
  newName: () => string = newUploadFileName,
): UploadCheck {
  const maxSizeMB = Math.min(request.maxSizeMB ?? SERVER_MAX_SIZE_MB, SERVER_MAX_SIZE_MB);
  // Refuse an oversized payload before decoding it.
  const prefix = DATA_URL_PREFIX.exec(request.base64Payload)?.[0].length ?? 0;
  if (request.base64Payload.length - prefix > base64CharsFor(maxSizeMB * UPLOAD.bytesPerMB) + 4) {
    return { ok: false, message: MESSAGES.channels.uploadTooLarge(maxSizeMB) };
  }
  const { bytes, claimedMimeType } = decodeBase64Payload(request.base64Payload);
  const extension =
    extensionOf(request.fileName) || extensionOf(request.targetPath) || extensionForMimeType(claimedMimeType) || sniffImageType(bytes)?.extension || '';
  const accept = request.accept?.trim() ? request.accept.trim() : undefined;

  // The widget's rules first (its message names its own accept list), then the server's.
  const asWidget = uploadProblem({ name: `file.${extension}`, sizeBytes: bytes.length }, { maxSizeMB, accept });
  if (asWidget) return { ok: false, message: asWidget };
  const kind = UPLOAD_FILE_KINDS[extension];
  if (!kind) return { ok: false, message: MESSAGES.channels.uploadWrongType(SERVER_ACCEPT) };
  if (!kind.matches(bytes)) return { ok: false, message: MESSAGES.channels.uploadWrongType(accept ?? SERVER_ACCEPT) };

  return { ok: true, bytes, name: `${newName()}.${extension}`, extension, contentType: kind.contentType, sizeBytes: bytes.length };
}

/** Whether a stored file opens in the browser (images, PDF, media) or downloads. */
export const servedInline = (name: string) => UPLOAD_FILE_KINDS[extensionOf(name)]?.inline ?? false;

/** A stored file's name: 8 characters of the id alphabet, a dot, a whitelisted extension. */
export const STORED_FILE_NAME = /^[A-Za-z0-9]{8}\.[a-z0-9]{2,5}$/;

/** Where the uploaded file is filed: the target path's folder plus the stored name. */
export function storedPath(targetPath: string, name: string): string {
  const segments = targetPath.split('/').filter(Boolean);
  if (extensionOf(targetPath)) segments.pop();
  return [...segments, name].join('/');
}

/** The size in kilobytes of 1,000 bytes (the spec counts 1,000,000 bytes per MB), two decimals. */
export const sizeKB = (bytes: number) => Math.round(bytes / 10) / 100;
