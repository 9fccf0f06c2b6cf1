import { isMenuGranted, type MenuRP } from '@px/config';
import { pageTitleOf } from './editor-pages';
import { findRouteChain, type RouteNode } from './route-tree';

/** Every URL of a menu tree of get-account-info. */
export function collectMenuUrls(menu: readonly MenuRP[]): Set<string> {
  const urls = new Set<string>();
  const visit = (entries: readonly MenuRP[]) => {
    for (const entry of entries) {
      urls.add(entry.url);
      visit(entry.childrenMenuRPs ?? []);
    }
  };
  visit(menu);
  return urls;
}

/**
 * The routes an account may open (spec section 2), by the one permission rule the API enforces
 * (config `isMenuGranted`): a page, visible or hidden, is kept when its URL is in the account's
 * menu tree; a section is kept while one of its pages is. `alwaysPermitted` pages (home) are kept
 * whatever the menu says. The tree is not changed.
 */
export function filterRoutesByMenu<S>(
  routes: readonly RouteNode<S>[],
  menu: readonly MenuRP[],
  alwaysPermitted: readonly string[] = [],
): RouteNode<S>[] {
  const granted = collectMenuUrls(menu);
  for (const path of alwaysPermitted) granted.add(path);
  const keep = (nodes: readonly RouteNode<S>[]): RouteNode<S>[] =>
    nodes.flatMap((node) => {
      if (node.children.length === 0) return isMenuGranted(granted, node.path) ? [node] : [];
      const children = keep(node.children);
      return children.length ? [{ ...node, children }] : [];
    });
  return keep(routes);
}

/** One entry of the sidebar: a page to open, or a group of pages. */
export interface SidebarItem {
  /** The page's path, or the section's path for a group. */
  path: string;
  title: string;
  /** The top-level path the entry belongs to (its icon). */
  topPath: string;
  children?: SidebarItem[];
}

/**
 * The sidebar of the permitted routes: hidden pages are left out, a section without visible pages
 * is left out, and a section with exactly one visible page shows that page in its place (as the
 * original sidebar does).
 */
export function buildSidebarMenu<S>(routes: readonly RouteNode<S>[]): SidebarItem[] {
  return routes.flatMap((route): SidebarItem[] => {
    if (route.hidden) return [];
    if (route.children.length === 0) return [{ path: route.path, title: route.title, topPath: route.path }];
    const visible = route.children.filter((child) => !child.hidden && child.children.length === 0);
    if (visible.length === 0) return [];
    const items = visible.map((child) => ({ path: child.path, title: child.title, topPath: route.path }));
    if (items.length === 1) return items;
    return [{ path: route.path, title: route.title, topPath: route.path, children: items }];
  });
}

/** The section paths above a page in the sidebar (the submenus to open for it). */
export function openSectionsFor<S>(routes: readonly RouteNode<S>[], path: string): string[] {
  return findRouteChain(routes, path)
    .slice(0, -1)
    .map((node) => node.path);
}

/** One crumb: its title, and a path when it can be clicked. */
export interface Breadcrumb {
  title: string;
  path?: string;
}

/**
 * The breadcrumb of a path as the person's menu shows it (`buildSidebarMenu` of their permitted
 * routes): home first, then the sidebar group the page sits in, then the page. A section the
 * sidebar shows as its one visible page stands as that page (a link, unless it is the current page,
 * or nothing), so 培训机构 reads 首页 / 培训机构 and a unit manager's 单位班级 has no 培训管理 above it; a
 * hidden page sits under what the sidebar shows of its section (首页 / 单位班级 / 导入学员); a
 * section without visible pages adds nothing. Sections are text, pages above the current one links.
 * Empty when the path is not a route. The current page's title follows its query (`search`: 编辑计划
 * for an editor given `?id=`).
 */
export function buildBreadcrumbs<S>(
  routes: readonly RouteNode<S>[],
  path: string,
  homePath: string,
  search = '',
): Breadcrumb[] {
  const chain = findRouteChain(routes, path);
  const page = chain.at(-1);
  if (!page) return [];
  const sections = chain.slice(0, -1).flatMap((section): Breadcrumb[] => {
    const visible = section.children.filter((child) => !child.hidden && child.children.length === 0);
    if (visible.length > 1) return [{ title: section.title }];
    const shownAs = visible[0];
    if (!shownAs || shownAs.path === page.path) return [];
    return [{ title: shownAs.title, path: shownAs.path }];
  });
  const crumbs = [...sections, { title: pageTitleOf(page.path, page.title, search) }];
  if (page.path === homePath) return crumbs;
  const home = findRouteChain(routes, homePath)[0];
  return home ? [{ title: home.title, path: home.path }, ...crumbs] : crumbs;
}

/** What a path is in a route tree: a page, a section (whose first visible page it stands for) or nothing. */
export type RouteMatch<S> =
  | { kind: 'page'; route: RouteNode<S> }
  | { kind: 'section'; route: RouteNode<S>; firstPage: string | undefined }
  | { kind: 'none' };

/** Looks a path up in a route tree. A section stands for its first visible page (none when all are hidden). */
export function matchRoute<S>(routes: readonly RouteNode<S>[], path: string): RouteMatch<S> {
  const route = findRouteChain(routes, path).at(-1);
  if (!route) return { kind: 'none' };
  if (route.children.length === 0) return { kind: 'page', route };
  const firstPage = route.children.find((child) => !child.hidden && child.children.length === 0)?.path;
  return { kind: 'section', route, firstPage };
}
