import type { SharedResourceItem } from '../../contract/shared-resource';
import type { Resource } from './resource.model';

/** How the shared library's rows are answered. */

/**
 * A row of the library as the caller sees it: project staff with their project's copy of it
 * (`copiedResourceId`), platform staff with how many projects hold one (`copyCount`), each with the
 * abilities the shared-resource policy gives the caller.
 */
export function presentSharedResource(
  shared: Resource,
  copies: { copiedResourceId: number | null; copyCount: number | null },
  abilities: SharedResourceItem['abilities'],
): SharedResourceItem {
  return {
    id: shared.id,
    type: shared.type,
    name: shared.name,
    fileName: shared.fileName,
    contentType: shared.contentType,
    size: shared.size,
    durationSeconds: shared.durationSeconds,
    width: shared.width,
    height: shared.height,
    status: shared.status,
    copiedResourceId: copies.copiedResourceId,
    copyCount: copies.copyCount,
    createdAt: shared.createdAt.toISOString(),
    updatedAt: shared.updatedAt.toISOString(),
    abilities,
  };
}
