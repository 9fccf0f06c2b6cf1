import type { BannerImage as BannerImageAnswer, BannerItem, BannerWindowState } from '../../contract/banner';
import type { Banner, BannerImage } from './banner.model';

/** How banners and their images are answered: public image URLs, a banner's window at a moment. */

/** The public path prefix of banner images: `/api/banner-image/<id>.<ext>`. */
export const BANNER_IMAGE_PATH_PREFIX = '/api/banner-image/';

export const EXTENSION_OF_TYPE: Record<BannerImageAnswer['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The public, stable URL of a banner image (its content never changes under that URL). */
export function bannerImageUrl(image: Pick<BannerImage, 'id' | 'contentType'>): string {
  return `${BANNER_IMAGE_PATH_PREFIX}${image.id}.${EXTENSION_OF_TYPE[image.contentType]}`;
}

export function presentImage(image: BannerImage): BannerImageAnswer {
  return {
    id: image.id,
    url: bannerImageUrl(image),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    size: image.size,
  };
}

/** Where a banner's window stands at `now`. */
export function bannerWindowState(
  banner: { startAt: Date | null; endAt: Date | null },
  now: Date,
): BannerWindowState {
  if (banner.startAt && banner.startAt.getTime() > now.getTime()) return 'PENDING';
  if (banner.endAt && banner.endAt.getTime() <= now.getTime()) return 'ENDED';
  return 'ACTIVE';
}

export function presentBanner(banner: Banner, image: BannerImage, now: Date): BannerItem {
  return {
    id: banner.id,
    title: banner.title,
    image: presentImage(image),
    link: banner.link,
    sort: banner.sort,
    startAt: banner.startAt?.toISOString() ?? null,
    endAt: banner.endAt?.toISOString() ?? null,
    status: banner.status,
    windowState: bannerWindowState(banner, now),
    createdAt: banner.createdAt.toISOString(),
    updatedAt: banner.updatedAt.toISOString(),
  };
}
