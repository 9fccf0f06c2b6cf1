import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ByteRange } from '../storage/storage';
import { type CosPart, completeMultipartXml, cosAuthorization, parseCosError, xmlField } from './cos';

/**
 * Uploading one file to the COS location Tencent Cloud VOD's ApplyUpload answers (docs/vod.md),
 * signed with its temporary key: a file of at most one part in one PUT; a larger one as a COS
 * multipart upload (Initiate Multipart Upload, Upload Part one after another, Complete Multipart
 * Upload), each part streamed from the stored file by its byte range, so the memory used is that
 * of a stream whatever the size. A request failing for the network or a server error (5xx, 408, 429)
 * is sent again after a growing wait, a part re-read from the stored file; a multipart upload that
 * fails anyway is aborted, so no parts stay behind in the bucket.
 */

const MiB = 1024 ** 2;
/** The default part size (and the size above which a file goes in parts). */
export const COS_DEFAULT_PART_SIZE = 8 * MiB;
/** COS takes at most 10,000 parts: a larger file gets larger parts. */
export const COS_MAX_PARTS = 10_000;

/** A file to upload: its size and its bytes as streams, whole or by range (never held whole). */
export interface CosUploadSource {
  size: number;
  /** The object's Content-Type. */
  type: string;
  /**
   * A stream of the file, or of `range` (inclusive offsets); opened again to send a part again.
   * A stream ending short of (or going beyond) what was asked fails the upload.
   */
  open(range?: ByteRange): Promise<Readable>;
}

/** Where the object goes and with which (temporary) key: ApplyUpload's answer. */
export interface CosObjectTarget {
  /** The object's URL. */
  url: string;
  /** The path the signature covers (the URL's path). */
  path: string;
  secretId: string;
  secretKey: string;
  /** `x-cos-security-token` of the temporary key (none for a permanent one). */
  token: string;
}

export interface CosUploadOptions {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The clock (Unix seconds): the signature's validity starts now. */
  now: () => number;
  /** One request's deadline, plus one second per MiB it sends. */
  timeoutMs: number;
  /** Parts' size, and the size above which a file goes in parts. */
  partSize: number;
  /** How many more times a failed request is sent (the multipart upload is aborted after). */
  retries: number;
  /** The wait before the first resend, doubling with each. */
  retryDelayMs: number;
}

/**
 * An upload COS refused (`UploadFailed`, the message naming COS's error code), that could not reach
 * it (`Unreachable`), whose stored file could not be read whole (`SourceFailed`), or whose answer
 * lacked what the protocol promises (`BadAnswer`).
 */
export class CosUploadError extends Error {
  constructor(
    readonly code: 'UploadFailed' | 'Unreachable' | 'SourceFailed' | 'BadAnswer',
    message: string,
    /** COS's own error code (`InvalidPart`, `NoSuchUpload`, …) when it answered one. */
    readonly cosCode: string | null = null,
  ) {
    super(message);
    this.name = 'CosUploadError';
  }
}

type RequestBody =
  | { kind: 'none'; type?: string }
  | { kind: 'text'; text: string; type: string }
  | { kind: 'file'; range?: ByteRange; length: number; type?: string };

type Sent =
  | { ok: true; response: Response; text: string }
  | { ok: false; retry: boolean; error: CosUploadError };

/** Statuses of a request worth sending again (the server's trouble, not the request's). */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Error codes of a 200 answer that failed after all (Complete Multipart Upload may answer so). */
const RETRY_CODES = new Set(['InternalError', 'ServiceUnavailable', 'SlowDown']);

/** `name=value&…`, a parameter without a value as its bare name (`?uploads`). */
const queryOf = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => (value === '' ? name : `${name}=${encodeURIComponent(value)}`))
    .join('&');

/** `stream` checked to carry exactly `length` bytes; `problem` is told when it does not, or fails. */
function exactly(stream: Readable, length: number, problem: (error: Error) => void): Readable {
  let count = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      if (count > length) {
        const error = new Error(`the stored file has more than the ${length} bytes expected`);
        problem(error);
        return done(error);
      }
      done(null, chunk);
    },
    flush(done) {
      if (count === length) return done();
      const error = new Error(`the stored file ended after ${count} of ${length} bytes`);
      problem(error);
      done(error);
    },
  });
  stream.once('error', (error) => {
    problem(error);
    checked.destroy(error);
  });
  return stream.pipe(checked);
}

/**
 * Uploads `source` to `target` (one PUT, or a multipart upload above `options.partSize`). Throws
 * CosUploadError; a multipart upload failing is aborted first.
 */
