import type { Middleware } from 'koa';
import type { RequestState } from '../../core/request-context';
import type { FileStorage } from './storage';
import { StorageError } from './storage';

/** A year: an image's content never changes under its URL (a new upload gets a new id). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What the route needs of a stored image row. */
export interface StoredImageRow {
  id: string;
  storageKey: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

/** One kind of public image: where its URLs live and how a row is found by the URL's id. */
export interface StoredImageRouteOptions<T extends StoredImageRow> {
  /** `/api/banner-image/`. */
  prefix: string;
  /** The whole path, capturing the id: `/^\/api\/banner-image\/([0-9a-f-]{36})\.(png|jpg|webp)$/`. */
  pattern: RegExp;
  /** The row of an id, across projects (ids are random UUIDs: the URL names the image). */
  find: (id: string) => Promise<T | null>;
  /** The row's own URL; a path naming the right id with another extension is not found. */
  urlOf: (row: T) => string;
  storage: FileStorage;
}

/**
 * A public image route: `GET|HEAD <prefix><id>.<ext>` answers the image with long-lived caching
 * headers (public, immutable, ETag of its digest, 304 for a matching If-None-Match). An unknown id
 * or a wrong extension answers 404; no answer names a storage key.
 */
export function storedImageRoute<T extends StoredImageRow>(
  options: StoredImageRouteOptions<T>,
): Middleware<RequestState> {
  const { prefix, pattern, find, urlOf, storage } = options;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) return next();
    const notFound = () => {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = '图片不存在';
    };
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = '不支持的请求方法';
      return;
    }
    const match = pattern.exec(ctx.path);
    const image = match ? await find(match[1] as string) : null;
    if (!image || urlOf(image) !== ctx.path) return notFound();
    const etag = `"${image.sha256}"`;
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.set('Last-Modified', image.createdAt.toUTCString());
    if (
      ctx
        .get('If-None-Match')
        .split(/\s*,\s*/)
        .includes(etag)
    ) {
      ctx.status = 304;
      return;
    }
    ctx.type = image.contentType;
    if (ctx.method === 'GET') {
      try {
        ctx.body = await storage.get(image.storageKey);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        ctx.state.log.error({ imageId: image.id, reason: error.reason }, 'could not read a stored image');
        return notFound();
      }
    }
    ctx.status = 200;
    ctx.length = image.size;
  };
}
