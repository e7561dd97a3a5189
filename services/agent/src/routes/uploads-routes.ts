import Joi from 'joi';
import type { Request, Response } from 'express';
import { UPLOAD, newUploadFileName, uploadFileRequestSchema, type Region, type UploadFileRequest } from '@platform/contracts';
import { badRequest, notFound, type Logger } from '@platform/kit';
import { STORED_FILE_NAME, checkUpload, servedInline, sizeKB, storedPath } from '../domain/uploads';
import { FileNameTakenError, type FileStorage, type StoredFile, type StoredFileInfo } from '../store/files-storage';
import { assertAgentAccess, requireCaller, type AgentAccessCheck, type MediaRouteSpec } from './media-routes';

export interface UploadsRouteDeps {
  files: FileStorage;
  /** e.g. http://localhost:8080: files are served at {publicUrl}/api/{region}/agent/files/{name} */
  publicUrl: string;
  regions: Region[];
  logger: Logger;
  canAccessAgent?: AgentAccessCheck;
}

export const UPLOAD_MESSAGES = { fileNotFound: 'File not found' } as const;

/** An SVG (or anything else) opened directly runs no script and loads nothing. */
export const FILE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** The public address of a stored file (through the gateway, region in the path). */
export const publicFileUrl = (publicUrl: string, region: Region, name: string) => `${publicUrl}/api/${region}/agent/files/${name}`;

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

export function uploadsRoutes(deps: UploadsRouteDeps): MediaRouteSpec[] {
  async function store(region: Region, first: string, extension: string, bytes: Buffer, contentType: string, metadata: Record<string, unknown>) {
    // 62^8 names make a clash unlikely; a taken one is simply drawn again.
    for (let attempt = 0; ; attempt++) {
      const name = attempt === 0 ? first : `${newUploadFileName()}.${extension}`;
      try {
        return await deps.files.put(region, name, bytes, contentType, metadata);
      } catch (err) {
        if (!(err instanceof FileNameTakenError) || attempt >= 4) throw err;
      }
    }
  }

  async function find(region: Region, name: string): Promise<StoredFile | null> {
    // The URL names the region; older links without one are looked up in every region.
    for (const candidate of [region, ...deps.regions.filter((r) => r !== region)]) {
      const file = await deps.files.get(candidate, name);
      if (file) return file;
    }
    return null;
  }

  return [
    {
      operationId: 'uploadFile',
      method: 'post',
      path: '/procedures/uploadFile',
      summary:
        "Stores a base64 file (8-character name plus extension) and answers data.url; size 'Max size: {n} MBs' and extension 'Only {accept} Files' are checked here, the type from the bytes",
      access: 'agent',
      schemas: { body: uploadBody },
      success: { status: 200, description: '{success, data: {url, path, id, dbFilePath, filename, sizeKB}}' },
      failures: [400, 401, 403, 413],
      handler: async (req, res) => {
        const caller = requireCaller(req.identity);
        const body = req.body as UploadFileRequest;
        if (body.agentId) await assertAgentAccess(req.identity, req.region, body.agentId, deps.canAccessAgent);
        const check = checkUpload(body);
        if (!check.ok) throw badRequest(check.message);
        const stored: StoredFileInfo = await store(req.region, check.name, check.extension, check.bytes, check.contentType, {
          uploadedBy: caller,
          userId: body.userId,
          ...(body.agentId ? { agentId: body.agentId } : {}),
          targetPath: body.targetPath,
          temporary: body.temporary ?? false,
          ...(body.fileName ? { originalName: body.fileName } : {}),
        });
        deps.logger.info({ file: stored.name, bytes: stored.length, region: req.region, uploadedBy: caller }, 'file uploaded');
        res.json({
          success: true,
          data: {
            url: publicFileUrl(deps.publicUrl, req.region, stored.name),
            path: storedPath(body.targetPath, stored.name),
            id: stored.id,
            dbFilePath: `${req.region}/${stored.name}`,
            filename: stored.name,
            sizeKB: sizeKB(stored.length),
          },
        });
      },
    },
    {
      operationId: 'getFile',
      method: 'get',
      path: '/files/:name',
      summary: 'Serves an uploaded file (public, cached for a year, nosniff, sandboxed CSP)',
      access: 'public',
      schemas: { params: fileParams },
      success: { status: 200, description: 'the bytes, with their sniffed Content-Type' },
      failures: [400, 404],
      handler: async (req, res) => {
        const file = await find(req.region, req.params.name!);
        if (!file) throw notFound(UPLOAD_MESSAGES.fileNotFound);
        await sendFile(req, res, file);
      },
    },
  ];
}
