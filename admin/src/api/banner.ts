import type { BannerImage, BannerItem, PageAnswer, RecordStatus } from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Every banner of the project in display order (the screen shows them all, up to 100). Rejects with an ApiError. */
export function listBanners(...options: [RequestOptions?]): Promise<PageAnswer<BannerItem>> {
  return request<PageAnswer<BannerItem>>(
    { url: '/banner/page.action', method: 'post', data: { pageNum: 1, pageSize: 100 } },
    ...options,
  );
}

/** What the banner editor sends to `banner/save`: no `id` creates one at the end. Times are ISO 8601. */
export interface BannerSavePayload {
  id?: number;
  title: string;
  imageId: string;
  link?: string;
  startAt?: string;
  endAt?: string;
}

/** Creates or updates a banner. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export function saveBanner(payload: BannerSavePayload): Promise<BannerItem> {
  return request<BannerItem>({ url: '/banner/save.action', method: 'post', data: payload });
}

/** Enables or disables a banner. Rejects with an ApiError. */
export function setBannerStatus(id: number, status: RecordStatus): Promise<BannerItem> {
  return request<BannerItem>({ url: '/banner/status.action', method: 'post', data: { id, status } });
}

/** Deletes a banner and its image. Rejects with an ApiError. */
export function deleteBanner(id: number): Promise<null> {
  return request<null>({ url: '/banner/delete.action', method: 'post', data: { id } });
}

/** Puts every banner of the project in the order of `ids`. Rejects with an ApiError (the list changed meanwhile). */
export function sortBanners(ids: number[]): Promise<PageAnswer<BannerItem>> {
  return request<PageAnswer<BannerItem>>({ url: '/banner/sort.action', method: 'post', data: { ids } });
}

/** Uploads a banner image (multipart `file`). Rejects with an ApiError saying why it is refused. */
export function uploadBannerImage(file: Blob, fileName: string): Promise<BannerImage> {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<BannerImage>({ url: '/banner/upload-image.action', method: 'post', data: form });
}
