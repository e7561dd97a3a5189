import Joi from 'joi';
import type { Request, Response } from 'express';
import { CLIENT_UPLOAD_PAGES, UPLOAD, uploadFileRequestSchema, type UploadFileRequest, AGENT_API, routeOf, type ResponseOf } from '@platform/contracts';
import { badRequest, notFound, principalOf, type Identity } from '@platform/kit';
import { STORED_FILE_NAME, servedInline } from '../domain/uploads';
import type { StoredFile } from '../store/files-storage';
import type { UploadUseCases, Uploader } from '../usecases/uploads';
import type { AgentRouteSpec } from './params';

export const UPLOAD_MESSAGES = { fileNotFound: 'File not found' } as const;

/** An SVG (or anything else) opened directly runs no script and loads nothing. */
export const FILE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * The contract's schema, with the payload length left to checkUpload (bounded by the JSON
 * body limit), so an oversized file gets 'Max size: {n} MBs' rather than a length error.
 */
const uploadBody = (uploadFileRequestSchema as Joi.ObjectSchema).fork(['base64Payload'], (schema) => (schema as Joi.StringSchema).max(64_000_000));

const fileParams = Joi.object({ name: Joi.string().pattern(STORED_FILE_NAME).required() });

const SERVED_HEADERS = ['Content-Type', 'Content-Length', 'Cache-Control', 'Content-Disposition', 'ETag', 'Last-Modified'];

/** Streams a stored file; a read error before the first byte becomes a normal error answer. */
function sendFile(req: Request, res: Response, file: StoredFile): Promise<void> {
  const etag = `"${file.id}"`;
  res.set({
    // The spec's header, word for word: a year for browsers and CDNs (a name never changes its bytes).
    'Cache-Control': UPLOAD.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_CSP,
    'Cross-Origin-Resource-Policy': 'cross-origin',
    ETag: etag,
    'Last-Modified': file.uploadDate.toUTCString(),
  });
  if (req.headers['if-none-match'] === etag) {
    file.stream.destroy();
    res.status(304).end();
    return Promise.resolve();
  }
  res.set({
    'Content-Type': file.contentType,
    'Content-Length': String(file.length),
    'Content-Disposition': `${servedInline(file.name) ? 'inline' : 'attachment'}; filename="${file.name}"`,
  });
  return new Promise<void>((resolve, reject) => {
    file.stream.once('error', (err) => {
      if (res.headersSent) {
        res.destroy(err);
        resolve();
      } else {
        for (const header of SERVED_HEADERS) res.removeHeader(header);
        reject(err);
      }
    });
    res.once('close', () => {
      file.stream.destroy();
      resolve();
    });
    file.stream.pipe(res);
  });
}

/** Who uploads: the caller's principal, or an agency client (its id and organisation). */
const uploaderOf = (identity: Identity): Uploader =>
  identity.kind === 'client' ? { kind: 'client', id: identity.clientId, orgId: identity.orgId } : principalOf(identity)!;

export function uploadsRoutes(uploads: UploadUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.uploadFile),
      summary:
        "Stores a base64 file (8-character name plus extension) and answers data.url; size 'Max size: {n} MBs' and extension 'Only {accept} Files' are checked here, the type from the bytes",
      access: 'agent',
      schemas: { body: uploadBody },
      agent: (req) => ({ agentId: (req.body as UploadFileRequest).agentId }),
      // Widget's images and Knowledge's documents, for an agent of the client's organisation (ADR 0036)
      clients: { pages: CLIENT_UPLOAD_PAGES },
      success: { status: 200, description: '{success, data: {url, path, id, dbFilePath, filename, sizeKB}}' },
      failures: [400, 401, 403, 404, 413],
      handler: async (req, res) => {
        const result = await uploads.upload(req.region, req.body as UploadFileRequest, uploaderOf(req.identity));
        if (!result.ok) throw badRequest(result.problem);
        res.json({ success: true, data: result.file } satisfies ResponseOf<typeof AGENT_API.uploadFile>);
      },
    },
    {
      ...routeOf(AGENT_API.getFile),
      summary: 'Serves an uploaded file (public, cached for a year, nosniff, sandboxed CSP)',
      access: 'public',
      schemas: { params: fileParams },
      success: { status: 200, description: 'the bytes, with their sniffed Content-Type' },
      failures: [400, 404],
      handler: async (req, res) => {
        const file = await uploads.find(req.region, req.params.name!);
        if (!file) throw notFound(UPLOAD_MESSAGES.fileNotFound);
        await sendFile(req, res, file);
      },
    },
  ];
}
