import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageOptions } from './s3-storage';

/** A running S3-protocol server on loopback (s3rver): where it is and how to sign in. */
export interface S3Simulator {
  /** The connection of a storage over it: `createS3Storage(sim.options)`. */
  options: S3StorageOptions & { endpoint: string; forcePathStyle: true };
  /** The base URL, e.g. http://127.0.0.1:43123 */
  url(): string;
  /**
   * Every file the server keeps, relative to its folder, sorted: objects, their metadata and the
   * parts of unfinished multipart uploads (tests check that nothing is left behind).
   */
  files(): string[];
  close(): Promise<void>;
}

/** s3rver's one account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding, as Signature Version 4 wants it. */
const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Whether a request carries a valid AWS Signature Version 4 of ACCESS_KEY_ID, in its Authorization
 * header or in its query (a presigned URL, whose expiry s3rver checks). s3rver itself checks v4
 * requests for a known key and presigned URLs for expiry only, not the signature: without this, a
 * presigned URL edited to another key, or a request with no signature, would be served.
 */
export function hasValidSignature(request: http.IncomingMessage): boolean {
  const url = new URL(request.url ?? '/', 'http://s3.local');
  const header = request.headers.authorization ?? '';
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (header.startsWith('AWS4-HMAC-SHA256 ')) {
    const parts = new Map(
      header
        .slice('AWS4-HMAC-SHA256 '.length)
        .split(',')
        .map((part) => {
          const [name, ...value] = part.trim().split('=');
          return [name, value.join('=')] as const;
        }),
    );
    credential = parts.get('Credential') ?? '';
    signedHeaders = parts.get('SignedHeaders') ?? '';
    signature = parts.get('Signature') ?? '';
    amzDate = String(request.headers['x-amz-date'] ?? '');
    payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  } else if (url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    credential = url.searchParams.get('X-Amz-Credential') ?? '';
    signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
    signature = url.searchParams.get('X-Amz-Signature') ?? '';
    amzDate = url.searchParams.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
  } else {
    return false;
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (accessKeyId !== ACCESS_KEY_ID || !date || !region || !service || terminator !== 'aws4_request')
    return false;
  if (!signedHeaders.split(';').includes('host') || !payloadHash || !/^[0-9a-f]{64}$/.test(signature))
    return false;

  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), service), 'aws4_request');
  const expected = hmac(key, toSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** The S3 error document of a refused signature. */
const SIGNATURE_REFUSED = xmlError(
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided.',
);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The multipart calls s3rver lacks (ListParts, AbortMultipartUpload) or answers loosely (a part or
 * completion for an upload it does not know), over its own folder layout: an upload is the folder
 * `<bucket>/._S3rver_uploads/<uploadId>` holding `key`, and per part `<n>` and `<n>.md5`. Answers
 * whether it handled the request.
 */
function serveMultipart(
  directory: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): boolean {
  const url = new URL(request.url ?? '/', 'http://s3.local');
  const uploadId = url.searchParams.get('uploadId');
  const [, bucket, ...keyParts] = url.pathname.split('/').map((part) => decodeURIComponent(part));
  if (uploadId === null || !bucket || !keyParts.length) return false;
  const key = keyParts.join('/');
  const folder = path.join(directory, bucket, '._S3rver_uploads', uploadId);
  const known =
    /^[A-Za-z0-9_-]+$/.test(uploadId) &&
    /^[a-z0-9.-]+$/.test(bucket) &&
    fs.existsSync(path.join(folder, 'key')) &&
    fs.readFileSync(path.join(folder, 'key'), 'utf8') === key;
  const answer = (status: number, body = '') => {
    request.resume();
    response.writeHead(status, body ? { 'content-type': 'application/xml' } : {}).end(body);
    return true;
  };
  if (!known) return answer(404, xmlError('NoSuchUpload', 'The specified upload does not exist.'));
  if (request.method === 'DELETE') {
    fs.rmSync(folder, { recursive: true, force: true });
    return answer(204);
  }
  if (request.method === 'GET') {
    const parts = fs
      .readdirSync(folder)
      .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(folder, `${name}.md5`)))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const stats = fs.statSync(path.join(folder, String(number)));
        const md5 = fs.readFileSync(path.join(folder, `${number}.md5`), 'utf8').trim();
        return (
          `<Part><PartNumber>${number}</PartNumber><LastModified>${stats.mtime.toISOString()}</LastModified>` +
          `<ETag>&quot;${md5}&quot;</ETag><Size>${stats.size}</Size></Part>`
        );
      });
    return answer(
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket>` +
        `<Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>` +
        `${parts.join('')}</ListPartsResult>`,
    );
  }
  return false; // a part or the completion of a known upload: s3rver's own
}

/**
 * Starts s3rver, a real S3-protocol server (multipart uploads, ranges, presigned URL expiry),
 * behind a Signature Version 4 check (hasValidSignature), keeping objects in `directory` (default
 * a temporary folder, removed on close), with `bucket` created. On `port` (0 or unset: a free
 * one). For tests and the opt-in dev mode `STORAGE_PROVIDER=s3-simulator` (docs/storage.md).
 * s3rver is a development dependency: loaded only here, never by a production start.
 */
export async function startS3Simulator(
  options: { port?: number; directory?: string; bucket?: string } = {},
): Promise<S3Simulator> {
  const { default: S3rver } = await import('s3rver');
  const temporary = options.directory ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'px-s3-sim-'));
  const directory = options.directory ?? (temporary as string);
  fs.mkdirSync(directory, { recursive: true });
  const bucket = options.bucket ?? 'px-files';
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const serve = s3rver.callback();
  const server = http.createServer((request, response) => {
    if (!hasValidSignature(request)) {
      request.resume();
      response.writeHead(403, { 'content-type': 'application/xml' }).end(SIGNATURE_REFUSED);
      return;
    }
    if (!serveMultipart(directory, request, response)) serve(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    options: {
      endpoint: url,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    url: () => url,
    files: () =>
      fs
        .readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
        .sort(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
    },
  };
}
