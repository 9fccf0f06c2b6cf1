import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListPartsCommand,
  type ListPartsCommandOutput,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertStorageKey,
  type ByteRange,
  type FileStorage,
  StorageError,
  type StoredObject,
  type StoredPart,
} from './storage';

/** Where an S3-compatible store is and how to sign in (Aliyun OSS, Tencent COS, MinIO, AWS S3, s3rver). */
export interface S3StorageOptions {
  /** The service's address, e.g. `https://oss-cn-hangzhou.aliyuncs.com`; unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address buckets as `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle?: boolean;
  /**
   * Size of the parts `put` sends a large source in (at least 5 MiB, S3's smallest part); a source
   * smaller than one part is sent in one request. Default 8 MiB.
   */
  partBytes?: number;
  /** Parts of one `put` in flight at once. Default 4. */
  queueSize?: number;
  /** The time signed URLs are signed at (tests move it); default the system clock. */
  now?: () => Date;
}

/** The S3 error names (or HTTP statuses) meaning "no such object / upload". */
const MISSING_NAMES = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return MISSING_NAMES.has(failure?.name ?? '') || failure?.$metadata?.httpStatusCode === 404;
}

function isBadRange(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.name === 'InvalidRange' || failure?.$metadata?.httpStatusCode === 416;
}

function validRange(range: ByteRange): boolean {
  return (
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(range.end) &&
    range.start >= 0 &&
    range.start <= range.end
  );
}

/** `bytes 2-5/16` -> { end: 5, size: 16 }; null when unreadable. */
function parseContentRange(header: string | undefined): { end: number; size: number } | null {
  const match = /^bytes \d+-(\d+)\/(\d+)$/.exec(header ?? '');
  return match ? { end: Number(match[1]), size: Number(match[2]) } : null;
}

/**
 * The FileStorage of an S3-compatible bucket: a key is the object key. `put` sends a source larger
 * than one part as a multipart upload (`@aws-sdk/lib-storage`), aborted when the source or a part
 * fails, so nothing is left behind and an older object of the key stays; a range is an HTTP Range
 * read, checked against the object's size in the same request. Also signs GET URLs
 * (`signedUrl`) and exposes multipart uploads for resumable uploads (`multipart`).
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & {
  signedUrl: NonNullable<FileStorage['signedUrl']>;
  multipart: NonNullable<FileStorage['multipart']>;
  /** The client (tests list leftovers with it); `destroy()` it when done. */
  client: S3Client;
} {
  const Bucket = options.bucket;
  const now = options.now ?? (() => new Date());
  const partBytes = Math.max(5 * 1024 * 1024, options.partBytes ?? 8 * 1024 * 1024);
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where the service asks for them: not every S3-compatible store knows the
    // newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const checkedKey = (key: string): string => {
    assertStorageKey(key);
    return key;
  };

  const missingUpload = (error: unknown): never => {
    if (isMissing(error)) throw new StorageError('not-found', 'no such upload');
    throw error;
  };

  return {
    client,

    async put(key, source) {
      const Key = checkedKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: source },
        partSize: partBytes,
        queueSize: options.queueSize ?? 4,
        // A failed upload aborts its multipart upload: no parts are kept.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Stop reading a source that is still open (the request failed, not the source).
        if (source instanceof Readable && !source.destroyed) source.destroy();
        throw error;
      }
      const stored = await this.stat(key);
      if (!stored) throw new Error(`the store did not keep ${key}`);
      return stored;
    },

    async get(key, range?: ByteRange) {
      const Key = checkedKey(key);
      if (range && !validRange(range)) throw new StorageError('bad-range', 'range outside the object');
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
      } catch (error) {
        if (isMissing(error)) throw new StorageError('not-found', 'no such object');
        if (isBadRange(error)) throw new StorageError('bad-range', 'range outside the object');
        throw error;
      }
      const body = answer.Body as Readable;
      if (range) {
        // S3 shortens a range running past the end; the contract refuses it.
        const served = parseContentRange(answer.ContentRange);
        if (!served || served.end !== range.end) {
          body.destroy();
          throw new StorageError('bad-range', 'range outside the object');
        }
      }
      return body;
    },

    async stat(key): Promise<StoredObject | null> {
      const Key = checkedKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date() };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const Key = checkedKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },

    async signedUrl(key, ttlSeconds) {
      const Key = checkedKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key }), {
        expiresIn: ttlSeconds,
        signingDate: now(),
      });
    },

    multipart: {
      async start(key) {
        const Key = checkedKey(key);
        const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
        if (!UploadId) throw new Error('the store answered no upload id');
        return UploadId;
      },

      async putPart(key, uploadId, partNumber, source, size) {
        const Key = checkedKey(key);
        await client
          .send(
            new UploadPartCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              PartNumber: partNumber,
              Body: source,
              ContentLength: size,
            }),
          )
          .catch(missingUpload);
      },

      async listParts(key, uploadId) {
        const Key = checkedKey(key);
        const parts: StoredPart[] = [];
        let marker: string | undefined;
        for (;;) {
          const page: ListPartsCommandOutput = await client
            .send(
              new ListPartsCommand({
                Bucket,
                Key,
                UploadId: uploadId,
                ...(marker ? { PartNumberMarker: marker } : {}),
              }),
            )
            .catch(missingUpload);
          for (const part of page.Parts ?? [])
            parts.push({ partNumber: part.PartNumber ?? 0, size: part.Size ?? 0, etag: part.ETag ?? '' });
          if (!page.IsTruncated || !page.NextPartNumberMarker) break;
          marker = page.NextPartNumberMarker;
        }
        return parts.sort((a, b) => a.partNumber - b.partNumber);
      },

      async complete(key, uploadId) {
        const Key = checkedKey(key);
        const parts = await this.listParts(key, uploadId);
        await client
          .send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: {
                Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
              },
            }),
          )
          .catch(missingUpload);
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date() };
      },

      async abort(key, uploadId) {
        const Key = checkedKey(key);
        try {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }));
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      },
    },
  };
}
