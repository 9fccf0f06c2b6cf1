import { randomBytes } from 'node:crypto';
import { errorName } from '../../client/http';
import {
  buildPushXml,
  encryptPushMessage,
  type PushFields,
  pushMessageSignature,
  readPushReply,
} from '../../client/push';
import { serverPushSignature } from '../../client/signature';
import type { SimApp } from '../registry';
import type { SimContext } from '../server';
import { type MpState, originalIdOf, randomCode } from './state';

/** One try to deliver a push to the app's server URL. */
export interface PushAttempt {
  attempt: number;
  ok: boolean;
  /** HTTP status, null when there was no answer in time. */
  status: number | null;
  error?: string;
  /** The reply the server answered (decrypted in safe mode); null for `success` / empty. */
  reply?: PushFields | null;
}

/** A push and what became of it. */
export interface PushDelivery {
  appId: string;
  fields: PushFields;
  /** False when the app has no server URL or every attempt failed. */
  delivered: boolean;
  attempts: PushAttempt[];
  reply: PushFields | null;
}

/** Sets a URL's query parameters (keeping those it has). */
function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

async function attemptPush(
  context: SimContext,
  state: MpState,
  app: SimApp & { serverUrl: string },
  xml: string,
  openId: string,
  attempt: number,
): Promise<PushAttempt> {
  const timestamp = String(context.clock.seconds());
  const nonce = randomCode(10);
  const query: Record<string, string> = {
    signature: serverPushSignature(app.token, timestamp, nonce),
    timestamp,
    nonce,
    openid: openId,
  };
  let body = xml;
  if (app.pushMode === 'safe') {
    const encrypt = encryptPushMessage({
      encodingAESKey: app.encodingAESKey,
      appId: app.appId,
      message: xml,
    });
    body = buildPushXml({ ToUserName: originalIdOf(app), Encrypt: encrypt });
    query.encrypt_type = 'aes';
    query.msg_signature = pushMessageSignature(app.token, timestamp, nonce, encrypt);
  }
  let status: number;
  let text: string;
  try {
    const response = await fetch(withQuery(app.serverUrl, query), {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', 'user-agent': 'Mozilla/4.0' },
      body,
      signal: AbortSignal.timeout(state.push.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = errorName(error) === 'TimeoutError';
    return { attempt, ok: false, status: null, error: timedOut ? 'no answer in time' : 'not reachable' };
  }
  if (status !== 200) return { attempt, ok: false, status, error: `HTTP ${status}` };
  try {
    const reply = readPushReply({
      token: app.token,
      appId: app.appId,
      encodingAESKey: app.encodingAESKey,
      mode: app.pushMode,
      body: text,
    });
    return { attempt, ok: true, status, reply };
  } catch (error) {
    return { attempt, ok: false, status, error: `bad reply: ${(error as Error).message}` };
  }
}

/**
 * Pushes an event to the app's server URL as WeChat does: signed query (`signature, timestamp,
 * nonce, openid`, plus `encrypt_type=aes&msg_signature` and the encrypted envelope in safe mode),
 * waiting `state.push.timeoutMs` (5 s) per try, trying `state.push.attempts` (3) times in all until
 * the answer is `success`, empty, or a valid reply. Each try is recorded as an `mp.push` event.
 */
export async function deliverPush(
  context: SimContext,
  state: MpState,
  app: SimApp,
  fields: Record<string, string | number>,
): Promise<PushDelivery> {
  const xml = buildPushXml(fields);
  const textFields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const openId = textFields.FromUserName ?? '';
  const delivery: PushDelivery = {
    appId: app.appId,
    fields: textFields,
    delivered: false,
    attempts: [],
    reply: null,
  };
  const { serverUrl } = app;
  if (!serverUrl) {
    context.record('mp.push', {
      appId: app.appId,
      event: textFields.Event,
      openId,
      delivered: false,
      error: 'no serverUrl',
    });
    return delivery;
  }
  for (let attempt = 1; attempt <= state.push.attempts; attempt += 1) {
    const result = await attemptPush(context, state, { ...app, serverUrl }, xml, openId, attempt);
    delivery.attempts.push(result);
    context.record('mp.push', {
      appId: app.appId,
      event: textFields.Event,
      eventKey: textFields.EventKey,
      openId,
      attempt,
      ok: result.ok,
      status: result.status,
      ...(result.error ? { error: result.error } : {}),
      ...(result.reply ? { replyType: result.reply.MsgType, replyContent: result.reply.Content } : {}),
    });
    if (result.ok) {
      delivery.delivered = true;
      delivery.reply = result.reply ?? null;
      break;
    }
  }
  return delivery;
}

export interface ServerCheckResult {
  ok: boolean;
  status: number | null;
  error?: string;
}

/** WeChat's verification GET of the server URL: ok when the answer is `echostr`, verbatim. */
export async function checkServerUrl(
  context: SimContext,
  state: MpState,
  app: SimApp,
): Promise<ServerCheckResult> {
  if (!app.serverUrl) return { ok: false, status: null, error: 'no serverUrl' };
  const timestamp = String(context.clock.seconds());
  const nonce = randomCode(10);
  const echostr = BigInt(`0x${randomBytes(8).toString('hex')}`).toString();
  let result: ServerCheckResult;
  try {
    const response = await fetch(
      withQuery(app.serverUrl, {
        signature: serverPushSignature(app.token, timestamp, nonce),
        timestamp,
        nonce,
        echostr,
      }),
      { signal: AbortSignal.timeout(state.push.timeoutMs) },
    );
    const text = await response.text();
    result =
      response.status === 200 && text === echostr
        ? { ok: true, status: 200 }
        : { ok: false, status: response.status, error: 'the answer is not echostr' };
  } catch {
    result = { ok: false, status: null, error: 'not reachable' };
  }
  context.record('mp.server-check', { appId: app.appId, ...result });
  return result;
}
