import { RESP_CODE, RESP_DESC } from '@px/config';
import type { Middleware } from 'koa';
import {
  ConnectionError,
  DatabaseError,
  ForeignKeyConstraintError,
  ValidationError as SequelizeValidationError,
  UniqueConstraintError,
} from 'sequelize';
import { type Envelope, failure } from './envelope';
import { AppError, UnavailableError, ValidationError } from './errors';
import type { RequestState } from './request-context';

interface ErrorAnswer {
  status: number;
  envelope: Envelope;
  /** Not one of ours: logged in full, answered with a generic message. */
  unexpected: boolean;
  /** The database cannot be reached: answered 503, logged once per burst. */
  unavailable?: boolean;
}

// PostgreSQL's codes for "not now": the server is shutting down or starting (57P01..57P03), too many
// connections (53300), or the connection failed (class 08).
const UNAVAILABLE_CODES = /^(57P0[1-3]|53300|08...)$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** Whether an error says the database cannot be reached, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof DatabaseError)) return false;
  const { code, message } = error.parent as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || SOCKET_CODES.has(code))) return true;
  // The driver's words for a connection lost mid-query (the server restarted or went away), or for a
  // pooled client whose connection broke while it was idle (found by the database-restart test).
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client (has encountered a connection error|was closed) and is not queryable)/.test(
      message,
    )
  );
}

/** HTTP errors thrown by the body parser and the router carry a status. */
function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as { status?: unknown; statusCode?: unknown; httpCode?: unknown };
  const status = candidate.status ?? candidate.statusCode ?? candidate.httpCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: '请求格式不正确',
  405: '请求方法不支持',
  413: '请求体或上传文件过大',
  415: '请求内容类型不支持',
};

/** Maps anything thrown during a request to the envelope and HTTP status it is answered with. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      status: error.httpStatus,
      envelope: failure(error.respCode, error.message, error.attribute),
      unexpected: false,
    };
  }
  if (error instanceof UniqueConstraintError) {
    const fields = Object.keys(error.fields ?? {});
    const answer = new ValidationError(
      fields.map((field) => ({ field, rule: 'unique', message: '已存在，不能重复' })),
    );
    return toErrorAnswer(fields.length > 0 ? answer : new AppError(RESP_CODE.ERROR, '数据已存在，不能重复'));
  }
  if (error instanceof ForeignKeyConstraintError) {
    return toErrorAnswer(new AppError(RESP_CODE.ERROR, '关联的数据不存在或仍在使用中'));
  }
  if (error instanceof SequelizeValidationError) {
    return toErrorAnswer(
      new ValidationError(
        error.errors.map((item) => ({
          field: item.path ?? '',
          rule: item.validatorKey ?? 'invalid',
          message: item.message,
        })),
      ),
    );
  }
  if (isDatabaseUnavailable(error)) {
    return { ...toErrorAnswer(new UnavailableError()), unavailable: true };
  }
  const status = httpStatusOf(error);
  if (status !== null) {
    const text = CLIENT_ERROR_TEXT[status] ?? '请求无法处理';
    return { status, envelope: failure(RESP_CODE.ERROR, text), unexpected: false };
  }
  return { status: 500, envelope: failure(RESP_CODE.ERROR, RESP_DESC.INTERNAL), unexpected: true };
}

/** How long the database must answer again before a new outage is logged afresh. */
const OUTAGE_QUIET_MS = 60_000;

/**
 * Outermost middleware: every failure becomes the envelope. Unexpected errors are logged with the
 * request id and answered with a generic message; no stack trace or internal text leaves the server.
 * A database outage answers 503 to every request but is logged once per burst (again only after a
 * quiet minute), with how many requests the previous burst refused.
 */
export function errorHandler(clock: () => number = Date.now): Middleware<RequestState> {
  let lastOutageAt = Number.NEGATIVE_INFINITY;
  let refusedInBurst = 0;
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = toErrorAnswer(error);
      if (answer.unavailable) {
        const now = clock();
        if (now - lastOutageAt > OUTAGE_QUIET_MS) {
          ctx.state.log.error(
            {
              cause: error instanceof Error ? error.message : String(error),
              previousBurstRefused: refusedInBurst,
            },
            'database unavailable',
          );
          refusedInBurst = 0;
        }
        lastOutageAt = now;
        refusedInBurst += 1;
      } else if (answer.unexpected) {
        ctx.state.log.error({ err: error }, 'unexpected error');
      } else {
        ctx.state.log.debug(
          { respCode: answer.envelope.respCode, respDesc: answer.envelope.respDesc },
          'request refused',
        );
      }
      ctx.status = answer.status;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = answer.envelope;
    }
  };
}
