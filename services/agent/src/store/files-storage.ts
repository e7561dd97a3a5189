import type { Readable } from 'node:stream';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import type { Region } from '@platform/contracts';
import type { CollectionIndexes, RegionalMongo } from '@platform/kit';

/** Who stored a file and why; kept beside the bytes. */
export interface StoredFileMetadata {
  contentType: string;
  [key: string]: unknown;
}

export interface StoredFileInfo {
  id: string;
  name: string;
  length: number;
  uploadDate: Date;
  contentType: string;
  metadata: StoredFileMetadata;
}

export interface StoredFile extends StoredFileInfo {
  /** the bytes; the caller must consume or destroy it */
  stream: Readable;
}

/** A name that is already taken (names are unique per region); the caller picks another. */
export class FileNameTakenError extends Error {
  constructor(readonly fileName: string) {
    super(`file name ${fileName} is taken`);
    this.name = 'FileNameTakenError';
  }
}

/**
 * Where uploaded bytes live, per region. GridFS today; an object store (S3, GCS) can
 * implement the same four calls without the routes changing.
 */
export interface FileStorage {
  /** Stores the bytes under a new unique name; FileNameTakenError when the name exists. */
  put(region: Region, name: string, bytes: Uint8Array, contentType: string, metadata?: Record<string, unknown>): Promise<StoredFileInfo>;
  /** The file with its bytes as a stream, or null. */
  get(region: Region, name: string): Promise<StoredFile | null>;
  delete(region: Region, name: string): Promise<boolean>;
  /** Removes files stored with metadata.temporary older than `before`; answers how many. */
  deleteTemporary(region: Region, before: Date): Promise<number>;
}

/** GridFS bucket of uploads: collections uploads.files and uploads.chunks in each regional database. */
export const UPLOADS_BUCKET = 'uploads';

export const FILES_INDEXES: CollectionIndexes[] = [
  // GridFS allows revisions of one name; upload names are unique instead.
  { collection: `${UPLOADS_BUCKET}.files`, indexes: [{ key: { filename: 1 }, name: 'upload_name_unique', unique: true }] },
];

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

interface FilesDocument {
  _id: ObjectId;
  filename: string;
  length: number;
  uploadDate: Date;
  metadata?: StoredFileMetadata;
}

/** FileStorage in MongoDB GridFS (works on FerretDB: plain files and chunks collections). */
export class GridFsFileStorage implements FileStorage {
  private readonly indexesReady = new Map<Region, Promise<void>>();

  constructor(
    private readonly mongo: RegionalMongo,
    private readonly options: { bucketName?: string; chunkSizeBytes?: number } = {},
  ) {}

  private bucketName(): string {
    return this.options.bucketName ?? UPLOADS_BUCKET;
  }

  private bucket(db: Db): GridFSBucket {
    const { chunkSizeBytes } = this.options;
    return new GridFSBucket(db, { bucketName: this.bucketName(), ...(chunkSizeBytes ? { chunkSizeBytes } : {}) });
  }

  private files(region: Region) {
    return this.mongo.collection<FilesDocument>(region, `${this.bucketName()}.files`);
  }

  /** The unique name index, created once per region before the first write. */
  private ensureIndexes(region: Region): Promise<void> {
    let ready = this.indexesReady.get(region);
    if (!ready) {
      ready = (async () => {
        const files = this.files(region);
        const existing = new Set((await files.indexes().catch(() => [])).map((index) => index.name));
        if (!existing.has('upload_name_unique')) await files.createIndex({ filename: 1 }, { name: 'upload_name_unique', unique: true });
      })();
      ready.catch(() => this.indexesReady.delete(region));
      this.indexesReady.set(region, ready);
    }
    return ready;
  }

  async put(region: Region, name: string, bytes: Uint8Array, contentType: string, metadata: Record<string, unknown> = {}): Promise<StoredFileInfo> {
    await this.ensureIndexes(region);
    const db = this.mongo.db(region);
    if (await this.files(region).findOne({ filename: name })) throw new FileNameTakenError(name);
    const id = new ObjectId();
    const fullMetadata: StoredFileMetadata = { ...metadata, contentType };
    const upload = this.bucket(db).openUploadStreamWithId(id, name, { metadata: fullMetadata });
    try {
      await new Promise<void>((resolve, reject) => {
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      });
    } catch (err) {
      // The chunks are ours (our id); a failed or refused files document must not leave them behind.
      await db.collection(`${this.bucketName()}.chunks`).deleteMany({ files_id: id }).catch(() => undefined);
      if (isDuplicateKey(err)) throw new FileNameTakenError(name);
      throw err;
    }
    const stored = await this.files(region).findOne({ _id: id });
    return toInfo(stored ?? { _id: id, filename: name, length: bytes.byteLength, uploadDate: new Date(), metadata: fullMetadata });
  }

  async get(region: Region, name: string): Promise<StoredFile | null> {
    const doc = await this.files(region).findOne({ filename: name });
    if (!doc) return null;
    return { ...toInfo(doc), stream: this.bucket(this.mongo.db(region)).openDownloadStream(doc._id) };
  }

  async delete(region: Region, name: string): Promise<boolean> {
    const doc = await this.files(region).findOne({ filename: name });
    if (!doc) return false;
    await this.bucket(this.mongo.db(region)).delete(doc._id);
    return true;
  }

  async deleteTemporary(region: Region, before: Date): Promise<number> {
    const docs = await this.files(region)
      .find({ 'metadata.temporary': true, uploadDate: { $lt: before } })
      .limit(1000)
      .toArray();
    const bucket = this.bucket(this.mongo.db(region));
    for (const doc of docs) await bucket.delete(doc._id).catch(() => undefined);
    return docs.length;
  }
}

function toInfo(doc: FilesDocument): StoredFileInfo {
  const metadata = doc.metadata ?? { contentType: 'application/octet-stream' };
  return {
    id: doc._id.toHexString(),
    name: doc.filename,
    length: doc.length,
    uploadDate: doc.uploadDate,
    contentType: metadata.contentType ?? 'application/octet-stream',
    metadata,
  };
}
