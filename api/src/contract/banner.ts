import { z } from 'zod';
import { staff, visitor } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zIdStatusInput,
  zInput,
  zOptional,
  zPage,
  zRequiredText,
  zStatus,
} from './common';

/** The largest banner image: 2 MB. */
export const BANNER_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
/** The image formats a banner may have (read from the content). */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const LINK = '链接应为站内页面路径（如 /detail-public?id=1）或 https:// 开头的网址';
const H5_PATH =
  /^\/(?!\/)[A-Za-z0-9\-._~/%]*(\?[A-Za-z0-9\-._~%&=+,;:@/!$'()*]*)?(#[A-Za-z0-9\-._~%&=+,;:@/!$'()*?]*)?$/;

/**
 * Whether a banner link is acceptable: an H5 path (`/detail-public?id=1`, not `//host`) or an https
 * URL with a host and without credentials.
 */
export function isBannerLink(link: string): boolean {
  if (link.startsWith('/')) return H5_PATH.test(link);
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (
      url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password && !/\s/.test(link)
    );
  } catch {
    return false;
  }
}

const DATE_TIME = '时间格式不正确';
/** An instant as ISO 8601 with an offset (`2025-05-01T00:00:00.000Z`, `2025-05-01T08:00:00+08:00`). */
const zInstant = z.iso.datetime({ offset: true, error: DATE_TIME });

/**
 * `banner/save`: creates (without `id`, at the end of the order) or updates a banner. The image is
 * one uploaded by `banner/upload-image` in the same project; the window is optional on both sides
 * and its end lies after its start.
 */
export const bannerSaveInput = z
  .object({
    id: zInput.optionalId(),
    title: zRequiredText('标题', 50),
    imageId: z.uuid({ error: '请上传图片' }),
    link: zOptional(
      z.string().trim().max(500, { error: '链接不能超过 500 个字符' }).refine(isBannerLink, { error: LINK }),
    ),
    startAt: zOptional(zInstant),
    endAt: zOptional(zInstant),
    status: zOptional(zStatus),
  })
  .superRefine((value, ctx) => {
    if (value.startAt && value.endAt && Date.parse(value.endAt) <= Date.parse(value.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: '结束时间应晚于开始时间' });
  });
export type BannerSaveInput = z.input<typeof bannerSaveInput>;

/** `banner/page`: the project's banners in display order; `title` matches a part. */
export const bannerPageInput = z.object({
  ...zPage,
  title: zOptional(z.string().trim().max(50)),
  status: zOptional(zStatus),
});

/** `banner/delete`: one banner of the project. */
export const bannerIdInput = zIdInput;

/** `banner/status`: enables or disables a banner. */
export const bannerStatusInput = zIdStatusInput;

/** `banner/sort`: every banner of the project, in the new display order. */
export const bannerSortInput = z.object({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((entry) => entry.trim() !== '') : value),
    z.array(zInput.id(), { error: '请提交轮播图的顺序' }).min(1, { error: '请提交轮播图的顺序' }),
  ),
});

/** `banner/list` (public, the H5): the project of the request's host, or of `unitId`. */
export const bannerListInput = z.object({ unitId: zInput.optionalId() });

/** Whether a banner shows now: its window (either side optional) against the moment. */
export type BannerWindowState = 'PENDING' | 'ACTIVE' | 'ENDED';

/** The answer of `banner/upload-image`: the stored image to put in a banner. */
export interface BannerImage {
  id: string;
  /** Public, stable URL (cached by browsers). */
  url: string;
  contentType: (typeof BANNER_IMAGE_TYPES)[number];
  width: number;
  height: number;
  size: number;
}

/** A row of `banner/page` and the answer of `banner/save`. */
export interface BannerItem {
  id: number;
  title: string;
  image: BannerImage;
  link: string | null;
  sort: number;
  startAt: string | null;
  endAt: string | null;
  status: RecordStatus;
  windowState: BannerWindowState;
  createdAt: string;
  updatedAt: string;
}

/** A banner of `banner/list` (the H5 carousel), in display order. */
export interface PublicBanner {
  id: number;
  title: string;
  imageUrl: string;
  width: number;
  height: number;
  link: string | null;
}

/** `banner/upload-image`: no fields beside the file (multipart `file`). */
export const bannerUploadImageInput = z.object({});

/** H5轮播图: the screen that manages the project's banners (it grants every staff call). */
const managers = staff('/account-manage/banner-list');

/** The banner calls (`banner/...`): project staff on their project's banners; `list` is public. */
export const bannerCalls = defineCalls('banner', {
  /** The project's banners in display order (title part, status filters). */
  page: { input: bannerPageInput, answer: answer<PageAnswer<BannerItem>>(), access: managers },
  /** Creates (at the end of the order) or updates a banner. */
  save: { input: bannerSaveInput, answer: answer<BannerItem>(), access: managers },
  /** Enables or disables a banner. */
  status: { input: bannerStatusInput, answer: answer<BannerItem>(), access: managers },
  /** Deletes a banner and its image. */
  delete: { input: bannerIdInput, answer: answer<null>(), access: managers },
  /** `ids`: every banner of the project, in the new order; answers the reordered page. */
  sort: { input: bannerSortInput, answer: answer<PageAnswer<BannerItem>>(), access: managers },
  /** Multipart `file`: stores a PNG/JPEG/WebP of at most 2 MB. */
  'upload-image': {
    input: bannerUploadImageInput,
    answer: answer<BannerImage>(),
    access: managers,
    upload: true,
  },
  /** Public: the banners the H5 shows now, of the request's project (`unitId`, else the host). */
  list: {
    input: bannerListInput,
    answer: answer<PublicBanner[]>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
});
