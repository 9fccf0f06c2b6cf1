import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cosAuthorization, cosErrorXml, parseCompleteMultipart, xmlEscape } from './cos';

/**
 * The COS side of the VOD simulator (docs/vod.md): the bucket an upload session writes to,
 * path-style (`/<bucket><MediaStoragePath>`), speaking the COS XML API as the VOD client uses it:
 * - `PUT <object>`: the object in one request;
 * - `POST <object>?uploads` → `InitiateMultipartUploadResult` with its `UploadId`;
 *   `PUT <object>?partNumber=N&uploadId=…` → the part's `ETag` (its MD5, quoted);
 *   `POST <object>?uploadId=…` with `CompleteMultipartUpload` (every part by number, ascending, with
 *   its ETag) → `CompleteMultipartUploadResult`, the object made of the parts;
 *   `DELETE <object>?uploadId=…` → 204, the parts dropped.
 * Each request must carry the COS signature of the session's temporary key over its method, path
 * and every query parameter, within its key time, and the key's `x-cos-security-token`. Bodies are
 * written to disk as they arrive and kept only when all of their Content-Length came. Refusals are
 * COS XML error documents: AccessDenied, InvalidAccessKeyId, RequestTimeTooSkewed,
 * SignatureDoesNotMatch (403); MissingContentLength (411); EntityTooLarge, IncompleteBody,
 * InvalidArgument, InvalidRequest, MalformedXML, InvalidPartOrder, InvalidPart, EntityTooSmall (400);
 * NoSuchUpload (404, an upload completed, aborted or never started).
 */

/** The upload session writing to one object: its temporary key and what the object is. */
export interface CosSimTarget {
  secretId: string;
  secretKey: string;
  token: string;
  /** The key's expiry (Unix seconds). */
  expiresAt: number;
  /** The object's file extension (`mp4`). */
  extension: string;
}

export interface CosSimOptions {
  /** Where bodies are written (objects, and the parts of multipart uploads under `multipart/`). */
  dir: string;
  /** The largest object (and part) accepted. */
  maxUploadBytes: number;
  /** The smallest part but the last of a multipart upload (COS: 1 MiB). */
  minPartBytes: number;
  now: () => number;
  /** The upload session writing to the object at `pathname`, or null. */
  target(pathname: string): CosSimTarget | null;
  /** The object at `pathname` arrived whole: its file on disk is now the session's. */
  stored(pathname: string, file: { path: string; size: number }): Promise<void>;
}

/** An unfinished multipart upload (tests: that an aborted one leaves nothing). */
export interface CosSimMultipartUpload {
  uploadId: string;
  pathname: string;
  /** The numbers of the parts that arrived, ascending. */
  parts: number[];
}

export interface CosSim {
  /** Answers a COS request (PUT, POST or DELETE of an object path). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Bytes received by object and part PUTs so far, counted as they arrive. */
  receivedBytes(): number;
  multipartUploads(): CosSimMultipartUpload[];
}

interface Part {
  path: string;
  size: number;
  etag: string;
  md5: Buffer;
}

interface MultipartUpload {
  pathname: string;
  folder: string;
  parts: Map<number, Part>;
}

