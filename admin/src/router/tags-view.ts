import { TAG_CONTEXT_MENU_WIDTH, TAG_SCROLL_PADDING } from '@px/config';

/** A page in the tab bar (spec section 3, visited view). */
export interface VisitedView {
  path: string;
  /** From the route's title. */
  title: string;
  /** The query of the last visit, as key/value pairs. */
  query: Record<string, string>;
  /** Path and query of the last visit: where the tab leads. */
  fullPath: string;
  /** A fixed tab (home): it cannot be closed and survives "close others" and "close all". */
  affix: boolean;
}

export type TagsViewAction =
  /** A page was opened: adds its tab, or brings an open tab up to date with the visit's query. */
  | { type: 'add'; view: VisitedView }
  | { type: 'close'; path: string }
  | { type: 'close-others'; path: string }
  | { type: 'close-all' }
  /** Sign-out: back to the fixed tabs. */
  | { type: 'reset'; affix: VisitedView[] };

/** The tabs of a location: `path` + `search` (as `location.search`, with or without `?`). */
export function visitedViewOf(path: string, search: string, title: string, affix = false): VisitedView {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const [key, value] of params) query[key] = value;
  const queryText = params.toString();
  return { path, title, query, fullPath: queryText ? `${path}?${queryText}` : path, affix };
}

/**
 * The tab bar's state changes (vue-element-admin's tagsView store): one tab per path; fixed tabs
 * are never closed; "close others" keeps fixed tabs and the chosen one; "close all" keeps fixed tabs.
 */
export function tagsViewReducer(views: readonly VisitedView[], action: TagsViewAction): VisitedView[] {
  switch (action.type) {
    case 'add': {
      const index = views.findIndex((view) => view.path === action.view.path);
      if (index < 0) return [...views, action.view];
      const current = views[index] as VisitedView;
      if (current.fullPath === action.view.fullPath && current.title === action.view.title) return [...views];
      const updated = { ...action.view, affix: current.affix || action.view.affix };
      return views.map((view, i) => (i === index ? updated : view));
    }
    case 'close':
      return views.filter((view) => view.affix || view.path !== action.path);
    case 'close-others':
      return views.filter((view) => view.affix || view.path === action.path);
    case 'close-all':
      return views.filter((view) => view.affix);
    case 'reset':
      return [...action.affix];
  }
}

/**
 * Where to go after the tabs changed under the page on screen (vue-element-admin's toLastView):
 * nowhere while the current page still has its tab, else to the last tab, else home.
 */
export function nextLocationAfterClose(
  views: readonly VisitedView[],
  currentPath: string,
  homePath: string,
): string | null {
  if (views.some((view) => view.path === currentPath)) return null;
  return views.at(-1)?.fullPath ?? homePath;
}

/** The refresh helper's address for a tab: `/redirect/<path>?<query>` leads back to the tab, remounting the page. */
export function refreshPathOf(view: Pick<VisitedView, 'fullPath'>, redirectPrefix: string): string {
  return `${redirectPrefix}${view.fullPath}`;
}

/** A tab's box inside the scrolling strip. */
export interface TagBox {
  offsetLeft: number;
  offsetWidth: number;
}

/**
 * The scroll offset that shows the active tab and its neighbours (vue-element-admin's ScrollPane):
 * the first tab scrolls to the start, the last to the end, any other so that the tabs on both sides
 * are visible with TAG_SCROLL_PADDING pixels to spare. Unchanged when that is already so.
 */
export function scrollLeftForTag(
  tags: readonly TagBox[],
  index: number,
  scroll: { scrollLeft: number; scrollWidth: number; containerWidth: number },
  padding: number = TAG_SCROLL_PADDING,
): number {
  if (index < 0 || index >= tags.length) return scroll.scrollLeft;
  if (index === 0) return 0;
  if (index === tags.length - 1) return Math.max(0, scroll.scrollWidth - scroll.containerWidth);
  const previous = tags[index - 1] as TagBox;
  const next = tags[index + 1] as TagBox;
  const afterNext = next.offsetLeft + next.offsetWidth + padding;
  const beforePrevious = previous.offsetLeft - padding;
  if (afterNext > scroll.scrollLeft + scroll.containerWidth) return afterNext - scroll.containerWidth;
  if (beforePrevious < scroll.scrollLeft) return beforePrevious;
  return scroll.scrollLeft;
}

/**
 * Where the tab context menu opens (left/top in the tab bar's coordinates): 15 px right of the
 * pointer, kept inside the bar for a menu TAG_CONTEXT_MENU_WIDTH (105) px wide.
 */
export function contextMenuPosition(
  pointer: { clientX: number; clientY: number },
  container: { left: number; top: number; width: number },
  menuWidth: number = TAG_CONTEXT_MENU_WIDTH,
): { left: number; top: number } {
  const maxLeft = container.width - menuWidth;
  const left = pointer.clientX - container.left + 15;
  return { left: Math.max(0, Math.min(left, maxLeft)), top: pointer.clientY - container.top };
}
