import { atom } from 'jotai';
import { HOME_PATH } from '../router/paths';
import { ROUTE_TABLE } from '../router/route-table';
import { findRouteChain } from '../router/route-tree';
import { type TagsViewAction, tagsViewReducer, type VisitedView, visitedViewOf } from '../router/tags-view';

/** The fixed tabs: home (spec section 2: home tabs are fixed). */
export const AFFIX_VIEWS: readonly VisitedView[] = [
  visitedViewOf(HOME_PATH, '', findRouteChain(ROUTE_TABLE, HOME_PATH)[0]?.title ?? '首页', true),
];

/** The tab bar of visited pages. */
export const visitedViewsAtom = atom<VisitedView[]>([...AFFIX_VIEWS]);

/** Changes the tabs through the pure reducer. */
export const dispatchVisitedViewsAtom = atom(null, (get, set, action: TagsViewAction) => {
  set(visitedViewsAtom, tagsViewReducer(get(visitedViewsAtom), action));
});

/** Back to the fixed tabs only (sign-out). */
export const resetVisitedViewsAtom = atom(null, (_get, set) => {
  set(visitedViewsAtom, [...AFFIX_VIEWS]);
});
