import { api } from './request';

/**
 * The banners of the H5 carousel in display order (public): the project of the request's host, or
 * of `unitId`. Quiet: the entry pages show without banners when the call fails. Rejects with an ApiError.
 */
export const listBanners = (unitId?: number) => api.call('banner/list', { unitId }, { quiet: true });
