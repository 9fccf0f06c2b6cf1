import { bannerCalls } from '../../contract/banner';
import { implement } from '../../core/action';
import {
  deleteBanner,
  pageBanners,
  publicBanners,
  saveBanner,
  setBannerStatus,
  sortBanners,
  uploadBannerImage,
} from './banner.service';

/** The banner calls (`banner/...`): staff of the banner screen in their project; `list` is public. */
export const bannerActions = implement(bannerCalls, {
  page: (ctx, input) => pageBanners(ctx, input),
  save: (ctx, input) => saveBanner(ctx, input),
  status: (ctx, input) => setBannerStatus(ctx, input.id, input.status),
  delete: async (ctx, input) => {
    await deleteBanner(ctx, input.id);
    return null;
  },
  sort: async (ctx, input) => {
    await sortBanners(ctx, input.ids);
    return pageBanners(ctx, { pageNum: 1, pageSize: 100 });
  },
  'upload-image': (ctx) =>
    uploadBannerImage(
      ctx,
      ctx.files.find((file) => file.field === 'file'),
    ),
  list: (ctx) => publicBanners(ctx),
});
