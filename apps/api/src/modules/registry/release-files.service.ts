import { Injectable, Logger } from '@nestjs/common';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { RegistryMessages, ReleaseFilesManifest } from '@library/contracts';
import type { PackageType } from '@library/contracts';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { DomainError } from '../../common/errors/domain-error';
import { ObjectStorageService } from '../../infra/storage/object-storage.service';
import { ReleaseFinder } from './release-finder.service';

/** Upload limits the app enforces (s3rver ignores POST policy conditions; extraction checks the stored objects). */
export const RELEASE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const RELEASE_MAX_BYTES = 50 * 1024 * 1024;
export const DATA_FILE = 'data.json';
export const ARCHIVE_FILE = 'archive.tar.gz';
/** Lifetime of upload signatures and of archive download URLs. */
export const UPLOAD_SIGNATURE_SECONDS = 600;
export const ARCHIVE_URL_SECONDS = 300;

/** File types a release may carry, by extension: what the content route and the store serve them as. */
export const RELEASE_FILE_TYPES: Readonly<Record<string, string>> = {
  js: 'application/javascript',
  mjs: 'application/javascript',
  cjs: 'application/javascript',
  css: 'text/css',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  map: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain',
  md: 'text/markdown',
};

const FILE_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const RESERVED = new Set([DATA_FILE, ARCHIVE_FILE]);

/** Where a release's files live, in the store and under the content route. */
export interface ReleaseLocation {
  type: PackageType;
  id: string;
  version: string;
}

/** A declared file as add-package accepts it: a safe relative path with a known extension. */
export function declaredFile(fileName: string): { fileName: string; contentType: string } {
  const name = fileName.trim();
  if (!FILE_NAME.test(name) || name.split('/').some((part) => part === '.' || part === '..') || RESERVED.has(name) || !tarPath(name))
    throw new DomainError('BAD_REQUEST', RegistryMessages.fileNameNotAllowed(name));
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const contentType = RELEASE_FILE_TYPES[extension];
  if (!contentType) throw new DomainError('BAD_REQUEST', RegistryMessages.fileTypeNotAllowed(name));
  return { fileName: name, contentType };
}

/** The file manifest a release with files keeps as its `data`, or null when its data is something else. */
export function manifestOf(data: unknown): ReleaseFilesManifest | null {
  const parsed = ReleaseFilesManifest.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The object-store side of releases: keys, upload signatures, the data file, the archive, the content route
 * and deletion. Keys: `{uploadFolder}/{type}/{id}/{version}/` + `data.json`, the declared files, `archive.tar.gz`.
 */
@Injectable()
export class ReleaseFilesService {
  private readonly logger = new Logger(ReleaseFilesService.name);

  constructor(
    private readonly storage: ObjectStorageService,
    private readonly finder: ReleaseFinder,
  ) {}

  folderOf(release: ReleaseLocation): string {
    return [this.finder.content.uploadFolder, release.type, release.id, release.version].join('/');
  }

  keyOf(release: ReleaseLocation, fileName: string): string {
    return `${this.folderOf(release)}/${fileName}`;
  }

  /** Writes the data file (the release's data as JSON). Throws when the store fails, so callers' transactions roll back. */
  async writeDataFile(release: ReleaseLocation, data: unknown): Promise<void> {
    await this.storage.put(this.keyOf(release, DATA_FILE), JSON.stringify(data ?? null), 'application/json');
  }

  /**
   * Makes sure the data file exists: the database row is the truth, the file its copy, so a copy that is missing
   * (rows written without the store, e.g. by the demo seed, or a store that lost it) is written again from the row.
   */
  async ensureDataFile(release: ReleaseLocation & { releaseData?: { data: unknown } | null }): Promise<string> {
    const key = this.keyOf(release, DATA_FILE);
    if (!(await this.stat(key))) await this.writeDataFile(release, release.releaseData?.data ?? null);
    return key;
  }

  /** Stores one file of a release (the demo catalogue's files; clients upload through the signatures). */
  async put(release: ReleaseLocation, fileName: string, body: Buffer, contentType: string): Promise<void> {
    await this.storage.put(this.keyOf(release, fileName), body, contentType);
  }

  /** Presigned POSTs for the declared files, limited in size and type (checked again by the extraction run). */
  async uploadSignatures(release: ReleaseLocation, files: Array<{ fileName: string; contentType: string }>) {
    return Promise.all(
      files.map(async (file) => {
        const post = await this.storage.presignedPost(this.keyOf(release, file.fileName), {
          contentType: file.contentType,
          maxBytes: RELEASE_FILE_MAX_BYTES,
          expiresInSeconds: UPLOAD_SIGNATURE_SECONDS,
        });
        return { fileName: file.fileName, url: post.url, fields: post.fields };
      }),
    );
  }

  /** Size and content type of a stored object, or null when it is missing. */
  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    try {
      const head = await this.storage.client.send(new HeadObjectCommand({ Bucket: this.storage.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (
        name === 'NotFound' ||
        name === 'NoSuchKey' ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.storage.get(key);
    if (!object) throw new Error(`missing object ${key}`);
    return streamToBuffer(object.body);
  }

  /** Builds `archive.tar.gz` of the release's files (paths as declared) and stores it; returns its key. */
  async writeArchive(release: ReleaseLocation, files: Array<{ fileName: string; body: Buffer }>): Promise<string> {
    const key = this.keyOf(release, ARCHIVE_FILE);
    await this.storage.put(key, buildTarGz(files), 'application/gzip');
    return key;
  }

  /** A short-lived download URL of a stored object. */
  downloadUrl(key: string): Promise<string> {
    return this.storage.presignedGetUrl(key, ARCHIVE_URL_SECONDS);
  }

  /** A stored file of a release for the content route, or 404. */
  async open(release: ReleaseLocation, fileName: string) {
    const object = await this.storage.get(this.keyOf(release, fileName));
    if (!object) throw new DomainError('NOT_FOUND');
    return object;
  }

  /** Removes every object under the release's folder (after its rows are gone; failures are logged, not thrown). */
  async deleteFolder(release: ReleaseLocation): Promise<void> {
    const prefix = `${this.folderOf(release)}/`;
    try {
      let token: string | undefined;
      do {
        const page = await this.storage.client.send(
          new ListObjectsV2Command({ Bucket: this.storage.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) await this.storage.delete(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      this.logger.warn(`files of ${prefix} not all deleted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A ustar path: the name (≤ 100 bytes), or a prefix (≤ 155) and a name split at a '/'; null when it cannot fit. */
export function tarPath(path: string): { name: string; prefix: string } | null {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let cut = path.indexOf('/'); cut > 0; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { name, prefix };
  }
  return null;
}

function tarHeader(path: string, size: number, mtime: number): Buffer {
  const header = Buffer.alloc(512, 0);
  const { name, prefix } = tarPath(path)!;
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii');
  header.write(octal(0, 8), 116, 8, 'ascii');
  header.write(octal(size, 12), 124, 12, 'ascii');
  header.write(octal(mtime, 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(checksum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

/** A gzipped ustar archive of the files (regular files, mode 644), readable by `tar -xzf`. */
export function buildTarGz(files: Array<{ fileName: string; body: Buffer }>, mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(tarHeader(file.fileName, file.body.length, mtime), file.body);
    const padding = (512 - (file.body.length % 512)) % 512;
    if (padding) parts.push(Buffer.alloc(padding, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}
