import { getCookie, TOKEN_KEY } from '@px/config';

/**
 * The student's session token lives in the `token` cookie under path `/` (the H5 is served from the
 * root); the request client sends it in the `token` header.
 */

/** The session token of the `token` cookie (config TOKEN_KEY), or undefined. */
export function readToken(): string | undefined {
  return getCookie(TOKEN_KEY, document.cookie);
}

/** Keeps the session token in the `token` cookie (a session cookie, path `/`, SameSite=Lax). */
export function writeToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
}

/** Removes the `token` cookie. */
export function removeToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
