import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  BANNER_IMAGE_LIMIT_BYTES,
  type BannerImage as BannerImageAnswer,
  type BannerItem,
  type bannerPageInput,
  type bannerSaveInput,
  type PublicBanner,
} from '../../contract/banner';
import type { PageAnswer, RecordStatus } from '../../contract/common';
import type { ActorScope, Scope, TenantScope, UploadedFile } from '../../core/action';
import { BusinessError, fieldError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { readUploadedImage, storeCheckedImage } from '../storage/image-upload';
import { Banner, BannerImage } from './banner.model';
import { bannerImageUrl, presentBanner, presentImage } from './banner.presenter';

/** An uploaded image no banner uses is removed after this long (it was abandoned in the editor). */
export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
/** The images of the project by id. */
async function imagesById(
  scope: TenantScope,
  ids: string[],
  transaction?: Transaction,
): Promise<Map<string, BannerImage>> {
  if (!ids.length) return new Map();
  const images = await BannerImage.findAll({
    where: { id: [...new Set(ids)], projectId: scope.project.id },
    transaction,
  });
  return new Map(images.map((image) => [image.id, image]));
}

function imageOf(images: Map<string, BannerImage>, banner: Banner): BannerImage {
  const image = images.get(banner.imageId);
  if (!image) throw new Error(`banner ${banner.id} has no image row`);
  return image;
}

/** What removing images uses of a scope: the database and the file storage. */
type ImageScope = Pick<Scope, 'sequelize' | 'providers'>;

/**
 * Removes an image row of the project and its file unless a banner uses it. The row is locked
 * first, so a save taking the image at the same moment either sees it gone (and refuses) or keeps it.
 */
async function removeImageIfUnused(scope: ImageScope, projectId: number, imageId: string): Promise<void> {
  const key = await scope.sequelize.transaction(async (transaction) => {
    const image = await BannerImage.findOne({
      where: { id: imageId, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!image || (await Banner.count({ where: { imageId, projectId }, transaction }))) return null;
    await image.destroy({ transaction });
    return image.storageKey;
  });
  if (key) await scope.providers.storage.delete(key);
}

/** How many unused images one sweep removes at most. */
export const IMAGE_SWEEP_BATCH = 20;

/**
 * Removes uploaded images of every project that no banner took within UNUSED_IMAGE_TTL_MS (at most
 * `limit` per call; the `banner.sweep-images` job runs it). Answers how many were removed.
 */
export async function sweepUnusedBannerImages(
  scope: ImageScope,
  now = new Date(),
  limit = IMAGE_SWEEP_BATCH,
): Promise<number> {
  const stale = await BannerImage.findAll({
    where: {
      createdAt: { [Op.lte]: new Date(now.getTime() - UNUSED_IMAGE_TTL_MS) },
      id: { [Op.notIn]: scope.sequelize.literal('(SELECT image_id FROM banner)') },
    },
    order: [['createdAt', 'ASC']],
    limit,
    // A sweep of every project's abandoned images.
    allTenants: true,
  });
  for (const image of stale) await removeImageIfUnused(scope, image.projectId, image.id);
  return stale.length;
}

/**
 * Stores an uploaded banner image: at most 2 MB, a PNG, JPEG or WebP by its content, each side at
 * most IMAGE_MAX_SIDE (storage/image-upload.ts). A refused file leaves nothing behind. Throws
 * ValidationError naming `file` (missing, too large), BusinessError for content that is not such an
 * image.
 */
export async function uploadBannerImage(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<BannerImageAnswer> {
  const image = await readUploadedImage(file, BANNER_IMAGE_LIMIT_BYTES);
  return presentImage(await storeCheckedImage(scope, image, 'banners', (row) => BannerImage.create(row)));
}

/** One page of the project's banners in display order, filtered by part of the title and status. */
export async function pageBanners(
  scope: TenantScope,
  input: z.output<typeof bannerPageInput>,
  now = new Date(),
): Promise<PageAnswer<BannerItem>> {
  const where: WhereOptions<Banner> = {
    projectId: scope.project.id,
    ...(input.title ? { title: { [Op.iLike]: containsPattern(input.title) } } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  return modelPage(
    Banner,
    {
      where,
      order: [
        ['sort', 'ASC'],
        ['id', 'ASC'],
      ],
    },
    input,
    async (rows) => {
      const images = await imagesById(
        scope,
        rows.map((banner) => banner.imageId),
      );
      return rows.map((banner) => presentBanner(banner, imageOf(images, banner), now));
    },
  );
}

/** One banner of the project (locked inside a transaction); another project's answers 轮播图不存在. */
async function loadBanner(scope: TenantScope, id: number, transaction: Transaction): Promise<Banner> {
  const banner = await Banner.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!banner) throw new BusinessError('轮播图不存在');
  return banner;
}

/**
 * Creates (at the end of the order, enabled unless `status` says otherwise) or updates a banner of
 * the project. The image must be one uploaded to this project; an image the banner no longer uses
 * is removed. Audited. Throws ValidationError naming the field (`imageId` for a foreign or
 * missing image), BusinessError 轮播图不存在.
 */
export async function saveBanner(
  scope: ActorScope,
  input: z.output<typeof bannerSaveInput>,
  now = new Date(),
): Promise<BannerItem> {
  const projectId = scope.project.id;
  const { banner, image, replaced } = await scope.sequelize.transaction(async (transaction) => {
    const existing = input.id ? await loadBanner(scope, input.id, transaction) : null;
    const image = await BannerImage.findOne({
      where: { id: input.imageId, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!image) throw fieldError('imageId', 'exists', '图片不存在，请重新上传');
    const fields = {
      title: input.title,
      imageId: image.id,
      link: input.link ?? null,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
    };
    let banner: Banner;
    const replaced = existing && existing.imageId !== image.id ? existing.imageId : null;
    if (existing) {
      await existing.update(
        { ...fields, ...(input.status ? { status: input.status } : {}) },
        { transaction },
      );
      banner = existing;
    } else {
      const last = (await Banner.max<number, Banner>('sort', { where: { projectId }, transaction })) ?? -1;
      banner = await Banner.create(
        { projectId, ...fields, sort: last + 1, status: input.status ?? 'ENABLED' },
        { transaction },
      );
    }
    await audit(
      scope,
      {
        action: existing ? 'banner.update' : 'banner.create',
        projectId,
        targetType: 'banner',
        targetId: banner.id,
        detail: { ...fields, status: banner.status },
      },
      transaction,
    );
    return { banner, image, replaced };
  });
  if (replaced) await removeImageIfUnused(scope, projectId, replaced);
  return presentBanner(banner, image, now);
}

/** Enables or disables a banner of the project. Audited. Throws BusinessError 轮播图不存在. */
export async function setBannerStatus(
  scope: ActorScope,
  id: number,
  status: RecordStatus,
  now = new Date(),
): Promise<BannerItem> {
  const banner = await scope.sequelize.transaction(async (transaction) => {
    const banner = await loadBanner(scope, id, transaction);
    const before = banner.status;
    await banner.update({ status }, { transaction });
    await audit(
      scope,
      {
        action: 'banner.status',
        projectId: scope.project.id,
        targetType: 'banner',
        targetId: id,
        detail: { before, after: status },
      },
      transaction,
    );
    return banner;
  });
  return presentBanner(banner, imageOf(await imagesById(scope, [banner.imageId]), banner), now);
}

/** Deletes a banner of the project and its image (unless another banner uses it). Audited. */
export async function deleteBanner(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  const imageId = await scope.sequelize.transaction(async (transaction) => {
    const banner = await loadBanner(scope, id, transaction);
    await banner.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'banner.delete',
        projectId,
        targetType: 'banner',
        targetId: id,
        detail: { title: banner.title },
      },
      transaction,
    );
    return banner.imageId;
  });
  await removeImageIfUnused(scope, projectId, imageId);
}

/**
 * Puts the project's banners in the order of `ids`, which must name each of them exactly once.
 * Audited. Throws ValidationError naming `ids` otherwise (another project's banner included).
 */
export async function sortBanners(scope: ActorScope, ids: number[]): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const banners = await Banner.findAll({
      where: { projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const known = new Set(banners.map((banner) => banner.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw fieldError('ids', 'complete', '轮播图已变化，请刷新后重新排序');
    for (const [index, id] of ids.entries())
      await Banner.update({ sort: index }, { where: { id, projectId }, transaction });
    await audit(
      scope,
      { action: 'banner.sort', projectId, targetType: 'banner', detail: { ids } },
      transaction,
    );
  });
}

/**
 * The project's banners the H5 shows at `now`: enabled, within their window (a missing side is
 * open), in display order.
 */
export async function publicBanners(scope: TenantScope, now = new Date()): Promise<PublicBanner[]> {
  const banners = await Banner.findAll({
    where: {
      projectId: scope.project.id,
      status: 'ENABLED',
      [Op.and]: [
        { [Op.or]: [{ startAt: null }, { startAt: { [Op.lte]: now } }] },
        { [Op.or]: [{ endAt: null }, { endAt: { [Op.gt]: now } }] },
      ],
    },
    order: [
      ['sort', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: 50,
  });
  const images = await imagesById(
    scope,
    banners.map((banner) => banner.imageId),
  );
  return banners.map((banner) => {
    const image = imageOf(images, banner);
    return {
      id: banner.id,
      title: banner.title,
      imageUrl: bannerImageUrl(image),
      width: image.width,
      height: image.height,
      link: banner.link,
    };
  });
}
