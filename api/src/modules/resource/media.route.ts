import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import type { Sequelize } from 'sequelize';
import type { Providers } from '../../core/action';
import type { RequestState } from '../../core/request-context';
import { StorageError } from '../storage/storage';
import { verifyMediaToken } from './media-token';
import type { ByteSpan } from './mp4';
import { Resource } from './resource.model';
import { isLocalVideoProvider, MEDIA_PATH_PREFIX } from './video-provider';

/** What a `Range` header asks of a file of a known size (RFC 9110 section 14). */
export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'range'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header for a file of `size` bytes: `bytes=a-b`, `bytes=a-` and the suffix form
 * `bytes=-n` (the last n bytes). An absent, malformed or multi-range header (which a server may
 * ignore) asks for the whole file; a range starting at or past the end, or an empty suffix, is
 * unsatisfiable (416). An end past the file is cut to the file.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: 'whole' };
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/** What a limited token answers: a range, 416, or zeros standing for bytes it does not grant. */
export type LimitedRange =
  | { kind: 'range'; start: number; end: number }
  | { kind: 'zeros'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Narrows what a `Range` header asks to the byte spans a limited token grants (sorted, apart): a
 * range (or the whole file, read as `bytes=0-`) starting inside a span is answered up to that
 * span's end; one starting in a gap before a later span (the media data between a trial's end and
 * a `moov` at the end of the file) is answered with zeros up to that span, so a player reading
 * the file in order reaches the moov (a 416 there would make Chrome take the file as ending);
 * one starting after the last span is unsatisfiable (416).
 */
export function limitRange(range: RangeRequest, spans: readonly ByteSpan[], size: number): LimitedRange {
  if (range.kind === 'unsatisfiable') return range;
  const { start, end } = range.kind === 'range' ? range : { start: 0, end: size - 1 };
  const inside = spans.filter((span) => span.start < Math.min(span.end, size));
  const span = inside.find((one) => one.start <= start && start < one.end);
  if (span) return { kind: 'range', start, end: Math.min(end, span.end - 1, size - 1) };
  const next = inside.find((one) => one.start > start);
  if (!next) return { kind: 'unsatisfiable' };
  return { kind: 'zeros', start, end: Math.min(end, next.start - 1) };
}

/** A stream of `length` zero bytes, in chunks. */
function zeros(length: number): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  return Readable.from(
    (function* () {
      for (let left = length; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

const MEDIA_TOKEN_PATH = new RegExp(`^${MEDIA_PATH_PREFIX.replace(/\//g, '\\/')}([^/]+)$`);

function refuse(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = text;
}

/**
 * The local video provider's media route: `GET|HEAD /api/media/<token>` streams a resource's file
 * from the file storage with HTTP range support (Accept-Ranges, 206 with Content-Range, 416 for a
 * range outside the file, If-Range against the ETag). A token limited to byte spans (a trial)
 * reads only those (zeros stand for the rest): see `limitRange` (its answers are 206 or 416). A
 * forged or expired token answers 403, a resource that no longer exists 404; no answer ever names a
 * storage key or path. It answers only while the video provider is the local one (the providers
 * built at start, passed by createApp).
 */
export function mediaRoute(
  sequelize: Sequelize,
  providers: Pick<Providers, 'storage' | 'video'>,
): Middleware<RequestState> {
  const { storage, video } = providers;
  return async (ctx, next) => {
    const match = MEDIA_TOKEN_PATH.exec(ctx.path);
    if (!match || !isLocalVideoProvider(video)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      return refuse(ctx, 405, '不支持的请求方法');
    }
    const grant = verifyMediaToken(
      await video.mediaSecret(sequelize),
      decodeURIComponent(match[1] as string),
      Math.floor(Date.now() / 1000),
    );
    if (grant === 'forged' || grant === 'expired') {
      ctx.state.log.info({ reason: grant }, 'refused a media token');
      return refuse(ctx, 403, grant === 'expired' ? '播放地址已过期，请刷新后重试' : '播放地址无效');
    }
    // The signed token names the resource; it was granted to a caller of the resource's project.
    const resource = await Resource.findOne({ where: { id: grant.resourceId }, allTenants: true });
    if (resource?.status !== 'READY') return refuse(ctx, 404, '视频不存在');

    const stored = await storage.stat(resource.storageKey);
    if (!stored) {
      ctx.state.log.error({ resourceId: resource.id }, 'the file of a resource is missing from storage');
      return refuse(ctx, 404, '视频不存在');
    }
    const size = stored.size;
    const etag = `"${resource.sha256}"`;
    const ifRange = ctx.get('If-Range');
    const asked =
      ifRange && ifRange !== etag ? ({ kind: 'whole' } as const) : parseRange(ctx.get('Range'), size);
    const range = grant.spans ? limitRange(asked, grant.spans, size) : asked;

    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', resource.createdAt.toUTCString());
    const maxAge = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
    ctx.set('Cache-Control', `private, max-age=${maxAge}`);
    if (range.kind === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${size}`);
      return refuse(ctx, 416, '请求的范围超出文件');
    }
    const { start, end } = 'start' in range ? range : { start: 0, end: size - 1 };
    ctx.status = range.kind === 'whole' ? 200 : 206;
    ctx.type = resource.contentType;
    if (range.kind !== 'whole') ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    if (ctx.method === 'GET' && range.kind === 'zeros') ctx.body = zeros(end - start + 1);
    else if (ctx.method === 'GET') {
      try {
        ctx.body = await storage.get(resource.storageKey, { start, end });
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        ctx.state.log.error(
          { resourceId: resource.id, reason: error.reason },
          'could not read a resource file',
        );
        ctx.remove('Content-Range');
        return refuse(ctx, 404, '视频不存在');
      }
    }
    // After the body: Koa drops Content-Length when a stream replaces another body.
    ctx.length = end - start + 1;
  };
}
