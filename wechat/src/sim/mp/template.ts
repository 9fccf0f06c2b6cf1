import { jsonBody } from '../http';
import type { SimContext } from '../server';
import { followKey, MP_ERRORS, type MpState, wxError } from './state';
import { authenticate } from './tokens';

/** A template message the simulator accepted (WeChat would now show it in the user's chat). */
export interface TemplateMessageRecord {
  msgId: number;
  appId: string;
  openId: string;
  /** The test user's nickname. */
  nickname: string;
  templateId: string;
  url: string | null;
  data: Record<string, { value: string; color?: string }>;
  /** Milliseconds since the epoch (the simulator's clock). */
  sentAt: number;
}

/** WeChat's template ids: letters, digits, `-` and `_` (43 characters in practice), at most 64 here. */
const TEMPLATE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** WeChat cuts a field's value at 200 characters; longer is a data format error here. */
const MAX_VALUE = 200;

function validData(data: unknown): data is TemplateMessageRecord['data'] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0) return false;
  return entries.every(
    ([key, field]) =>
      /^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(key) &&
      typeof field === 'object' &&
      field !== null &&
      typeof (field as { value?: unknown }).value === 'string' &&
      (field as { value: string }).value.length <= MAX_VALUE,
  );
}

/**
 * `POST /cgi-bin/message/template/send?access_token`: `{ touser, template_id, url?, data }` as
 * WeChat takes it. 40003 for an openid that is not one of this app's users, 43004 for a user who
 * does not follow the account (WeChat sends template messages to followers only), 40037 for a
 * template id that is not one, 47001 for data that is not `{ name: { value } }`. Accepted messages
 * are kept (`messages`) and listed at `GET /__sim/mp/template-messages?appId=&openId=`.
 */
export function installTemplateRoutes(context: SimContext, state: MpState): void {
  const messages = state.templateMessages;
  let nextId = 1_000_000_000;
  context.route('POST', '/cgi-bin/message/template/send', (request) => {
    const auth = authenticate(context, state, request);
    if (!auth.app) return auth.response;
    const body = jsonBody(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return wxError(MP_ERRORS.DATA_FORMAT_ERROR);
    }
    const { touser, template_id: templateId, url, data } = body as Record<string, unknown>;
    if (typeof touser !== 'string' || !touser) return wxError(MP_ERRORS.OPENID_MISSING);
    const user = context.registry.userByOpenId(auth.app.appId, touser);
    if (!user) return wxError(MP_ERRORS.INVALID_OPENID);
    if (typeof templateId !== 'string' || !TEMPLATE_ID.test(templateId)) {
      return wxError(MP_ERRORS.INVALID_TEMPLATE_ID);
    }
    if (url !== undefined && typeof url !== 'string') return wxError(MP_ERRORS.DATA_FORMAT_ERROR);
    if (!validData(data)) return wxError(MP_ERRORS.DATA_FORMAT_ERROR);
    if (!state.follows.get(followKey(auth.app.appId, user.key))?.subscribed) {
      return wxError(MP_ERRORS.REQUIRE_SUBSCRIBE);
    }
    nextId += 1;
    const record: TemplateMessageRecord = {
      msgId: nextId,
      appId: auth.app.appId,
      openId: touser,
      nickname: user.nickname,
      templateId,
      url: typeof url === 'string' && url ? url : null,
      data,
      sentAt: context.clock.now(),
    };
    messages.push(record);
    context.record('mp.template-message', { appId: record.appId, openId: touser, msgId: record.msgId });
    return { body: { errcode: 0, errmsg: 'ok', msgid: record.msgId } };
  });
  context.route('GET', '/__sim/mp/template-messages', (request) => {
    const appId = request.query.get('appId');
    const openId = request.query.get('openId');
    return {
      body: messages.filter(
        (message) => (!appId || message.appId === appId) && (!openId || message.openId === openId),
      ),
    };
  });
}
