import type { BannerSaveInput, RecordStatus } from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** Every banner of the project in display order (the screen shows them all, up to 100). Rejects with an ApiError. */
export const listBanners = (options?: CallOptions) =>
  api.call('banner/page', { pageNum: 1, pageSize: 100 }, options);

/** Creates (no `id`: at the end) or updates a banner; times are ISO 8601. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export const saveBanner = (payload: BannerSaveInput) => api.call('banner/save', payload);

/** Enables or disables a banner. Rejects with an ApiError. */
export const setBannerStatus = (id: number, status: RecordStatus) =>
  api.call('banner/status', { id, status });

/** Deletes a banner and its image. Rejects with an ApiError. */
export const deleteBanner = (id: number) => api.call('banner/delete', { id });

/** Puts every banner of the project in the order of `ids`. Rejects with an ApiError (the list changed meanwhile). */
export const sortBanners = (ids: number[]) => api.call('banner/sort', { ids });

/** Uploads a banner image (multipart `file`). Rejects with an ApiError saying why it is refused. */
export function uploadBannerImage(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.upload('banner/upload-image', form);
}
