import type { SimResponse } from '../http';
import { jsonBody, type SimRequest } from '../http';
import type { SimApp } from '../registry';
import type { SimContext } from '../server';
import {
  type AccessTokenRecord,
  latestTokenKey,
  MP_ERRORS,
  MP_TIMES,
  type MpState,
  randomCredential,
  secondsLeft,
  wxError,
} from './state';

/** The app behind a valid access token, or WeChat's refusal (41001, 40001, 42001). */
export function authenticate(
  context: SimContext,
  state: MpState,
  request: SimRequest,
): { app: SimApp; response?: undefined } | { app?: undefined; response: SimResponse } {
  const token = request.query.get('access_token');
  if (!token) return { response: wxError(MP_ERRORS.ACCESS_TOKEN_MISSING) };
  const record = state.tokens.get(token);
  const now = context.clock.now();
  if (!record || (record.invalidAt !== null && now >= record.invalidAt)) {
    return { response: wxError(MP_ERRORS.INVALID_CREDENTIAL) };
  }
  if (now >= record.expiresAt) return { response: wxError(MP_ERRORS.ACCESS_TOKEN_EXPIRED) };
  const app = context.registry.app(record.appId);
  if (!app) return { response: wxError(MP_ERRORS.INVALID_CREDENTIAL) };
  return { app };
}

function issueToken(context: SimContext, state: MpState, appId: string, kind: AccessTokenRecord['kind']) {
  const now = context.clock.now();
  const record: AccessTokenRecord = {
    token: randomCredential(96),
    appId,
    kind,
    issuedAt: now,
    expiresAt: now + MP_TIMES.accessTokenMs,
    invalidAt: null,
  };
  state.tokens.set(record.token, record);
  state.latestToken.set(latestTokenKey(appId, kind), record.token);
  context.record('mp.token', { appId, kind });
  return record;
}

function checkCredentials(
  context: SimContext,
  input: { grantType: unknown; appId: unknown; secret: unknown },
): { app: SimApp; response?: undefined } | { app?: undefined; response: SimResponse } {
  if (input.grantType !== 'client_credential') return { response: wxError(MP_ERRORS.INVALID_GRANT_TYPE) };
  if (typeof input.appId !== 'string' || !input.appId) return { response: wxError(MP_ERRORS.APPID_MISSING) };
  const app = context.registry.app(input.appId);
  if (!app) return { response: wxError(MP_ERRORS.INVALID_APPID) };
  if (typeof input.secret !== 'string' || !input.secret)
    return { response: wxError(MP_ERRORS.SECRET_MISSING) };
  if (input.secret !== app.appSecret) return { response: wxError(MP_ERRORS.INVALID_APPSECRET) };
  return { app };
}

/**
 * `GET /cgi-bin/token` (each fetch makes the previous basic token stop working 5 minutes later),
 * `POST /cgi-bin/stable_token` (the same token until 5 minutes before its end, unless
 * force_refresh, which ends the previous one at once, at most every 30 s) and
 * `GET /cgi-bin/ticket/getticket?type=jsapi`.
 */
export function installTokenRoutes(context: SimContext, state: MpState): void {
  context.route('GET', '/cgi-bin/token', (request) => {
    const checked = checkCredentials(context, {
      grantType: request.query.get('grant_type'),
      appId: request.query.get('appid'),
      secret: request.query.get('secret'),
    });
    if (!checked.app) return checked.response;
    const previous = state.tokens.get(
      state.latestToken.get(latestTokenKey(checked.app.appId, 'basic')) ?? '',
    );
    const record = issueToken(context, state, checked.app.appId, 'basic');
    if (previous) {
      const ends = record.issuedAt + MP_TIMES.overlapMs;
      previous.invalidAt = previous.invalidAt === null ? ends : Math.min(previous.invalidAt, ends);
    }
    return { body: { access_token: record.token, expires_in: MP_TIMES.accessTokenMs / 1000 } };
  });

  context.route('GET', '/cgi-bin/stable_token', () => wxError(MP_ERRORS.REQUIRE_POST));
  context.route('POST', '/cgi-bin/stable_token', (request) => {
    const body = jsonBody(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return wxError(MP_ERRORS.DATA_FORMAT_ERROR);
    }
    const input = body as Record<string, unknown>;
    const checked = checkCredentials(context, {
      grantType: input.grant_type,
      appId: input.appid,
      secret: input.secret,
    });
    if (!checked.app) return checked.response;
    const appId = checked.app.appId;
    const now = context.clock.now();
    const current = state.tokens.get(state.latestToken.get(latestTokenKey(appId, 'stable')) ?? '');
    const alive = current && current.invalidAt === null && current.expiresAt > now ? current : undefined;
    const answer = (record: AccessTokenRecord) => ({
      body: { access_token: record.token, expires_in: secondsLeft(record.expiresAt, now) },
    });
    if (input.force_refresh === true) {
      const last = state.lastForcedRefresh.get(appId);
      if (alive && last !== undefined && now - last < MP_TIMES.forceRefreshIntervalMs) return answer(alive);
      state.lastForcedRefresh.set(appId, now);
      if (alive) alive.invalidAt = now;
      return answer(issueToken(context, state, appId, 'stable'));
    }
    if (alive && alive.expiresAt - now > MP_TIMES.overlapMs) return answer(alive);
    // In its last 5 minutes the old token keeps working until it expires.
    return answer(issueToken(context, state, appId, 'stable'));
  });

  context.route('GET', '/cgi-bin/ticket/getticket', (request) => {
    const auth = authenticate(context, state, request);
    if (!auth.app) return auth.response;
    if (request.query.get('type') !== 'jsapi') return wxError(MP_ERRORS.INVALID_ARGS);
    const appId = auth.app.appId;
    const now = context.clock.now();
    let ticket = state.tickets.get(state.latestTicket.get(appId) ?? '');
    if (!ticket || ticket.expiresAt - now <= MP_TIMES.overlapMs) {
      ticket = { ticket: randomCredential(64), appId, expiresAt: now + MP_TIMES.ticketMs };
      state.tickets.set(ticket.ticket, ticket);
      state.latestTicket.set(appId, ticket.ticket);
      context.record('mp.ticket', { appId });
    }
    return {
      body: {
        errcode: 0,
        errmsg: 'ok',
        ticket: ticket.ticket,
        expires_in: secondsLeft(ticket.expiresAt, now),
      },
    };
  });
}
