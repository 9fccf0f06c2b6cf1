import { Op, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  ResourceItem,
  ResourcePlayAnswer,
  resourceQueryInput,
  resourceSaveInput,
} from '../../contract/resource';
import type { ActionContext, Caller } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { CourseLesson } from '../course/course.model';
import { Resource } from './resource.model';
import { resourceSettings } from './resource.settings';
import { resourceCategories } from './resource-category.service';
import { localVideoProvider } from './video-provider';

export const RESOURCE_NOT_FOUND = '视频不存在';

/** A resource as clients see it (never its storage key). */
export function presentResource(resource: Resource, paths: Map<number, string>): ResourceItem {
  return {
    id: resource.id,
    type: resource.type,
    name: resource.name,
    fileName: resource.fileName,
    categoryId: resource.categoryId,
    categoryName: resource.categoryId === null ? null : (paths.get(resource.categoryId) ?? null),
    contentType: resource.contentType,
    size: resource.size,
    durationSeconds: resource.durationSeconds,
    width: resource.width,
    height: resource.height,
    status: resource.status,
    createdAt: resource.createdAt.toISOString(),
    updatedAt: resource.updatedAt.toISOString(),
  };
}

/** One resource of the project; another project's id answers like a missing one (视频不存在). */
export async function loadResource(projectId: number, id: number): Promise<Resource> {
  const resource = await Resource.findOne({ where: { id, projectId } });
  if (!resource) throw new BusinessError(RESOURCE_NOT_FOUND);
  return resource;
}

/**
 * One page of the project's resources, newest first: `name` matches part of the name, `categoryId`
 * selects a category and all below it, `type` a kind of resource.
 */
export async function listResources(
  projectId: number,
  input: z.output<typeof resourceQueryInput>,
): Promise<PageAnswer<ResourceItem>> {
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    categoryIds = await resourceCategories.subtreeIdsOf(projectId, input.categoryId);
  }
  const where: WhereOptions<Resource> = {
    projectId,
    ...(input.type ? { type: input.type } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(categoryIds ? { categoryId: categoryIds } : {}),
  };
  const { rows, count } = await Resource.findAndCountAll({
    where,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: input.pageSize,
    offset: (input.pageNum - 1) * input.pageSize,
  });
  const paths = await resourceCategories.categoryPaths(projectId);
  return {
    list: rows.map((row) => presentResource(row, paths)),
    total: count,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** One resource of the project. Throws BusinessError 视频不存在. */
export async function getResource(projectId: number, id: number): Promise<ResourceItem> {
  return presentResource(
    await loadResource(projectId, id),
    await resourceCategories.categoryPaths(projectId),
  );
}

/**
 * Renames a resource and sets its category (none when absent). Audited. Throws ValidationError
 * naming `categoryId` (not a category of the project), BusinessError 视频不存在.
 */
export async function saveResource(
  caller: Caller,
  projectId: number,
  input: z.output<typeof resourceSaveInput>,
): Promise<ResourceItem> {
  await caller.sequelize.transaction(async (transaction) => {
    const resource = await Resource.findOne({
      where: { id: input.id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!resource) throw new BusinessError(RESOURCE_NOT_FOUND);
    if (input.categoryId !== undefined)
      await resourceCategories.requireCategory(projectId, input.categoryId, 'categoryId', transaction);
    const before = { name: resource.name, categoryId: resource.categoryId };
    await resource.update({ name: input.name, categoryId: input.categoryId ?? null }, { transaction });
    await audit(
      caller,
      {
        action: 'resource.update',
        projectId,
        targetType: 'resource',
        targetId: resource.id,
        detail: { before, after: { name: resource.name, categoryId: resource.categoryId } },
      },
      transaction,
    );
  });
  return getResource(projectId, input.id);
}

/**
 * Deletes a resource (with its pop-up questions) and then its file; a video used by a course
 * lesson is refused. Audited. Throws BusinessError 视频不存在, or when a lesson uses the video.
 */
export async function deleteResource(
  ctx: Caller & Pick<ActionContext, 'log'>,
  projectId: number,
  id: number,
): Promise<void> {
  const resource = await ctx.sequelize.transaction(async (transaction) => {
    const found = await Resource.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!found) throw new BusinessError(RESOURCE_NOT_FOUND);
    const lessons = await CourseLesson.count({ where: { resourceId: found.id }, transaction });
    if (lessons > 0) throw new BusinessError(`该视频已被 ${lessons} 个课程课时使用，不能删除`);
    await found.destroy({ transaction });
    await audit(
      ctx,
      {
        action: 'resource.delete',
        projectId,
        targetType: 'resource',
        targetId: found.id,
        detail: { name: found.name, fileName: found.fileName, size: found.size },
      },
      transaction,
    );
    return found;
  });
  try {
    await resourceSettings().storage.delete(resource.storageKey);
  } catch (error) {
    // The row is gone; a file left behind costs only space. Say so for whoever looks after storage.
    ctx.log.error({ err: error, resourceId: resource.id }, 'could not delete the file of a deleted resource');
  }
}

/**
 * A signed, expiring way to play a resource (the local provider: `/api/media/<token>`, valid for
 * MEDIA_URL_TTL_MINUTES). Throws BusinessError 视频不存在, or when the resource is not READY.
 */
export async function resourcePlayUrl(
  caller: Pick<Caller, 'sequelize'>,
  projectId: number,
  id: number,
): Promise<ResourcePlayAnswer> {
  const resource = await loadResource(projectId, id);
  if (resource.status !== 'READY') throw new BusinessError('视频还在处理中，暂不能播放');
  const grant = await localVideoProvider(caller.sequelize).authorizePlay(
    resource,
    resourceSettings().playUrlTtlSeconds,
  );
  return {
    provider: grant.provider,
    url: grant.url,
    token: grant.token,
    contentType: resource.contentType,
    expiresAt: grant.expiresAt.toISOString(),
  };
}
