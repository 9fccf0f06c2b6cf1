import type { createStore } from 'jotai';
import { prefetchBanners } from '../api/banner';
import { prefetchCenterYears } from '../api/train-class';
import { onUnauthorized } from '../session/unauthorized';
import { loadSystemInfoAtom, unitIdAtom } from '../store/project';
import { accountStateAtom, loadAccountInfoAtom, setTokenAtom, tokenAtom } from '../store/session';
import { isWechatBrowser } from '../wechat/is-wechat-browser';
import { decideNavigation, type FirstCall } from './guard';
import { findRoute } from './routes';

type Store = ReturnType<typeof createStore>;

const PREFETCH: Record<FirstCall, (unitId: number | undefined) => void> = {
  'center-years': prefetchCenterYears,
  banners: prefetchBanners,
};

/**
 * Starts, before React renders, the calls the navigation guard's first render asks for: the project
 * settings (system-info) always, and the signed-in student's account when the guard would load it
 * (the same pure `decideNavigation` on the same state). They then travel while the scripts of the
 * screen run instead of after React's first commit, a round trip earlier on a slow phone network
 * (issue 16). The guard's own effects find them loading and do not ask again. A 401 that answers
 * before the guard has mounted ends the session as the guard's listener would (which then takes
 * over). The calls a screen's first render makes (its route's `firstCalls`: the entry pages' banners
 * and offered years, the class centres' years) start too, unless the guard is sending the visitor
 * away; the screen takes them (api/early.ts).
 */
export function startFirstCalls(store: Store, location: { pathname: string; search: string }): void {
  onUnauthorized(() => void store.set(setTokenAtom, undefined));
  void store.set(loadSystemInfoAtom);
  const route = findRoute(location.pathname)?.meta;
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    route,
    token: store.get(tokenAtom),
    account: store.get(accountStateAtom),
    wechatBrowser: isWechatBrowser(),
    project: { status: 'loading' },
  });
  if (decision.kind === 'load-account') void store.set(loadAccountInfoAtom);
  if (decision.kind === 'proceed' || decision.kind === 'load-account')
    for (const call of route?.firstCalls ?? []) PREFETCH[call](store.get(unitIdAtom));
}
