import type { PublicBanner } from '@px/api/contract';
import { request } from './request';

/**
 * The banners of the H5 carousel in display order (public): the project of the request's host, or
 * of `unitId`. Quiet: the entry pages show without banners when the call fails. Rejects with an ApiError.
 */
export function listBanners(unitId?: number): Promise<PublicBanner[]> {
  return request<PublicBanner[]>(
    { url: '/banner/list.action', method: 'post', data: { unitId } },
    { quiet: true },
  );
}
