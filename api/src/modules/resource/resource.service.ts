import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  ResourceItem,
  ResourcePlayAnswer,
  resourceQueryInput,
  resourceSaveInput,
} from '../../contract/resource';
import type { ActorScope, Providers, Scope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { emit } from '../../core/events';
import { newestFirstPage } from '../../core/newest-first';
import { policyScopeOf } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { resourceDeleting } from './resource.events';
import { Resource } from './resource.model';
import { repackageVerdict } from './resource.policy';
import { presentResource } from './resource.presenter';
import { resourceCategories } from './resource-category.service';
import {
  deletePackage,
  repackageRefusal,
  requestRepackaging,
  retryPackaging,
} from './video-packaging.service';
import {
  isLocalVideoProvider,
  type PlayableVideo,
  playGrantFailure,
  staffViewer,
  type VideoPlayGrant,
} from './video-provider';

export const RESOURCE_NOT_FOUND = '视频不存在';

/** One resource of the project; another project's id answers like a missing one (视频不存在). */
export async function loadResource(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<Resource> {
  const resource = await Resource.findOne({ where: { id, projectId: scope.project.id }, transaction });
  if (!resource) throw new BusinessError(RESOURCE_NOT_FOUND);
  return resource;
}

/** 重新转码's verdict for the caller on a video: their grant of `resource/repackage`, then the video's. */
const repackageOf = (scope: TenantScope, resource: Resource) =>
  repackageVerdict(policyScopeOf(scope), repackageRefusal(scope, resource));

/**
 * One page of the project's resources, newest first: `name` matches part of the name, `categoryId`
 * selects a category and all below it, `type` a kind of resource.
 */
export async function listResources(
  scope: TenantScope,
  input: z.output<typeof resourceQueryInput>,
): Promise<PageAnswer<ResourceItem>> {
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    categoryIds = await resourceCategories.subtreeIdsOf(scope, input.categoryId);
  }
  const where: WhereOptions<Resource> = {
    projectId: scope.project.id,
    ...(input.type ? { type: input.type } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(categoryIds ? { categoryId: categoryIds } : {}),
  };
  return newestFirstPage(Resource, where, input, async (rows) => {
    const paths = await resourceCategories.categoryPaths(scope);
    return rows.map((row) => presentResource(row, paths, repackageOf(scope, row)));
  });
}

/** One resource of the project. Throws BusinessError 视频不存在. */
export async function getResource(scope: TenantScope, id: number): Promise<ResourceItem> {
  const resource = await loadResource(scope, id);
  return presentResource(
    resource,
    await resourceCategories.categoryPaths(scope),
    repackageOf(scope, resource),
  );
}

/**
 * Renames a resource and sets its category (none when absent). Audited. Throws ValidationError
 * naming `categoryId` (not a category of the project), BusinessError 视频不存在.
 */
export async function saveResource(
  scope: ActorScope,
  input: z.output<typeof resourceSaveInput>,
): Promise<ResourceItem> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const resource = await Resource.findOne({
      where: { id: input.id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!resource) throw new BusinessError(RESOURCE_NOT_FOUND);
    if (input.categoryId !== undefined)
      await resourceCategories.requireCategory(scope, input.categoryId, 'categoryId', transaction);
    const before = { name: resource.name, categoryId: resource.categoryId };
    await resource.update({ name: input.name, categoryId: input.categoryId ?? null }, { transaction });
    await audit(
      scope,
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
  return getResource(scope, input.id);
}

/**
 * Deletes a resource (with its pop-up questions) and then its file; a module using the video (a
 * course lesson) vetoes through `resourceDeleting`. Audited. Throws BusinessError 视频不存在, or the
 * veto's BusinessError.
 */
export async function deleteResource(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  const resource = await scope.sequelize.transaction(async (transaction) => {
    const found = await Resource.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!found) throw new BusinessError(RESOURCE_NOT_FOUND);
    await emit(scope, resourceDeleting, { projectId, ids: [found.id] }, transaction);
    await found.destroy({ transaction });
    await audit(
      scope,
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
    await deleteVideoFiles(scope.providers, resource);
  } catch (error) {
    // The row is gone; a file left behind costs only space. Say so for whoever looks after storage.
    scope.log.error(
      { err: error, resourceId: resource.id },
      'could not delete the file of a deleted resource',
    );
  }
}

/**
 * Deletes the files of a video where they are kept: a video of the cloud VOD service (a storage key
 * it `keeps`) there, any other from the file storage with its HLS package (and those it retired). A file already gone is
 * fine. Throws when the store or the service refuses.
 */
export async function deleteVideoFiles(
  providers: Pick<Providers, 'storage' | 'cloudVideo'>,
  video: Pick<PlayableVideo, 'id' | 'projectId' | 'storageKey' | 'hls'> &
    Partial<Pick<Resource, 'hlsRetired'>>,
): Promise<void> {
  const { storage, cloudVideo } = providers;
  if (cloudVideo?.keeps(video.storageKey)) return cloudVideo.delete(video.storageKey);
  await storage.delete(video.storageKey);
  await deletePackage(storage, video);
}

/** What a grant the provider gives answers for `video`; a grant it cannot give as playGrantFailure words it. */
async function grantAnswer(
  scope: Scope,
  video: PlayableVideo,
  grant: Promise<VideoPlayGrant>,
): Promise<ResourcePlayAnswer> {
  const given = await grant.catch((error: unknown) => {
    throw playGrantFailure(scope, error);
  });
  return {
    provider: given.provider,
    url: given.url,
    token: given.token,
    contentType: video.contentType,
    expiresAt: given.expiresAt.toISOString(),
  };
}

/**
 * A staff preview of a video of the project or of the shared library: a signed, expiring way to
 * play it from the video provider (the local one: `/api/media/<token>`, valid for
 * MEDIA_URL_TTL_MINUTES). Throws BusinessError when the video is not READY; a grant the provider
 * cannot give as playGrantFailure words it.
 */
export async function staffPlayUrl(scope: Scope, resource: Resource): Promise<ResourcePlayAnswer> {
  if (resource.status !== 'READY') throw new BusinessError('视频还在处理中，暂不能播放');
  const { video } = scope.providers;
  return grantAnswer(
    scope,
    resource,
    video.authorizePlay(scope, resource, staffViewer(scope), video.limits.playUrlTtlSeconds),
  );
}

/** `resource/play-url`: the project's resource as `staffPlayUrl` says. Throws BusinessError 视频不存在. */
export async function resourcePlayUrl(scope: TenantScope, id: number): Promise<ResourcePlayAnswer> {
  return staffPlayUrl(scope, await loadResource(scope, id));
}

/**
 * One audited packaging step of a project's video: `step` acts on it and answers the audit detail
 * (`action` on the resource); answers the resource as it is then. Throws BusinessError 视频不存在.
 */
async function packagingStep(
  scope: ActorScope,
  id: number,
  action: string,
  step: (resource: Resource) => Promise<Record<string, unknown>>,
): Promise<ResourceItem> {
  const resource = await loadResource(scope, id);
  const detail = await step(resource);
  await audit(scope, { action, projectId: scope.project.id, targetType: 'resource', targetId: id, detail });
  return getResource(scope, id);
}

/**
 * `resource/package-retry`: packages a FAILED video again (PROCESSING, 转码中). Audited. Throws
 * BusinessError 视频不存在, or unless the video is FAILED.
 */
export function retryResourcePackaging(scope: ActorScope, id: number): Promise<ResourceItem> {
  return packagingStep(scope, id, 'resource.package-retry', async (resource) => {
    await retryPackaging(scope, resource);
    return { name: resource.name, reason: resource.statusReason };
  });
}

/**
 * `resource/repackage` (重新转码): packages a READY video again with the current packaging in the
 * background; it plays its package until the new one replaces it (`requestRepackaging`). Audited.
 * Throws BusinessError 视频不存在, or the refusal of `requestRepackaging`.
 */
export function repackageResource(scope: ActorScope, id: number): Promise<ResourceItem> {
  return packagingStep(scope, id, 'resource.repackage', async (resource) => {
    await requestRepackaging(scope, resource);
    return { name: resource.name, packagerVersion: resource.packagerVersion };
  });
}

/**
 * `resource/download-url`: a signed, expiring URL of the original file as uploaded (staff keep it
 * whatever its packaging; the local provider's `/api/media/<token>`). Throws BusinessError 视频不存在,
 * or when the provider keeps no original to hand out.
 */
export async function resourceDownloadUrl(scope: TenantScope, id: number): Promise<ResourcePlayAnswer> {
  const resource = await loadResource(scope, id);
  const { video } = scope.providers;
  if (!isLocalVideoProvider(video)) throw new BusinessError('当前视频服务不提供原始文件下载');
  return grantAnswer(
    scope,
    resource,
    video.authorizeOriginal(scope, resource, video.limits.playUrlTtlSeconds),
  );
}
