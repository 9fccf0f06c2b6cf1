import { z } from 'zod';
import {
  bannerIdInput,
  bannerListInput,
  bannerPageInput,
  bannerSaveInput,
  bannerSortInput,
  bannerStatusInput,
} from '../../contract/banner';
import { type ActionContext, defineAction } from '../../core/action';
import { projectStaffActions } from '../../core/tenant';
import { resolveRequestProject } from '../project/project.service';
import {
  deleteBanner,
  pageBanners,
  publicBanners,
  saveBanner,
  setBannerStatus,
  sortBanners,
  sweepUnusedBannerImages,
  uploadBannerImage,
} from './banner.service';

/** H5轮播图: the screen that manages the project's banners. */
export const BANNER_SCREEN = '/account-manage/banner-list';

const bannerAction = projectStaffActions('banner');
/** Every banner call is granted by the banner screen. */
const staffAction = <S extends z.ZodType, R>(
  name: string,
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>, projectId: number) => Promise<R>,
) => bannerAction(name, [BANNER_SCREEN], input, handler);

/** `banner/page`: the project's banners in display order (title part, status filters). */
export const bannerPage = staffAction('page', bannerPageInput, (_ctx, input, projectId) =>
  pageBanners(projectId, input),
);

/** `banner/save`: creates (at the end of the order) or updates a banner. */
export const bannerSave = staffAction('save', bannerSaveInput, (ctx, input, projectId) =>
  saveBanner(ctx, projectId, input),
);

/** `banner/status`: enables or disables a banner. */
export const bannerStatus = staffAction('status', bannerStatusInput, (ctx, input, projectId) =>
  setBannerStatus(ctx, projectId, input.id, input.status),
);

/** `banner/delete`: deletes a banner and its image. */
export const bannerDelete = staffAction('delete', bannerIdInput, async (ctx, input, projectId) => {
  await deleteBanner(ctx, projectId, input.id);
  return null;
});

/** `banner/sort` (`ids`: every banner of the project, in order): reorders the banners. */
export const bannerSort = staffAction('sort', bannerSortInput, async (ctx, input, projectId) => {
  await sortBanners(ctx, projectId, input.ids);
  return pageBanners(projectId, { pageNum: 1, pageSize: 100 });
});

/** `banner/upload-image` (multipart `file`): stores a PNG/JPEG/WebP of at most 2 MB. */
export const bannerUploadImage = staffAction('upload-image', z.object({}), async (ctx, _input, projectId) => {
  try {
    await sweepUnusedBannerImages(ctx);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not sweep unused banner images');
  }
  return uploadBannerImage(
    ctx,
    projectId,
    ctx.files.find((file) => file.field === 'file'),
  );
});

/** `banner/list` (public): the banners the H5 shows now, of the request's project (host or `unitId`). */
export const bannerList = defineAction({
  group: 'banner',
  name: 'list',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: bannerListInput,
  async handler(ctx, input) {
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    return publicBanners(project.id);
  },
});

export const bannerActions = [
  bannerPage,
  bannerSave,
  bannerStatus,
  bannerDelete,
  bannerSort,
  bannerUploadImage,
  bannerList,
];
