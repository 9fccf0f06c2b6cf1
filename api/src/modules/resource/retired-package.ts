import { Op, type Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import type { HlsPackage, RetiredHlsPackage } from './hls';
import { deleteKeys, packageSegmentKeys } from './hls-package';
import { Resource } from './resource.model';

/**
 * Retired packages (docs/video.md "Re-packaging"): when a re-package replaces a video's package,
 * the old one (with its key secret) moves to `resource.hls_retired` and keeps serving the tokens
 * issued for it (each token names its package: `HlsGrant.packageId`) until every such token has
 * expired; then `resource.delete-retired-packages` deletes its segments and the entry.
 */

/** The job deleting retired packages past their time (one video's, or with no `resourceId` every video's). */
export const DELETE_RETIRED_JOB = 'resource.delete-retired-packages';

/**
 * How long past the longest token lifetime a retired package stays: a token signed by another
 * instance just before the swap (from the row as it was), and clocks a little apart.
 */
export const RETIRED_PACKAGE_MARGIN_SECONDS = 60;

/** What a grant plays: the package and its key secret (`resource.hls_key`, or a retired package's). */
export interface GrantedPackage {
  pkg: HlsPackage;
  secret: Buffer;
}

/**
 * The package a grant naming `packageId` plays: the video's current one when it names none (a
 * token issued before tokens named their package) or the current one; a package a re-package
 * replaced while it is kept (`hls_retired`); else null (unpackaged, or the package is gone).
 */
export function packageOfGrant(
  resource: Pick<Resource, 'hls' | 'hlsKey' | 'hlsRetired'>,
  packageId: string | undefined,
): GrantedPackage | null {
  const { hls, hlsKey } = resource;
  if (packageId === undefined || packageId === hls?.id)
    return hls && hlsKey ? { pkg: hls, secret: Buffer.from(hlsKey) } : null;
  const retired = resource.hlsRetired?.find((one) => one.hls.id === packageId);
  return retired ? { pkg: retired.hls, secret: Buffer.from(retired.key, 'base64') } : null;
}

/**
 * The retired packages of a video after `pkg` (with its key secret) is replaced at `now`: kept
 * until every token issued for it has expired (`ttlSeconds`, the longest a play URL lives, and a
 * margin). Every other retired package stays too, until its own time: re-packaged twice within a
 * token's lifetime, a player of either earlier package still plays.
 */
export function retire(
  retired: readonly RetiredHlsPackage[] | null,
  pkg: HlsPackage,
  secret: Buffer,
  ttlSeconds: number,
  now: Date,
): { retired: RetiredHlsPackage[]; deleteAfter: Date } {
  const deleteAfter = new Date(now.getTime() + (ttlSeconds + RETIRED_PACKAGE_MARGIN_SECONDS) * 1000);
  const entry = { hls: pkg, key: secret.toString('base64'), deleteAfter: deleteAfter.toISOString() };
  return { retired: [...(retired ?? []), entry], deleteAfter };
}

/** A video's retired packages, its row held for update until `transaction` ends; null when it is gone. */
const lockRetired = (id: number, transaction: Transaction) =>
  Resource.findOne({
    attributes: ['id', 'hlsRetired'],
    where: { id },
    transaction,
    lock: transaction.LOCK.UPDATE,
    allTenants: true,
  });

/** Whether a retired package's time has come. */
const isDue = (one: RetiredHlsPackage, now: Date) => new Date(one.deleteAfter).getTime() <= now.getTime();

/**
 * Deletes the retired packages whose time has come (`deleteAfter` at or before `now`): of video
 * `resourceId`, or of every video. For each video, the segments first, then (in a transaction
 * holding the row) the entries: killed in between, the next run deletes the same segments again (a
 * segment already gone is fine) and the entries. Safe to run twice, or at once on two instances.
 * Answers how many packages it removed.
 */
export async function deleteRetiredPackages(
  scope: Pick<Scope, 'sequelize' | 'providers'>,
  resourceId?: number,
  now: Date = new Date(),
): Promise<number> {
  const videos = await Resource.findAll({
    attributes: ['id', 'projectId', 'hlsRetired'],
    where: { hlsRetired: { [Op.ne]: null }, ...(resourceId === undefined ? {} : { id: resourceId }) },
    order: [['id', 'ASC']],
    allTenants: true,
  });
  let removed = 0;
  for (const video of videos) {
    const due = (video.hlsRetired ?? []).filter((one) => isDue(one, now));
    if (!due.length) continue;
    for (const one of due) await deleteKeys(scope.providers.storage, packageSegmentKeys(video, one.hls));
    const gone = new Set(due.map((one) => one.hls.id));
    removed += await scope.sequelize.transaction(async (transaction) => {
      const held = await lockRetired(video.id, transaction);
      if (!held) return 0;
      const kept = (held.hlsRetired ?? []).filter((one) => !gone.has(one.hls.id));
      const count = (held.hlsRetired ?? []).length - kept.length;
      if (count)
        await Resource.update(
          { hlsRetired: kept.length ? kept : null },
          { where: { id: video.id }, transaction, allTenants: true },
        );
      return count;
    });
  }
  return removed;
}
