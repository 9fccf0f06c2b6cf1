import type { AccountInfo } from '@px/api/contract';
import {
  accountStep,
  EMPTY_ACCOUNT_MESSAGE,
  type LoginType,
  ROLE_SYSTEM,
  type AccountState as SessionAccountState,
  type SharedGuardDecision,
  tokenAdoption,
} from '@px/config';
import { LOGIN_PATH, loginPathFor, NOT_FOUND_PATH, normalizePath } from './paths';

/** What the route table says about a path. */
/** A call a screen makes as it first renders that may start before React (router/first-calls.ts). */
export type FirstCall = 'center-years' | 'banners';

export interface RouteMeta {
  /** Chinese page title; the document title is `${title} - ${project title}` (WeChat shows it). */
  title: string;
  /** Reachable without signing in (spec section 2's whitelist). */
  public: boolean;
  /** Shows the bottom tab bar (首页 / 我的). */
  tabBar: boolean;
  /** Calls the screen's first render makes, which first-calls.ts starts before React renders. */
  firstCalls?: readonly FirstCall[];
}

/** Where loading the signed-in student's account stands (loaded once per token). */
export type AccountState = SessionAccountState<AccountInfo>;

/** What the guard needs of the project settings: the allowed sign-in methods, once known. */
export type ProjectLoginState =
  | { status: 'loading' }
  | { status: 'ready'; loginType: readonly LoginType[] }
  | { status: 'error' };

/** Text shown when a back-office account's token is used on the student site. */
export const NOT_STUDENT_MESSAGE = '该账号不是学员账号，请使用学员账号登录';

export interface GuardInput {
  /** The path asked for. */
  path: string;
  /** `location.search` of the navigation. */
  search: string;
  /** The meta of the route the path matched; undefined for an unknown path. */
  route: RouteMeta | undefined;
  token: string | undefined;
  account: AccountState;
  /** The page runs in the WeChat browser (user agent contains MicroMessenger). */
  wechatBrowser: boolean;
  project: ProjectLoginState;
  /** The page runs in a partner's frame with an embedded session (session/embedded.ts). */
  embedded?: boolean;
}

export type GuardDecision =
  | SharedGuardDecision
  /** Not signed in: to the sign-in page, with the page asked for as `redirect`. */
  | { kind: 'sign-in'; to: string }
  /** Not signed in, in the WeChat browser of a project that signs in by WeChat: through OAuth, back to `redirect`. */
  | { kind: 'wechat-oauth'; redirect: string; fallback: string }
  /** The session cannot be used: the token is cleared and `message` (if any) shown; then decide again. */
  | { kind: 'end-session'; message: string | null }
  /**
   * Not signed in inside a partner's frame: no sign-in page there; the page says the session ended
   * and tells the parent `goHome` after 2 seconds (spec section 2).
   */
  | { kind: 'embedded-ended' };

function signInDecision(input: GuardInput, path: string): GuardDecision {
  if (input.embedded) return { kind: 'embedded-ended' };
  const target = `${path}${input.search}`;
  if (input.wechatBrowser) {
    if (input.project.status === 'loading') return { kind: 'wait' };
    if (input.project.status === 'ready' && input.project.loginType.includes('wechat')) {
      return { kind: 'wechat-oauth', redirect: target, fallback: loginPathFor(path, input.search) };
    }
  }
  return { kind: 'sign-in', to: loginPathFor(path, input.search) };
}

/**
 * The navigation guard of spec section 2 for the student site, without side effects:
 * - a `token` query parameter is adopted first (`null` clears the token);
 * - an unknown path goes to /404;
 * - without a token, whitelisted paths proceed; the others go to `/login?redirect={path}`, or, in the
 *   WeChat browser when the project's `loginType` includes `wechat`, through WeChat OAuth; inside a
 *   partner's frame (an embedded session) nowhere: the page ends there and the parent is told `goHome`;
 * - with a token, /login passes through; elsewhere the account info is loaded once: a failed load
 *   clears the token (whitelisted paths then proceed, the others say why and ask to sign in), empty
 *   info asks to sign in again, and an account that is not a student's (roleSystem != 3) is refused.
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const path = normalizePath(input.path);
  const adopt = tokenAdoption(path, input.search);
  if (adopt) return adopt;
  if (!input.route) return { kind: 'redirect', to: NOT_FOUND_PATH };

  if (!input.token) return input.route.public ? { kind: 'proceed' } : signInDecision(input, path);
  if (path === LOGIN_PATH) return { kind: 'proceed' };

  const step = accountStep(input.account);
  switch (step.kind) {
    case 'load-account':
    case 'wait':
      return step;
    case 'failed':
      return { kind: 'end-session', message: input.route.public ? null : step.message };
    case 'empty':
      return { kind: 'end-session', message: EMPTY_ACCOUNT_MESSAGE };
    case 'ready':
      return step.info.roleRP.roleSystem === ROLE_SYSTEM.STUDENT
        ? { kind: 'proceed' }
        : { kind: 'end-session', message: NOT_STUDENT_MESSAGE };
  }
}

/** The document title of a page: `${route title} - ${project title}`, the route title alone until the project is known. */
export function documentTitleFor(routeTitle: string, projectTitle: string | undefined): string {
  return projectTitle ? `${routeTitle} - ${projectTitle}` : routeTitle;
}
