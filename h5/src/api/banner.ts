import { earlyCall } from './early';
import { api } from './request';

const banners = earlyCall(
  (unitId: number | undefined) => api.call('banner/list', { unitId }, { quiet: true }),
  (unitId) => String(unitId),
);

/** Starts `banner/list` before React renders (router/first-calls.ts); the first `listBanners` takes it. */
export const prefetchBanners = (unitId: number | undefined) => banners.prefetch(unitId);

/**
 * The banners of the H5 carousel in display order (public): the project of the request's host, or
 * of `unitId`. Quiet: the entry pages show without banners when the call fails. Rejects with an ApiError.
 */
export const listBanners = (unitId?: number) => banners.take(unitId);
