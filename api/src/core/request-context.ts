import { randomUUID } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
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
 * A request's state: its id, and the child logger bound to it, made when first used (most calls
 * of a quiet server log nothing). A class, so a request costs no closure nor property definition.
 */
class RequestStateOf implements RequestState {
  respCode?: number;
  #log: Logger | undefined;
  constructor(
    private readonly logger: Logger,
    readonly requestId: string,
  ) {}
  get log(): Logger {
    this.#log ??= this.logger.child({ reqId: this.requestId });
    return this.#log;
  }
}

/** The request's access-log line, when the logger writes info. */
function logAccess(ctx: ParameterizedContext<RequestState>, seconds: number): void {
  const ms = seconds * 1000;
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

/**
 * Gives every request an id (the caller's X-Request-Id when well formed, so a proxy's id carries
 * through), a child logger bound to it, the id in the answer's header, and one access-log line.
 * `done` gets every request with its time once answered (the call metrics, app.ts): one step
 * timing both, as each async step costs a hot call its promises.
 */
export function requestContext(
  logger: Logger,
  done?: (ctx: ParameterizedContext<RequestState>, seconds: number) => void,
): Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // What earlier middleware put on the state stays (none does today).
    ctx.state = Object.assign(new RequestStateOf(logger, requestId), ctx.state);
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    try {
      // Until a call's project is known, the database shows it no tenant row (row-level security).
      await withoutTenant(next);
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      done?.(ctx, seconds);
      if (logger.isLevelEnabled('info')) logAccess(ctx, seconds);
    }
  };
}
