import {
  type ErrorCode,
  OPEN_BASE,
  type OpenEnvelope,
  REFUSAL_MESSAGES,
  REFUSAL_STATUS,
  type RefusalCode,
  SIGNED_GROUP,
  TOKEN_GROUP,
} from '@px/partner';
import type { Middleware } from 'koa';
import { OPEN_CALLS, type OpenCallSpec, TOKEN_CALL_SPECS } from '../../../contract/open';
import type { TenantScope } from '../../../core/action';
import { AppError, ValidationError } from '../../../core/errors';
import { readRawBody } from '../../../core/raw-body';
import type { RequestState } from '../../../core/request-context';
import { makeScope, type ScopeBase } from '../../../core/scope';
import { parseInput } from '../../../core/validation';
import { withProject } from '../../../db/tenant-access';
import { loadTenant } from '../../project/project.tenant';
import type { PartnerApp, PartnerAuth } from '../partner-app.model';
import { PartnerCallLog } from '../partner-app.model';
import { issueToken, revokeToken } from '../partner-token.service';
import { appRefusal, authenticateSigned, authenticateToken, takeRate } from './open-auth';
import { OPEN_HANDLERS } from './open-calls';

/** What a partner call's handler is given: the app's project (RLS bound to it) and the app. */
export type PartnerScope = TenantScope & { app: PartnerApp };

const CALL_PATH = /^\/api\/open\/([a-z]+)\/([a-z-]+)\.action$/;
const MAX_BODY_BYTES = 64 * 1024;

/** A refusal or failure of a partner call: its code, message, HTTP status and data. */
class OpenFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly attribute: unknown = null,
  ) {
    super(message);
  }
}

const refusal = (code: RefusalCode) => new OpenFailure(code, REFUSAL_MESSAGES[code], REFUSAL_STATUS[code]);

/** The call a path names: its contract and how it authenticates; null for no partner call. */
function callOf(
  group: string,
  name: string,
): { key: string; spec: Omit<OpenCallSpec, 'key'>; auth: PartnerAuth } | null {
  if (group === SIGNED_GROUP || group === TOKEN_GROUP) {
    const spec = (OPEN_CALLS as Record<string, Omit<OpenCallSpec, 'key'>>)[name];
    return spec
      ? { key: `${group}/${name}`, spec, auth: group === TOKEN_GROUP ? 'TOKEN' : 'SIGNATURE' }
      : null;
  }
  const key = `${group}/${name}`;
  const spec = (TOKEN_CALL_SPECS as Record<string, Omit<OpenCallSpec, 'key'>>)[key];
  return spec ? { key, spec, auth: 'SIGNATURE' } : null;
}

/**
 * The partner API (`/api/open/...`, docs/partner-api.md): POST with a JSON body, signed or with a
 * bearer token; refusals with their own codes and statuses; input parsed by the call's contract;
 * the handler run in the app's project (row-level security bound to it); every call of a known app
 * logged with its result and duration. Answers the envelope with `errorCode` and `requestId`.
 */
