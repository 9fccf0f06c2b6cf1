import { getCookie, ROLE_SYSTEM, SESSION_TTL_MS, TOKEN_KEY } from '@px/config';
import { readEmbedded, saveEmbedded } from './embedded';

/**
 * The student's session token lives in the `token` cookie under path `/` (the H5 is served from the
 * root); the request client sends it in the `token` header. In a partner's frame the embedded
 * session's token is used instead and the cookie is left alone (session/embedded.ts).
 */

/** The session token of the `token` cookie (config TOKEN_KEY), or undefined. */
export function readToken(): string | undefined {
  const embedded = readEmbedded();
  if (embedded) return embedded.token || undefined;
  return getCookie(TOKEN_KEY, document.cookie);
}

/**
 * How long the cookie is kept, in seconds: a student session's term on the server (30 days). Not a
 * browser-session cookie: closing the WeChat page must not sign the student out. Written again each
 * time the account loads, as the server extends a session in use.
 */
export const TOKEN_MAX_AGE_S = SESSION_TTL_MS[ROLE_SYSTEM.STUDENT] / 1000;

/** Keeps the session token in the `token` cookie (path `/`, SameSite=Lax, kept TOKEN_MAX_AGE_S). */
export function writeToken(token: string): void {
  const embedded = readEmbedded();
  if (embedded) {
    saveEmbedded({ ...embedded, token });
    return;
  }
  const expires = new Date(Date.now() + TOKEN_MAX_AGE_S * 1000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; path=/; max-age=${TOKEN_MAX_AGE_S}; expires=${expires}; SameSite=Lax`;
}

/** Removes the `token` cookie. */
export function removeToken(): void {
  const embedded = readEmbedded();
  if (embedded) {
    saveEmbedded({ ...embedded, token: '' });
    return;
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the request client and the server read this cookie
  document.cookie = `${TOKEN_KEY}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