/** COS's largest part (and single PUT), and its most parts. */
const MAX_PART_BYTES = 5 * 1024 ** 3;
const MAX_PARTS = 10_000;

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createCosSim(options: CosSimOptions): CosSim {
  const { dir, now } = options;
  const uploads = new Map<string, MultipartUpload>();
  let received = 0;

  const cosError = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(cosErrorXml(code, message, randomUUID()));
  };
  const xml = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  /** A refusal reads the body away first, so the client (still sending) gets the answer. */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
  ) => {
    if (req.readableEnded) return cosError(res, status, code, message);
    req.once('end', () => cosError(res, status, code, message));
    req.resume();
  };

  /** The session of a signed request, or why it is refused. */
  function authorize(
    req: IncomingMessage,
    url: URL,
  ): { ok: true; target: CosSimTarget } | { ok: false; status: number; code: string; message: string } {
    const target = options.target(url.pathname);
    if (!target || target.expiresAt < now())
      return { ok: false, status: 403, code: 'AccessDenied', message: '上传位置无效或已过期' };
    const auth = new URLSearchParams(header(req, 'authorization') ?? '');
    if (auth.get('q-ak') !== target.secretId || header(req, 'x-cos-security-token') !== target.token)
      return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: '临时密钥或安全令牌不符' };
    const [start, end] = (auth.get('q-key-time') ?? '').split(';').map(Number);
    if (!start || !end || now() < start - 300 || now() > end)
      return { ok: false, status: 403, code: 'RequestTimeTooSkewed', message: '签名不在有效期内' };
    // Every query parameter must be signed (uploadId and partNumber name what the request does).
    const expected = new URLSearchParams(
      cosAuthorization(target.secretId, target.secretKey, {
        method: req.method ?? '',
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        start,
        end,
      }),
    );
    if (
      auth.get('q-sign-algorithm') !== 'sha1' ||
      auth.get('q-url-param-list') !== expected.get('q-url-param-list') ||
      auth.get('q-signature') !== expected.get('q-signature')
    )
      return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: '签名错误' };
    return { ok: true, target };
  }

  /**
   * Writes the body (of its Content-Length, at most `limit`) to `file` as it arrives, with its MD5;
   * answers null after refusing (nothing kept).
   */
  async function receive(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    limit: number,
  ): Promise<{ size: number; md5: Buffer } | null> {
    const length = Number(header(req, 'content-length') ?? Number.NaN);
    if (!Number.isSafeInteger(length) || length < 0) {
      refuse(req, res, 411, 'MissingContentLength', '缺少 Content-Length');
      return null;
    }
    if (length > limit) {
      refuse(req, res, 400, 'EntityTooLarge', '文件过大');
      return null;
    }
    let size = 0;
    const hash = createHash('md5');
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        received += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const arrived = await pipeline(req, count, createWriteStream(file)).then(
      () => true,
      () => false,
    );
    if (!arrived || size !== length) {
      await rm(file, { force: true });
      cosError(res, 400, 'IncompleteBody', '上传的字节数与 Content-Length 不符');
      return null;
    }
    return { size, md5: hash.digest() };
  }

  async function putObject(req: IncomingMessage, res: ServerResponse, url: URL, target: CosSimTarget) {
    const file = path.join(dir, `${randomBytes(8).toString('hex')}.${target.extension}`);
    const body = await receive(req, res, file, Math.min(options.maxUploadBytes, MAX_PART_BYTES));
    if (!body) return;
    await options.stored(url.pathname, { path: file, size: body.size });
    res.writeHead(200, { etag: `"${body.md5.toString('hex')}"` });
    res.end();
  }

  async function initiate(req: IncomingMessage, res: ServerResponse, url: URL) {
    req.resume();
    const uploadId = `${Math.floor(now())}${randomBytes(24).toString('hex')}`;
    const folder = path.join(dir, 'multipart', uploadId);
    await mkdir(folder, { recursive: true });
    uploads.set(uploadId, { pathname: url.pathname, folder, parts: new Map() });
    const [, bucket = '', ...key] = url.pathname.split('/');
    xml(
      res,
      `<InitiateMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key.join('/'))}</Key>` +
        `<UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
    );
  }

  /** The upload of `uploadId` writing to this path, or null. */
  const uploadOf = (url: URL) => {
    const upload = uploads.get(url.searchParams.get('uploadId') ?? '');
    return upload && upload.pathname === url.pathname ? upload : null;
  };
  const NO_SUCH_UPLOAD = '分块上传不存在（UploadId 无效，或已完成、已取消）';

  async function putPart(req: IncomingMessage, res: ServerResponse, url: URL) {
    const upload = uploadOf(url);
    if (!upload) return refuse(req, res, 404, 'NoSuchUpload', NO_SUCH_UPLOAD);
    const text = url.searchParams.get('partNumber') ?? '';
    const partNumber = /^\d{1,5}$/.test(text) ? Number(text) : 0;
    if (partNumber < 1 || partNumber > MAX_PARTS)
      return refuse(req, res, 400, 'InvalidArgument', `partNumber 须为 1 到 ${MAX_PARTS} 的整数`);
    const file = path.join(upload.folder, `${partNumber}.${randomBytes(4).toString('hex')}`);
    const body = await receive(req, res, file, Math.min(options.maxUploadBytes, MAX_PART_BYTES));
    if (!body) return;
    if (uploads.get(url.searchParams.get('uploadId') ?? '') !== upload) {
      // Aborted or completed while the part arrived.
      await rm(file, { force: true });
      return cosError(res, 404, 'NoSuchUpload', NO_SUCH_UPLOAD);
    }
    const replaced = upload.parts.get(partNumber);
    const etag = `"${body.md5.toString('hex')}"`;
    upload.parts.set(partNumber, { path: file, size: body.size, etag, md5: body.md5 });
    if (replaced) await rm(replaced.path, { force: true });
    res.writeHead(200, { etag });
    res.end();
  }

  async function complete(req: IncomingMessage, res: ServerResponse, url: URL, target: CosSimTarget) {
    // Read whole (10,000 parts are about 1 MB of XML); more is read away and refused.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= 2 * 1024 ** 2) chunks.push(chunk as Buffer);
    }
    if (size > 2 * 1024 ** 2) return cosError(res, 400, 'MalformedXML', '合并请求过大');
    const upload = uploadOf(url);
    if (!upload) return cosError(res, 404, 'NoSuchUpload', NO_SUCH_UPLOAD);
    const listed = parseCompleteMultipart(Buffer.concat(chunks).toString('utf8'));
    if (!listed?.length)
      return cosError(res, 400, 'MalformedXML', '合并请求不是有效的 CompleteMultipartUpload');
    const parts: Part[] = [];
    for (const [index, item] of listed.entries()) {
      if (index > 0 && item.partNumber <= (listed[index - 1]?.partNumber ?? 0))
        return cosError(res, 400, 'InvalidPartOrder', '分块须按编号升序列出，且不重复');
      const part = upload.parts.get(item.partNumber);
      if (!part || part.etag.replaceAll('"', '') !== item.etag.replaceAll('"', ''))
        return cosError(res, 400, 'InvalidPart', `第 ${item.partNumber} 块未上传，或其 ETag 不符`);
      parts.push(part);
    }
    const small = parts.findIndex(
      (part, index) => index < parts.length - 1 && part.size < options.minPartBytes,
    );
    if (small >= 0)
      return cosError(
        res,
        400,
        'EntityTooSmall',
        `第 ${listed[small]?.partNumber} 块小于 ${options.minPartBytes} 字节（只有最后一块可以更小）`,
      );
    const total = parts.reduce((sum, part) => sum + part.size, 0);
    if (total > options.maxUploadBytes) return cosError(res, 400, 'EntityTooLarge', '文件过大');
    // The object is made of the listed parts (others are dropped), as COS does.
    uploads.delete(url.searchParams.get('uploadId') ?? '');
    const file = path.join(dir, `${randomBytes(8).toString('hex')}.${target.extension}`);
    try {
      // The parts one after another into the object, streamed.
      await pipeline(async function* () {
        for (const part of parts) yield* createReadStream(part.path);
      }, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    } finally {
      await rm(upload.folder, { recursive: true, force: true });
    }
    await options.stored(url.pathname, { path: file, size: total });
    const etag = createHash('md5')
      .update(Buffer.concat(parts.map((part) => part.md5)))
      .digest('hex');
    const [, bucket = '', ...key] = url.pathname.split('/');
    xml(
      res,
      `<CompleteMultipartUploadResult><Location>${xmlEscape(`${header(req, 'host') ?? ''}${url.pathname}`)}</Location>` +
        `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key.join('/'))}</Key>` +
        `<ETag>&quot;${etag}-${parts.length}&quot;</ETag></CompleteMultipartUploadResult>`,
    );
  }

  async function abort(req: IncomingMessage, res: ServerResponse, url: URL) {
    req.resume();
    const upload = uploadOf(url);
    if (!upload) return cosError(res, 404, 'NoSuchUpload', NO_SUCH_UPLOAD);
    uploads.delete(url.searchParams.get('uploadId') ?? '');
    await rm(upload.folder, { recursive: true, force: true });
    res.writeHead(204);
    res.end();
  }

  return {
    async handle(req, res, url) {
      const auth = authorize(req, url);
      if (!auth.ok) return refuse(req, res, auth.status, auth.code, auth.message);
      const query = url.searchParams;
      if (req.method === 'PUT' && query.has('uploadId') && query.has('partNumber'))
        return putPart(req, res, url);
      if (req.method === 'PUT' && !query.has('uploadId') && !query.has('partNumber'))
        return putObject(req, res, url, auth.target);
      if (req.method === 'POST' && query.has('uploads') && !query.has('uploadId'))
        return initiate(req, res, url);
      if (req.method === 'POST' && query.has('uploadId')) return complete(req, res, url, auth.target);
      if (req.method === 'DELETE' && query.has('uploadId')) return abort(req, res, url);
      refuse(req, res, 400, 'InvalidRequest', '不支持的请求');
    },
    receivedBytes: () => received,
    multipartUploads: () =>
      [...uploads.entries()].map(([uploadId, upload]) => ({
        uploadId,
        pathname: upload.pathname,
        parts: [...upload.parts.keys()].sort((a, b) => a - b),
      })),
  };
}
