import type { AccountInfo } from '@px/api/contract';
import { createSessionStore } from '@px/config/react';
import { atom } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { collectMenuUrls, filterRoutesByMenu } from '../router/access';
import { ALWAYS_PERMITTED } from '../router/paths';
import { ROUTE_TABLE } from '../router/route-table';
import { readToken, removeToken, writeToken } from '../session/token';
import { resetVisitedViewsAtom } from './tags-view';

const session = createSessionStore<AccountInfo>({
  tokens: { read: readToken, write: writeToken, remove: removeToken },
  getAccountInfo: () => getAccountInfo(),
  loginOut: () => loginOut(),
});

/**
 * The back office's session (`@px/config/react` createSessionStore): the token of the `token`
 * cookie (path /admin), the account info loaded once per token, and whether the person signed out.
 */
export const {
  tokenAtom,
  signedOutAtom,
  accountStateAtom,
  setTokenAtom,
  loadAccountInfoAtom,
  accountInfoAtom,
} = session;

/** The page URLs the signed-in account's role was granted (its menu tree), home always; empty until loaded. */
export const grantedUrlsAtom = atom<ReadonlySet<string>>((get) => {
  const info = get(accountInfoAtom);
  if (!info?.roleRP) return new Set<string>();
  return new Set([...collectMenuUrls(info.roleRP.menu ?? []), ...ALWAYS_PERMITTED]);
});

/** The routes the signed-in account may open: the route table filtered by its menu tree. */
export const permittedRoutesAtom = atom((get) => {
  const info = get(accountInfoAtom);
  return info?.roleRP ? filterRoutesByMenu(ROUTE_TABLE, info.roleRP.menu ?? [], ALWAYS_PERMITTED) : [];
});

/**
 * Signs out (spec section 4): tells the server (whatever it answers), clears token, account and
 * tabs; the navigation guard then shows /admin-login without `redirect`. Never rejects.
 */
export const logoutAtom = atom(null, async (_get, set) => {
  await set(session.logoutAtom);
  set(resetVisitedViewsAtom);
});
