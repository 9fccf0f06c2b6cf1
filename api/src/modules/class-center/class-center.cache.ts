import { JsonAnswer, type TenantScope } from '../../core/action';
import { type FeedCacheOptions, sharedCache } from '../../core/change-feed';

/**
 * The tables the class centre's public answers are read from (`class-center.service.ts`): the
 * project (its settings), the category tree, plans, classes with their courses, lessons and videos,
 * and the evaluations behind the ratings. A change to any of them on any instance drops every cached
 * answer (migration 0030's triggers, core/change-feed.ts).
 */
export const CENTER_SOURCES = [
  'project',
  'class_category',
  'train_plan',
  'train_class',
  'train_class_course',
  'course',
  'course_lesson',
  'resource',
  'class_evaluation',
] as const;

/**
 * A public class-centre answer (the same for every caller of the project on `today`, China's date),
 * serialized once and kept in process memory while none of CENTER_SOURCES changes, when the server
 * has a change feed; read each time otherwise. Refusals are never cached.
 */
export function cachedCenterAnswer<T extends object>(
  scope: TenantScope,
  today: string,
  what: readonly unknown[],
  read: () => Promise<T>,
): JsonAnswer<T> | Promise<JsonAnswer<T>> {
  const serialized = async () => JsonAnswer.of(await read());
  const cache = sharedCache<JsonAnswer<T>>(scope.sequelize, 'class-center', CENTER_CACHE);
  if (!cache) return serialized();
  const key = JSON.stringify([scope.project.id, today, ...what]);
  // Held: answered at once, no promise (the class centre's list and detail are hot calls).
  return cache.peekOrGet(key, serialized) as JsonAnswer<T> | Promise<JsonAnswer<T>>;
}

const CENTER_CACHE: FeedCacheOptions<JsonAnswer<object>> = {
  tables: CENTER_SOURCES,
  maxEntries: 5000,
  maxAgeMs: 60_000,
};
