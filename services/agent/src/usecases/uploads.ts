import { newUploadFileName, type Region, type UploadFileRequest, type UploadedFile } from '@platform/contracts';
import type { Logger, Principal } from '@platform/kit';
import { checkUpload, sizeKB, storedPath } from '../domain/uploads';
import { FileNameTakenError, type FileStorage, type StoredFile, type StoredFileInfo } from '../store/files-storage';

/** The public address of a stored file (through the gateway, region in the path). */
export const publicFileUrl = (publicUrl: string, region: Region, name: string) => `${publicUrl}/api/${region}/agent/files/${name}`;

/** Who uploaded a file (kept with it): a principal, or an agency client of an organisation. */
export type Uploader = Principal | { kind: 'client'; id: string; orgId: string };

export type UploadResult = { ok: true; file: UploadedFile } | { ok: false; problem: string };

export interface UploadDeps {
  files: FileStorage;
  /** e.g. http://localhost:8080: files are served at {publicUrl}/api/{region}/agent/files/{name} */
  publicUrl: string;
  /** the regions served, the request's first when looking a file up */
  regions: () => readonly Region[];
  logger: Logger;
}

/** Uploads (GridFS behind FileStorage) and serving them; the route's access rule has allowed the agent named, if any. */
export class UploadUseCases {
  constructor(private readonly deps: UploadDeps) {}

  async upload(region: Region, body: UploadFileRequest, uploadedBy: Uploader): Promise<UploadResult> {
    const check = checkUpload(body);
    if (!check.ok) return { ok: false, problem: check.message };
    const stored = await this.store(region, check.name, check.extension, check.bytes, check.contentType, {
      uploadedBy,
      userId: body.userId,
      ...(body.agentId ? { agentId: body.agentId } : {}),
      targetPath: body.targetPath,
      temporary: body.temporary ?? false,
      ...(body.fileName ? { originalName: body.fileName } : {}),
    });
    this.deps.logger.info({ file: stored.name, bytes: stored.length, region, uploadedBy }, 'file uploaded');
    return {
      ok: true,
      file: {
        url: publicFileUrl(this.deps.publicUrl, region, stored.name),
        path: storedPath(body.targetPath, stored.name),
        id: stored.id,
        dbFilePath: `${region}/${stored.name}`,
        filename: stored.name,
        sizeKB: sizeKB(stored.length),
      },
    };
  }

  /** The URL names the region; older links without one are looked up in every region. */
  async find(region: Region, name: string): Promise<StoredFile | null> {
    for (const candidate of [region, ...this.deps.regions().filter((r) => r !== region)]) {
      const file = await this.deps.files.get(candidate, name);
      if (file) return file;
    }
    return null;
  }

  private async store(region: Region, first: string, extension: string, bytes: Buffer, contentType: string, metadata: Record<string, unknown>): Promise<StoredFileInfo> {
    // 62^8 names make a clash unlikely; a taken one is simply drawn again.
    for (let attempt = 0; ; attempt++) {
      const name = attempt === 0 ? first : `${newUploadFileName()}.${extension}`;
      try {
        return await this.deps.files.put(region, name, bytes, contentType, metadata);
      } catch (err) {
        if (!(err instanceof FileNameTakenError) || attempt >= 4) throw err;
      }
    }
  }
}
