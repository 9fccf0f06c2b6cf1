import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

/**
 * The security headers of a call's JSON answer (`/api/<group>/<name>.action`), the short set the
 * OWASP REST Security Cheat Sheet gives for API answers: nothing in them is a document, so the
 * document policies (the page's CSP, opener, referrer and agent-cluster policies, the legacy
 * browser switches) do nothing there, while each header costs every hot call its setting and its
 * bytes (13% of a hot call's throughput on the bench's machine). What stays: no sniffing, no
 * framing, nothing loaded or run if one is ever opened as a page, no reading from another site.
 * A call answering a file (a PDF, an image, a workbook) gets the documents' set (`setOn`).
 */
export const CALL_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Whether a path is a call's (`/api/<group>/<name>.action`), whose answer gets `CALL_ANSWER_HEADERS`. */
export function isCallPath(path: string): boolean {
  return path.startsWith('/api/') && path.endsWith('.action');
}

/** The recorded headers' middleware, and the same headers for a response a call answers with a file. */
export type FixedHeaders<S> = Middleware<S> & { setOn(res: ServerResponse): void };

/**
 * A middleware setting the same response headers on every request (koa-helmet's, for options that
 * depend on no request), recorded once by running it against a response that only records, then
 * set straight on each response: helmet otherwise rebuilds its policy text and goes through a
 * promise and a dozen steps on every request. The recording finishes before the server listens;
 * a request arriving earlier waits for it.
 */
export function fixedHeaders<S>(
  middleware: Middleware<S>,
  options: { callAnswers?: readonly (readonly [string, string])[] } = {},
): FixedHeaders<S> {
  const headers: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
    hasHeader: () => false,
  };
  let recorded = false;
  const recording = Promise.resolve(
    (middleware as unknown as (ctx: unknown, next: () => Promise<void>) => unknown)(
      { req: { headers: {}, method: 'GET', url: '/' }, res: recorder },
      async () => {
        recorded = true;
      },
    ),
  ).then(() => {
    if (!recorded) throw new Error('fixedHeaders: the middleware did not go on');
  });
  // Surfaced by the first request instead, if it ever fails.
  recording.catch(() => undefined);
  const apply = (res: { setHeader: typeof recorder.setHeader; removeHeader: (name: string) => void }) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
  };
  const { callAnswers } = options;
  // Not async itself: an async function would cost every request a promise of its own.
  const headed: Middleware<S> = (ctx, next) => {
    // A call answering a file gets the recorded set later (`setOn`): every request waits for it.
    if (!recorded) return recording.then(() => headed(ctx, next));
    if (callAnswers && isCallPath(ctx.path)) {
      for (const [name, value] of callAnswers) ctx.res.setHeader(name, value);
      return next();
    }
    apply(ctx.res);
    return next();
  };
  return Object.assign(headed, {
    setOn(res: ServerResponse) {
      if (!recorded) throw new Error('fixedHeaders: the headers are not recorded yet');
      apply(res);
    },
  });
}