export async function uploadToCos(
  target: CosObjectTarget,
  source: CosUploadSource,
  options: CosUploadOptions,
): Promise<void> {
  const partSize = Math.max(options.partSize, Math.ceil(source.size / COS_MAX_PARTS));

  async function sendOnce(
    what: string,
    method: string,
    params: Record<string, string>,
    body: RequestBody,
  ): Promise<Sent> {
    const start = options.now();
    const headers: Record<string, string> = {
      Authorization: cosAuthorization(target.secretId, target.secretKey, {
        method,
        path: target.path,
        params,
        start,
        end: start + 3600,
      }),
    };
    if (target.token) headers['x-cos-security-token'] = target.token;
    if (body.type) headers['Content-Type'] = body.type;
    let payload: Readable | string | undefined;
    let stream: Readable | undefined;
    const read: { problem: Error | null } = { problem: null };
    let length = 0;
    if (body.kind === 'file') {
      try {
        stream = await source.open(body.range);
      } catch (error) {
        return {
          ok: false,
          retry: false,
          error: new CosUploadError('SourceFailed', `读取待上传的文件失败：${(error as Error).message}`),
        };
      }
      length = body.length;
      // Streamed with its length (COS wants Content-Length, not chunks).
      payload = exactly(stream, length, (error) => {
        read.problem ??= error;
      });
      headers['Content-Length'] = String(length);
    } else if (body.kind === 'text') {
      payload = body.text;
      length = Buffer.byteLength(body.text);
    }
    const query = queryOf(params);
    let response: Response;
    try {
      // Node's fetch (undici) streams a Readable body with duplex 'half'; the DOM's RequestInit,
      // which the test workspace's type check sees, names neither.
      const init = {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload, duplex: 'half' }),
        // At least 1 MiB/s.
        signal: AbortSignal.timeout(options.timeoutMs + Math.ceil(length / MiB) * 1000),
      };
      response = await options.fetch(
        query ? `${target.url}?${query}` : target.url,
        init as unknown as RequestInit,
      );
    } catch (error) {
      stream?.destroy();
      if (read.problem)
        return {
          ok: false,
          retry: false,
          error: new CosUploadError('SourceFailed', `读取待上传的文件失败：${read.problem.message}`),
        };
      return {
        ok: false,
        retry: true,
        error: new CosUploadError(
          'Unreachable',
          `${what}失败：云点播存储无法连接（${(error as Error).message}）`,
        ),
      };
    }
    const text = await response.text().catch(() => '');
    // A refusal may come before the whole body was sent: the stored file is closed either way.
    stream?.destroy();
    const refusal = parseCosError(text);
    if (response.ok && !refusal) return { ok: true, response, text };
    return {
      ok: false,
      retry: RETRY_STATUSES.has(response.status) || (response.ok && RETRY_CODES.has(refusal?.code ?? '')),
      error: new CosUploadError(
        'UploadFailed',
        `${what}失败（HTTP ${response.status}${refusal ? ` ${refusal.code}：${refusal.message}` : ''}）`,
        refusal?.code ?? null,
      ),
    };
  }

  /** A request, sent again after a growing wait while it fails for the network or the server. */
  async function send(
    what: string,
    method: string,
    params: Record<string, string>,
    body: RequestBody,
  ): Promise<{ response: Response; text: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const sent = await sendOnce(what, method, params, body);
      if (sent.ok) return sent;
      if (!sent.retry || attempt >= options.retries) throw sent.error;
      await sleep(options.retryDelayMs * 2 ** attempt);
    }
  }

  if (source.size <= partSize) {
    await send('上传到云点播存储', 'PUT', {}, { kind: 'file', length: source.size, type: source.type });
    return;
  }

  const initiated = await send('开始分块上传', 'POST', { uploads: '' }, { kind: 'none', type: source.type });
  const uploadId = xmlField(initiated.text, 'UploadId');
  if (!uploadId) throw new CosUploadError('BadAnswer', '开始分块上传的答复缺少 UploadId');
  try {
    const parts: CosPart[] = [];
    for (let partNumber = 1, start = 0; start < source.size; partNumber += 1, start += partSize) {
      const end = Math.min(source.size, start + partSize) - 1;
      const { response } = await send(
        `上传第 ${partNumber} 块`,
        'PUT',
        { partNumber: String(partNumber), uploadId },
        { kind: 'file', range: { start, end }, length: end - start + 1 },
      );
      const etag = response.headers.get('etag');
      if (!etag) throw new CosUploadError('BadAnswer', `第 ${partNumber} 块的答复缺少 ETag`);
      parts.push({ partNumber, etag });
    }
    await send(
      '合并分块',
      'POST',
      { uploadId },
      { kind: 'text', text: completeMultipartXml(parts), type: 'application/xml' },
    );
  } catch (error) {
    // The parts of a failed upload are dropped (COS would keep them, and bill them, otherwise).
    const aborted = await sendOnce('取消分块上传', 'DELETE', { uploadId }, { kind: 'none' });
    if (!(error instanceof CosUploadError)) throw error;
    throw new CosUploadError(
      error.code,
      `${error.message}；${aborted.ok ? '已取消本次分块上传' : `取消分块上传也未成功：${aborted.error.message}`}`,
      error.cosCode,
    );
  }
}