export function openApiRoute(base: ScopeBase): Middleware<RequestState> {
  return async (ctx, next) => {
    if (ctx.path !== OPEN_BASE && !ctx.path.startsWith(`${OPEN_BASE}/`)) return next();
    const state = ctx.state as RequestState;
    const started = process.hrtime.bigint();
    const origin = ctx.get('Origin') || undefined;
    ctx.set('Cache-Control', 'no-store');
    if (origin) {
      // Browsers may call with a token from an allowed origin; the call itself checks the origin.
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
    }
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'POST');
      ctx.set(
        'Access-Control-Allow-Headers',
        'content-type, authorization, x-px-app-key, x-px-timestamp, x-px-nonce, x-px-signature',
      );
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    let app: PartnerApp | null = null;
    let auth: PartnerAuth = 'SIGNATURE';
    let callKey = ctx.path
      .slice(OPEN_BASE.length + 1)
      .replace(/\.action$/, '')
      .slice(0, 60);
    let outAccountId: string | null = null;
    const answer = (status: number, envelope: Omit<OpenEnvelope, 'requestId'>) => {
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = { ...envelope, requestId: state.requestId };
      state.respCode = envelope.respCode;
    };
    try {
      const match = CALL_PATH.exec(ctx.path);
      const call = match ? callOf(match[1] as string, match[2] as string) : null;
      if (!call) throw new OpenFailure('NOT_FOUND', '接口不存在', 404);
      callKey = call.key;
      auth = call.auth;
      if (ctx.method !== 'POST') throw new OpenFailure('BAD_REQUEST', '请使用 POST', 405);
      const raw = await readRawBody(ctx.req, MAX_BODY_BYTES);
      if (raw === null) throw new OpenFailure('BAD_REQUEST', '请求体过大', 413);
      const body = raw.toString('utf8');
      const now = base.providers.clock.now();
      const who =
        call.auth === 'TOKEN'
          ? await authenticateToken(ctx.headers, now)
          : await authenticateSigned(
              base.sequelize,
              { method: ctx.method, target: ctx.url, body, headers: ctx.headers },
              now,
            );
      app = who.app;
      if (!who.ok) throw refusal(who.code);
      const authenticated = who.app;
      const refused = appRefusal(authenticated, { ip: ctx.ip, origin });
      if (refused) throw refusal(refused);
      const wait = await takeRate(base.sequelize, authenticated, now);
      if (wait !== null) {
        ctx.set('Retry-After', String(wait));
        throw refusal('RATE_LIMITED');
      }
      let parsed: unknown;
      try {
        parsed = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        throw new OpenFailure('BAD_REQUEST', '请求体不是有效的 JSON', 400);
      }
      const input = parseInput(call.spec.input, parsed) as Record<string, unknown>;
      if (typeof input.outAccountId === 'string') outAccountId = input.outAccountId;
      const tenant = await loadTenant(authenticated.projectId);
      const scope: PartnerScope = {
        ...makeScope(base, {
          project: tenant,
          request: {
            ip: ctx.ip,
            host: ctx.hostname,
            origin: `${ctx.protocol}://${ctx.host}`,
            userAgent: ctx.get('User-Agent'),
          },
        }),
        app: authenticated,
      };
      const result = await withProject(authenticated.projectId, () => run(call.key, scope, input));
      answer(200, { respCode: 200, respDesc: 'success', attribute: result ?? null });
    } catch (error) {
      const failure = asFailure(error);
      if (failure.code === 'SERVER_ERROR')
        state.log.error({ err: error, call: callKey }, 'partner call failed');
      answer(failure.status, {
        respCode: -1,
        respDesc: failure.message,
        attribute: failure.attribute,
        errorCode: failure.code,
      });
    } finally {
      if (app)
        await logCall(state, app, {
          callKey,
          auth,
          outAccountId,
          ip: ctx.ip,
          status: ctx.status,
          started,
          body: ctx.body,
        });
      else if (ctx.status !== 200)
        state.log.info(
          { call: callKey, status: ctx.status, ip: ctx.ip },
          'partner call refused before its app was known',
        );
    }
  };
}

/** Runs a call's handler (the token calls here, the rest in open-calls.ts). */
async function run(key: string, scope: PartnerScope, input: Record<string, unknown>): Promise<unknown> {
  const now = scope.providers.clock.now();
  if (key === 'auth/get-token') return issueToken(scope.app, now);
  if (key === 'auth/revoke-token')
    return { revoked: await revokeToken(scope.app, String(input.accessToken), now) };
  const name = key.slice(key.indexOf('/') + 1) as keyof typeof OPEN_HANDLERS;
  const handler = OPEN_HANDLERS[name] as (scope: PartnerScope, input: unknown) => Promise<unknown>;
  return handler(scope, input);
}

function asFailure(error: unknown): OpenFailure {
  if (error instanceof OpenFailure) return error;
  if (error instanceof ValidationError)
    return new OpenFailure('BAD_REQUEST', error.message, 400, { errors: error.fieldErrors });
  if (error instanceof AppError) {
    const named = (error.attribute as { errorCode?: unknown } | null)?.errorCode;
    if (named === 'REQUEST_ID_REUSED') return new OpenFailure('REQUEST_ID_REUSED', error.message, 409);
    if (error.httpStatus === 404) return new OpenFailure('NOT_FOUND', error.message, 404);
    if (error.httpStatus < 500)
      return new OpenFailure('REFUSED', error.message, 200, error.attribute ?? null);
  }
  return new OpenFailure('SERVER_ERROR', '服务器错误，请稍后再试', 500);
}

/** Writes the call to the app's log (in its project); a failure to log never fails the answer. */
async function logCall(
  state: RequestState,
  app: PartnerApp,
  call: {
    callKey: string;
    auth: PartnerAuth;
    outAccountId: string | null;
    ip: string;
    status: number;
    started: bigint;
    body: unknown;
  },
): Promise<void> {
  const envelope = call.body as Partial<OpenEnvelope> | undefined;
  try {
    await withProject(app.projectId, () =>
      PartnerCallLog.create({
        projectId: app.projectId,
        appId: app.id,
        call: call.callKey,
        auth: call.auth,
        resultCode: envelope?.errorCode ?? 'OK',
        httpStatus: call.status,
        durationMs: Math.round(Number(process.hrtime.bigint() - call.started) / 1e6),
        ip: call.ip.slice(0, 64) || null,
        requestId: state.requestId.slice(0, 64),
        outAccountId: call.outAccountId,
        message: envelope?.errorCode ? String(envelope.respDesc ?? '').slice(0, 200) : null,
      }),
    );
  } catch (error) {
    state.log.error({ err: error, appId: app.id }, 'partner call log failed');
  }
}
