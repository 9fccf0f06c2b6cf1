import { TOKEN_KEY } from '@px/config';

/**
 * The embedded study page's session (docs/partner-api.md "Embedding"): a partner's page frames
 * `/hxtx/detail-study`, whose ticket opens a session limited to one student's study of one
 * enrolment. That session is kept in this frame's sessionStorage only, never in the site's `token`
 * cookie (which would sign the student in, or out, everywhere else), and the frame talks to its
 * parent with postMessage to the app's allowed origins only.
 */

const STORAGE_KEY = 'px-embedded-study';

export interface EmbeddedSession {
  /** Empty once the session ended (the origins are kept to tell the parent). */
  token: string;
  myClassId: number;
  appKey: string;
  appName: string;
  allowedOrigins: string[];
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let memory: EmbeddedSession | null = null;

/** The frame's embedded session, or null when this page is not one (the ordinary site). */
export function readEmbedded(): EmbeddedSession | null {
  if (memory) return memory;
  const text = storage()?.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    memory = JSON.parse(text) as EmbeddedSession;
  } catch {
    memory = null;
  }
  return memory;
}

/** Keeps the frame's embedded session (from now on the H5 uses its token, not the cookie's). */
export function saveEmbedded(session: EmbeddedSession): void {
  memory = session;
  storage()?.setItem(STORAGE_KEY, JSON.stringify(session));
}

/** Forgets the embedded session entirely (tests; a ticket refused before any session). */
export function forgetEmbedded(): void {
  memory = null;
  storage()?.removeItem(STORAGE_KEY);
}

/** The cookie string the request client reads the token from: the embedded token's in a frame session. */
export function embeddedCookies(): string | null {
  const session = readEmbedded();
  if (!session) return null;
  return session.token ? `${TOKEN_KEY}=${encodeURIComponent(session.token)}` : '';
}

/** The source every message to the parent carries. */
export const MESSAGE_SOURCE = 'px-study';

/** What the page tells its parent. */
export type ParentMessage =
  | { type: 'ready'; myClassId: number; className: string; status: string }
  | {
      type: 'progress';
      myClassId: number;
      lessonId: number;
      lessonName: string;
      creditedSeconds: number;
      coverage: number;
      finished: boolean;
    }
  | { type: 'finished'; myClassId: number; lessonId: number; lessonName: string }
  | { type: 'goHome'; reason: string };

/** Seconds after which `goHome` is posted when the session ends or is refused (spec section 2's guard). */
export const GO_HOME_DELAY_MS = 2000;

/**
 * The parent's origin when this page is framed by one of `allowedOrigins` (the browser's
 * `ancestorOrigins`, else the referrer's origin); null when not framed or framed by anyone else.
 */
export function parentOrigin(allowedOrigins: readonly string[]): string | null {
  if (window.parent === window) return null;
  let origin: string | null = window.location.ancestorOrigins?.[0] ?? null;
  if (!origin && document.referrer) {
    try {
      origin = new URL(document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return origin && allowedOrigins.includes(origin.toLowerCase()) ? origin : null;
}

/**
 * Posts a message to the parent, to its origin only and only when that origin is one of
 * `allowedOrigins` (the embedded session's when not given). Answers whether it was posted.
 */
export function postToParent(
  message: ParentMessage,
  allowedOrigins: readonly string[] = readEmbedded()?.allowedOrigins ?? [],
): boolean {
  const origin = parentOrigin(allowedOrigins);
  if (!origin) return false;
  window.parent.postMessage({ source: MESSAGE_SOURCE, ...message }, origin);
  return true;
}
