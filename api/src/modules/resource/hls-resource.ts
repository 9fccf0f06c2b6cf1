import type { Sequelize } from 'sequelize';
import { sharedCache } from '../../core/change-feed';
import { Resource } from './resource.model';

/** Videos kept per process; the cache empties itself when it holds more. */
const MAX_VIDEOS = 10_000;
/** A backstop: a kept video is read again after a minute whatever the feed says. */
const MAX_AGE_MS = 60_000;

/**
 * The video an HLS token names, as the HLS route serves it (its status, package and key secret),
 * or null when there is none (deleted, or never was). Kept in the process's change-feed cache when
 * the server has a feed: any change of a `resource` row on any instance (a re-package swapped in, a
 * deletion, a failure; migration 0030 notifies the table) drops every kept video, so the next
 * request reads it again; without a feed (tests, scripts) each request reads the database.
 */
export async function hlsResource(sequelize: Sequelize, id: number): Promise<Resource | null> {
  const read = () => Resource.findOne({ where: { id }, allTenants: true });
  const cache = sharedCache<Resource>(sequelize, 'hls-resources', {
    tables: ['resource'],
    maxEntries: MAX_VIDEOS,
    maxAgeMs: MAX_AGE_MS,
  });
  return cache ? cache.get(String(id), read) : read();
}
