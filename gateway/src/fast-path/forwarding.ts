import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { REQUEST_ID_HEADER, errorBody } from '@platform/kit';
import { NOT_FORWARDED } from '../routes/proxy';

/**
 * What a fast-path request tells its service of itself, as the proxy forwards it: its headers
 * but the caller's credentials, the platform's own and the hop's, then its id and where it came
 * from (the gateway's verdict on the client's IP).
 */
export function forwardedHeaders(req: Request, clientIp: string): Record<string, string | string[]> & OutgoingHttpHeaders {
  const outgoing: Record<string, string | string[]> = {};
  for (const name in req.headers) {
    if (!NOT_FORWARDED.has(name) && !name.startsWith('x-platform-') && name !== 'host') outgoing[name] = req.headers[name]!;
  }
  outgoing[REQUEST_ID_HEADER] = req.id;
  outgoing['x-forwarded-for'] = clientIp;
  outgoing['x-forwarded-proto'] = req.protocol;
  outgoing['x-forwarded-host'] = req.headers.host ?? '';
  return outgoing;
}

const parsedUrls = new Map<string, URL>();
/** The services' URLs are a handful, parsed once. */
export function parsedUrl(target: string): URL {
  let url = parsedUrls.get(target);
  if (!url) parsedUrls.set(target, (url = new URL(target)));
  return url;
}

/** An error answer of the gateway's own (`{success: false, message}`). */
export function answer(res: ServerResponse, status: number, message: string): void {
  if (res.destroyed) return;
  const text = JSON.stringify(errorBody(message));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}
