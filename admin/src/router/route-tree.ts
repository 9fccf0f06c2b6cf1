import type { AdminMenuEntry } from '@px/config';

/**
 * One node of the back office's route tree: a page (it has a screen) or a section grouping pages
 * (`/account-manage`). Generic over the screen so the pure functions are tested without React.
 */
export interface RouteNode<S = unknown> {
  /** Full path, the URL the server grants (`/account-manage/role`). */
  path: string;
  /** Title shown in the menu, tabs, breadcrumb, route search and document title. */
  title: string;
  /** Hidden pages (details, editors) are routes that never appear in the menu or route search. */
  hidden: boolean;
  /** The screen of a page; undefined for a section. */
  screen?: S;
  /** The pages of a section; empty for a page. */
  children: RouteNode<S>[];
}

/**
 * Joins the route table (config's ADMIN_MENU) with the screens that exist in the app: an entry
 * without a screen is not a route, nor is an operation grant (免费开通), and a section keeps only
 * its entries that have one (a section without any is left out). Order follows the table.
 */
export function buildRouteTree<S>(
  menu: readonly AdminMenuEntry[],
  screens: ReadonlyMap<string, S>,
): RouteNode<S>[] {
  return menu.flatMap((entry): RouteNode<S>[] => {
    const node = { path: entry.url, title: entry.title, hidden: entry.hidden === true };
    if (entry.children?.length) {
      const children = buildRouteTree(entry.children, screens);
      return children.length ? [{ ...node, children }] : [];
    }
    const screen = entry.grant ? undefined : screens.get(entry.url);
    return screen === undefined ? [] : [{ ...node, screen, children: [] }];
  });
}

/** Every page of a tree (sections left out), depth first. */
export function flattenPages<S>(routes: readonly RouteNode<S>[]): RouteNode<S>[] {
  return routes.flatMap((route) => (route.children.length ? flattenPages(route.children) : [route]));
}

/** The chain of nodes from the top of the tree down to `path` (empty when it is not in the tree). */
export function findRouteChain<S>(routes: readonly RouteNode<S>[], path: string): RouteNode<S>[] {
  for (const route of routes) {
    if (route.path === path) return [route];
    const below = findRouteChain(route.children, path);
    if (below.length) return [route, ...below];
  }
  return [];
}

/**
 * A path as the route table writes it: without the trailing slash (except `/`) and, for safety,
 * with repeated slashes collapsed.
 */
export function normalizePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}
