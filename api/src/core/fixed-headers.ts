import type { Middleware } from 'koa';

/**
 * A middleware setting the same response headers on every request (koa-helmet's, for options that
 * depend on no request), recorded once by running it against a response that only records, then
 * set straight on each response: helmet otherwise rebuilds its policy text and goes through a
 * promise and a dozen steps on every request. The recording finishes before the server listens;
 * a request arriving earlier waits for it.
 */
export function fixedHeaders<S>(middleware: Middleware<S>): Middleware<S> {
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
  // Not async itself: an async function would cost every request a promise of its own.
  return (ctx, next) => {
    if (!recorded)
      return recording.then(() => {
        apply(ctx.res);
        return next();
      });
    apply(ctx.res);
    return next();
  };
}
