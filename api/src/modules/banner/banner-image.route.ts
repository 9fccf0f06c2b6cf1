import type { Middleware } from 'koa';
import type { Providers } from '../../core/action';
import type { RequestState } from '../../core/request-context';
import { StorageError } from '../storage/storage';
import { BannerImage } from './banner.model';
import { BANNER_IMAGE_PATH_PREFIX, bannerImageUrl } from './banner.service';

const IMAGE_PATH = /^\/api\/banner-image\/([0-9a-f-]{36})\.(png|jpg|webp)$/;
/** A year: an image's content never changes under its URL (a new upload gets a new id). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The public banner image route: `GET|HEAD /api/banner-image/<id>.<ext>` answers the image with
 * long-lived caching headers (public, immutable, ETag of its digest, 304 for a matching
 * If-None-Match). An unknown id or a wrong extension answers 404; no answer names a storage key.
 * The images are read from the file storage of the providers built at start (passed by createApp).
 */
export function bannerImageRoute(providers: Pick<Providers, 'storage'>): Middleware<RequestState> {
  const { storage } = providers;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(BANNER_IMAGE_PATH_PREFIX)) return next();
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
    const match = IMAGE_PATH.exec(ctx.path);
    // An image's id is a random UUID: the public URL names the image of whichever project has it.
    const image = match
      ? await BannerImage.findOne({ where: { id: match[1] as string }, allTenants: true })
      : null;
    if (!image || bannerImageUrl(image) !== ctx.path) return notFound();
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
        ctx.state.log.error({ imageId: image.id, reason: error.reason }, 'could not read a banner image');
        return notFound();
      }
    }
    ctx.status = 200;
    ctx.length = image.size;
  };
}
