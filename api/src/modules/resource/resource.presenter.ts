import type { ResourceItem } from '../../contract/resource';
import { type Verdict, verdictAbilities } from '../../core/policy';
import type { Resource } from './resource.model';
import { isRepackaging } from './video-packaging.service';

/** How video resources are answered. */

/**
 * A resource as clients see it (never its storage key), with what the caller may do to it
 * (`repackage`: the verdict for 重新转码, resource.policy.ts `repackageVerdict`).
 */
export function presentResource(
  resource: Resource,
  paths: Map<number, string>,
  repackage: Verdict,
): ResourceItem {
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
    statusReason: resource.status === 'FAILED' ? (resource.statusReason ?? null) : null,
    audioLanguages: resource.audioLanguages ?? [],
    repackaging: isRepackaging(resource),
    repackageFailure: resource.status === 'READY' ? (resource.repackageFailure ?? null) : null,
    abilities: verdictAbilities({ repackage }),
    createdAt: resource.createdAt.toISOString(),
    updatedAt: resource.updatedAt.toISOString(),
  };
}
