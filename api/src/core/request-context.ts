import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { withoutTenant } from '../db/tenant-access';

/** What the first middleware puts on `ctx.state` for every request. */
export interface RequestState {
  requestId: string;
  log: Logger;
  /** The envelope's respCode when the body went out already serialized (the access line's). */
  respCode?: number;
}

const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when well formed, so a proxy's id carries
 * through), a child logger bound to it, the id in the answer's header, and one access-log line.
 */
export function requestContext(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    // The child logger is made when first used: most calls of a quiet server log nothing.
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      get: () => {
        log ??= logger.child({ reqId: requestId });
        return log;
      },
      enumerable: true,
      configurable: true,
    });
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    try {
      // Until a call's project is known, the database shows it no tenant row (row-level security).
      await withoutTenant(next);
    } finally {
      if (logger.isLevelEnabled('info')) logAccess();
    }
    function logAccess() {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const body = ctx.body as { respCode?: unknown } | null | undefined;
      ctx.state.log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          respCode: typeof body?.respCode === 'number' ? body.respCode : ctx.state.respCode,
          ms: Math.round(ms * 10) / 10,
          ip: ctx.ip,
        },
        'request',
      );
    }
  };
}
