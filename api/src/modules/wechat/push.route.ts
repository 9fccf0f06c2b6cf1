import { answerServerCheck, PushError, readPush, textReply } from '@px/wechat';
import type { Middleware, ParameterizedContext } from 'koa';
import { readRawBody } from '../../core/raw-body';
import type { RequestState } from '../../core/request-context';
import { makeScope, type ScopeBase } from '../../core/scope';
import { withBypass } from '../../db/tenant-access';
import { replyToPush } from './push.service';
import { Wxapp } from './wxapp.model';

/** Where WeChat pushes an official account's events: `/api/wechat/push/<appId>`. */
export const WECHAT_PUSH_PATH_PREFIX = '/api/wechat/push/';
const PUSH_PATH = /^\/api\/wechat\/push\/(wx[0-9a-f]{16})$/;
/** Push bodies are small XML documents. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * WeChat's server push, answered in WeChat's own format (not the envelope): the verification GET
 * answers `echostr` when signed with the account's token; an event POST is verified (plain or safe
 * mode), de-duplicated, and answered with a passive reply or `success` within WeChat's 5 seconds.
 * A bad signature is refused with 401 and changes nothing. The replies are written through a scope
 * of the process's base (its providers: the WeChat gateway's public URL).
 */
export function wechatPushRoute(base: ScopeBase): Middleware<RequestState> {
  return async (ctx, next) => {
    const match = PUSH_PATH.exec(ctx.path);
    if (!match) return next();
    // An official account may serve several projects: which one an event concerns (a unit's QR
    // code, a bound follower) is read from the event's own rows, across projects.
    return withBypass('wechat push', () => pushed(ctx, base, match[1] as string));
  };
}

/** One push of WeChat to the official account `appId`: verified, answered in WeChat's format. */
async function pushed(ctx: ParameterizedContext<RequestState>, base: ScopeBase, appId: string) {
  const wxapp = await Wxapp.findOne({ where: { appId } });
  if (wxapp?.status !== 'ENABLED') {
    ctx.status = 404;
    ctx.body = 'unknown official account';
    return;
  }
  const settings = { token: wxapp.pushToken, appId: wxapp.appId, encodingAESKey: wxapp.encodingAesKey };
  try {
    if (ctx.method === 'GET') {
      ctx.type = 'text/plain';
      ctx.body = answerServerCheck(wxapp.pushToken, ctx.query as Record<string, string>);
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      return;
    }
    const body = await readRawBody(ctx.req, MAX_BODY_BYTES);
    if (!body) {
      ctx.status = 413;
      return;
    }
    const message = readPush({ ...settings, query: ctx.query as Record<string, string>, body });
    const scope = makeScope(
      { ...base, log: ctx.state.log },
      { request: { ip: ctx.ip, host: ctx.hostname, userAgent: ctx.get('User-Agent') } },
    );
    const content = await replyToPush(scope, wxapp, message.fields);
    ctx.type = 'application/xml';
    if (content === null) {
      ctx.body = 'success';
      return;
    }
    const createTime = Math.floor(Date.now() / 1000);
    ctx.body = textReply({
      toUser: message.fields.FromUserName ?? '',
      fromUser: message.fields.ToUserName ?? '',
      content,
      createTime,
      ...(message.mode === 'safe' && wxapp.encodingAesKey
        ? {
            encryption: {
              ...settings,
              encodingAESKey: wxapp.encodingAesKey,
              timestamp: createTime,
              nonce: String(ctx.query.nonce ?? createTime),
            },
          }
        : {}),
    });
  } catch (error) {
    if (!(error instanceof PushError)) throw error;
    ctx.state.log.warn({ appId: wxapp.appId, reason: error.reason }, 'refused a WeChat push');
    ctx.status = error.reason === 'signature' ? 401 : 400;
    ctx.type = 'text/plain';
    ctx.body = 'invalid push';
  }
}
