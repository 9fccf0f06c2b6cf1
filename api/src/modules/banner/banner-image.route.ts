import type { Middleware } from 'koa';
import type { Providers } from '../../core/action';
import type { RequestState } from '../../core/request-context';
import { storedImageRoute } from '../storage/stored-image-route';
import { BannerImage } from './banner.model';
import { BANNER_IMAGE_PATH_PREFIX, bannerImageUrl } from './banner.presenter';

/**
 * The public banner image route: `GET|HEAD /api/banner-image/<id>.<ext>` (see `storedImageRoute`:
 * long-lived caching, ETag, 404 for an unknown id or a wrong extension). The images are read from
 * the file storage of the providers built at start (passed by createApp).
 */
export function bannerImageRoute(providers: Pick<Providers, 'storage'>): Middleware<RequestState> {
  return storedImageRoute<BannerImage>({
    prefix: BANNER_IMAGE_PATH_PREFIX,
    pattern: /^\/api\/banner-image\/([0-9a-f-]{36})\.(png|jpg|webp)$/,
    // An image's id is a random UUID: the public URL names the image of whichever project has it.
    find: (id) => BannerImage.findOne({ where: { id }, allTenants: true }),
    urlOf: bannerImageUrl,
    storage: providers.storage,
  });
}
