import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertMediaKey, mediaPath, type MediaStorage } from './storage';

export interface S3Options {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset = AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset = the SDK's default credential chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL devices fetch objects from (a public bucket or a CDN); unset = presigned GETs. */
  publicUrl?: string;
  /** Folder for temporary local copies (default: a new folder under the OS temp folder). */
  tempDir?: string;
}

/** How long a presigned GET handed to a device or a browser stays valid. */
export const S3_GET_TTL_SECONDS = 24 * 3600;
const CONTENT_TYPE = 'audio/mpeg';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Media in an S3-compatible bucket (AWS S3, MinIO, Ceph…), behind the same interface as the disk store. */
export function s3Storage(opts: S3Options): MediaStorage & { readonly client: S3Client; readonly bucket: string } {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: a presigned PUT must not carry the checksum of an
    // empty body, and not every S3-compatible store understands the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const ownTempRoot = !opts.tempDir;
  const tempRoot = opts.tempDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'loa-s3-'));
  fs.mkdirSync(tempRoot, { recursive: true });
  /** A temporary local name that keeps the key's base name (and so its extension). */
  const tempFile = (key: string) => path.join(tempRoot, `${crypto.randomBytes(8).toString('hex')}-${path.basename(key)}`);
  const publicBase = opts.publicUrl?.replace(/\/+$/, '');

  const stat = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertMediaKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const read = async (key: string, range?: { start: number; end?: number }) => {
    const answer = await client.send(new GetObjectCommand({
      Bucket, Key: assertMediaKey(key), Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
    }));
    return answer.Body as Readable;
  };

  const upload = async (key: string, file: string) => {
    const { size } = await fs.promises.stat(file);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: CONTENT_TYPE }));
    return { size };
  };

  return {
    kind: 's3',
    root: tempRoot,
    client,
    bucket: Bucket,
    publicPath: mediaPath,
    // A folder made in the system's temporary directory would otherwise outlive every run of the server.
    async close() {
      if (ownTempRoot) await fs.promises.rm(tempRoot, { recursive: true, force: true });
      client.destroy();
    },
    async publicUrl(key) {
      assertMediaKey(key);
      if (publicBase) return `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key, ResponseContentType: CONTENT_TYPE }), { expiresIn: S3_GET_TTL_SECONDS });
    },
    async presignUpload(key, ttlSeconds) {
      // content-type is signed: the PUT must say audio/mpeg (spec §7).
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: assertMediaKey(key), ContentType: CONTENT_TYPE }), {
        expiresIn: ttlSeconds, signableHeaders: new Set(['content-type']),
      });
    },
    async put(key, data, putOpts) {
      assertMediaKey(key);
      if (Buffer.isBuffer(data) && !putOpts?.check) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: CONTENT_TYPE }));
        return { size: data.length };
      }
      // Spooled to a local file first: S3 wants the length up front, and the check sees the whole file.
      const temp = tempFile(key);
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temp, data);
        else await pipeline(data, fs.createWriteStream(temp));
        await putOpts?.check?.(temp);
        if (putOpts?.exclusive && (await stat(key)) !== null) throw Object.assign(new Error(`media key already stored: ${key}`), { code: 'EEXIST' });
        return await upload(key, temp);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertMediaKey(key) }));
    },
    read,
    async withLocalFile(key, fn) {
      const temp = tempFile(key);
      try {
        await pipeline(await read(key), fs.createWriteStream(temp));
        return await fn(temp);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
  };
}

