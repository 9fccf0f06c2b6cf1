import { ROUTE_SEARCH } from '@px/config';
import Fuse from 'fuse.js/basic';
import type { RouteNode } from './route-tree';

/** One page the header search can find. */
export interface SearchEntry {
  path: string;
  /** Section and page titles, outermost first (`['账号管理', '角色管理']`). */
  title: string[];
  /** The titles as shown: `账号管理 > 角色管理`. */
  label: string;
}

/**
 * The pages the route search offers (spec section 6: hidden routes are omitted): every visible page
 * of the permitted routes, titled with the sections above it. Sections are not offered themselves.
 */
export function buildSearchPool<S>(routes: readonly RouteNode<S>[], prefix: string[] = []): SearchEntry[] {
  return routes.flatMap((route): SearchEntry[] => {
    if (route.hidden) return [];
    const title = [...prefix, route.title];
    if (route.children.length) return buildSearchPool(route.children, title);
    return [{ path: route.path, title, label: title.join(' > ') }];
  });
}

/** Finds pages of a pool by a typed text. */
export interface RouteSearch {
  /** The best matches first; nothing for blank text. */
  search(query: string): SearchEntry[];
}

/**
 * Fuzzy search over a pool with config's ROUTE_SEARCH options (fuse.js, threshold 0.4, title weight
 * 0.7, path weight 0.3), matching anywhere in a title or path.
 */
export function createRouteSearch(pool: readonly SearchEntry[]): RouteSearch {
  const fuse = new Fuse(pool, {
    shouldSort: true,
    threshold: ROUTE_SEARCH.threshold,
    ignoreLocation: true,
    minMatchCharLength: 1,
    keys: ROUTE_SEARCH.keys.map((key) => ({ ...key })),
  });
  return {
    search(query) {
      const text = query.trim();
      return text ? fuse.search(text).map((result) => result.item) : [];
    },
  };
}
