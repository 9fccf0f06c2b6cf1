import type { AccountInfo } from '@px/api/contract';
import {
  accountStep,
  EMPTY_ACCOUNT_MESSAGE,
  ROLE_SYSTEM,
  type AccountState as SessionAccountState,
  type SharedGuardDecision,
  tokenAdoption,
} from '@px/config';
import { matchRoute } from './access';
import {
  FORBIDDEN_PATH,
  LOGIN_PATH,
  loginPathFor,
  NOT_FOUND_PATH,
  REDIRECT_PREFIX,
  safeRedirectTarget,
  WHITELIST,
} from './paths';
import { normalizePath, type RouteNode } from './route-tree';

/** Where loading the signed-in account stands (loaded once per token). */
export type AccountState = SessionAccountState<AccountInfo>;

/** Text shown when a student account's token is used in the back office. */
export const STUDENT_REFUSED_MESSAGE = '学员账号不能登录管理后台，请使用管理员账号登录';

export interface GuardInput {
  /** The path asked for (below the basename). */
  path: string;
  /** `location.search` of the navigation. */
  search: string;
  token: string | undefined;
  account: AccountState;
  /** Every route of the app (the route table joined with the screens). */
  routes: readonly RouteNode[];
  /** The routes of the signed-in account (empty until its info is loaded). */
  permitted: readonly RouteNode[];
  /** The page runs inside another page's frame (`window.top !== window.self`). */
  embedded: boolean;
  /** The person signed out: the sign-in page opens without `redirect` (the next person starts at home). */
  signedOut?: boolean;
}

/** What happens when the person leaves for the sign-in page: in a frame, the parent is told instead. */
export type SignInStep = { kind: 'login'; to: string } | { kind: 'parent-go-home' };

export type GuardDecision =
  | SharedGuardDecision
  /** Not signed in (no token): to the sign-in page, or the parent frame is told to go home. */
  | { kind: 'sign-in'; step: SignInStep }
  /**
   * The session cannot be used: the token is cleared, `message` (if any) shown, then the path
   * proceeds (whitelisted) or the person goes to sign in.
   */
  | { kind: 'end-session'; message: string | null; next: SignInStep | { kind: 'proceed' } };

function isWhitelisted(path: string): boolean {
  return WHITELIST.includes(path);
}

function signInStep(path: string, embedded: boolean, withRedirect = true): SignInStep {
  if (embedded) return { kind: 'parent-go-home' };
  return { kind: 'login', to: withRedirect ? loginPathFor(path) : LOGIN_PATH };
}

/**
 * The session cannot be used: whitelisted paths proceed, others go to sign in. A failed load says
 * nothing on a whitelisted path; refusals (`tellEverywhere`) are always explained.
 */
function endSession(
  path: string,
  embedded: boolean,
  message: string,
  tellEverywhere: boolean,
): GuardDecision {
  const whitelisted = isWhitelisted(path);
  return {
    kind: 'end-session',
    message: whitelisted && !tellEverywhere ? null : message,
    next: whitelisted ? { kind: 'proceed' } : signInStep(path, embedded),
  };
}

/**
 * The navigation guard of spec section 2, without side effects:
 * - a `token` query parameter is adopted first (`null` clears the token);
 * - without a token, whitelisted paths proceed and the others go to `/admin-login?redirect={path}`
 *   (plain `/admin-login` after signing out; inside a frame the parent is told `goHome` instead);
 * - with a token, the sign-in page leads to its `redirect` target (home when absent or unsafe); otherwise the account info is loaded once;
 *   a failed load ends the session (message: respDesc or `Has Error`) unless the path is
 *   whitelisted; empty info ends it with `请重新登录`; a student account is refused;
 * - once loaded: a permitted page proceeds, a section leads to its first page, a known route the
 *   role was not granted leads to /401, an unknown path proceeds (the router shows /404).
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const path = normalizePath(input.path);
  const adopt = tokenAdoption(path, input.search);
  if (adopt) return adopt;

  if (!input.token) {
    if (isWhitelisted(path)) return { kind: 'proceed' };
    return { kind: 'sign-in', step: signInStep(path, input.embedded, !input.signedOut) };
  }
  // Signed in on the sign-in page: on to the page asked for before sign-in (the sign-in page goes
  // there too; both must agree, whichever navigation React commits last).
  if (path === LOGIN_PATH) {
    return { kind: 'redirect', to: safeRedirectTarget(new URLSearchParams(input.search).get('redirect')) };
  }

  const step = accountStep(input.account);
  switch (step.kind) {
    case 'load-account':
    case 'wait':
      return step;
    case 'failed':
      return endSession(path, input.embedded, step.message, false);
    case 'empty':
      return endSession(path, input.embedded, EMPTY_ACCOUNT_MESSAGE, true);
    case 'ready':
      break;
  }
  if (step.info.roleRP.roleSystem === ROLE_SYSTEM.STUDENT) {
    return endSession(path, input.embedded, STUDENT_REFUSED_MESSAGE, true);
  }

  const alwaysOpen = path === '/' || isWhitelisted(path) || path.startsWith(`${REDIRECT_PREFIX}/`);
  if (alwaysOpen) return { kind: 'proceed' };
  const permitted = matchRoute(input.permitted, path);
  if (permitted.kind === 'page') return { kind: 'proceed' };
  if (permitted.kind === 'section') {
    return { kind: 'redirect', to: permitted.firstPage ?? NOT_FOUND_PATH };
  }
  if (matchRoute(input.routes, path).kind !== 'none') return { kind: 'redirect', to: FORBIDDEN_PATH };
  return { kind: 'proceed' };
}
