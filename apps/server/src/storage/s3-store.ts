import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { writeFileAtomic } from './disk-store';
import { assertFileKey, dispositionFor, type FileStore, fileNotFound } from './file-store';

export type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …). Downloads never pass through the app:
 * `send` checks the object exists and redirects to a presigned GET whose response overrides set
 * the content type and disposition, valid for `urlTtlSeconds`.
 */
export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;

  async function exists(key: string) {
    assertFileKey(key);
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, localFile, contentType) {
      assertFileKey(key);
      const { size } = await fs.stat(localFile);
      // One PUT is atomic on S3 (readers see the old object or the new one) and covers files up to 5 GB.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(localFile),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return { bytes: size };
    },
    async send(_request, reply, key, options) {
      if (!(await exists(key))) throw fileNotFound();
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: dispositionFor(options.downloadName),
      });
      const url = await getSignedUrl(client, command, { expiresIn: settings.urlTtlSeconds });
      // The link expires, so neither the browser nor a proxy may keep the redirect.
      return reply.header('Cache-Control', 'private, no-store').redirect(url, 302);
    },
    exists,
    async localCopy(key, cacheDir) {
      assertFileKey(key);
      const file = path.join(cacheDir, createHash('sha256').update(`s3:${Bucket}/${key}`).digest('hex'));
      if (await fs.stat(file).catch(() => undefined)) return file;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await fs.mkdir(cacheDir, { recursive: true });
        await writeFileAtomic(file, object.Body as Readable);
      } catch (error) {
        if (isNotFound(error)) throw fileNotFound();
        throw error;
      }
      return file;
    },
    async remove(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
