/** Paths of the back office's own screens (below the router's basename, /admin). */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/admin-login';
export const FORBIDDEN_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
/** `/redirect/<path>` navigates back to `<path>`: how a tab is refreshed. */
export const REDIRECT_PREFIX = '/redirect';

/**
 * The paths of spec section 2's whitelist that the back office serves: reachable without a token,
 * and still reachable when loading the account info failed.
 */
export const WHITELIST: readonly string[] = [LOGIN_PATH, FORBIDDEN_PATH, NOT_FOUND_PATH];

/** Pages every signed-in account may open whatever its menu says: home (its tab is fixed). */
export const ALWAYS_PERMITTED: readonly string[] = [HOME_PATH];

/**
 * The sign-in page with `redirect` set to the page the person wanted (its path only, as spec
 * section 2 writes it: `/admin-login?redirect={path}`).
 */
export function loginPathFor(path: string): string {
  return `${LOGIN_PATH}?redirect=${path}`;
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path of this app, otherwise
 * home. Anything else (another origin, `//host`, a back-slash trick) is ignored.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return HOME_PATH;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return redirect;
}
