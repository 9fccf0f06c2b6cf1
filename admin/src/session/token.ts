import { getCookie, TOKEN_KEY } from '@px/config';
import { ROUTER_BASENAME } from '../router-base';

/**
 * The path the back office's `token` cookie is kept under: the app's own base (/admin), so that it
 * never mixes with a student's session of the H5 on the same host; `/` when the page is served
 * elsewhere (tests).
 */
function cookiePath(): string {
  const { pathname } = window.location;
  return pathname === ROUTER_BASENAME || pathname.startsWith(`${ROUTER_BASENAME}/`) ? ROUTER_BASENAME : '/';
}

/** The session token of the `token` cookie (config TOKEN_KEY), or undefined. */
export function readToken(): string | undefined {
  return getCookie(TOKEN_KEY, document.cookie);
}

/** Keeps the session token in the `token` cookie (a session cookie, SameSite=Lax). */
export function writeToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; path=${cookiePath()}; SameSite=Lax`;
}

/** Removes the `token` cookie. */
export function removeToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=; path=${cookiePath()}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
