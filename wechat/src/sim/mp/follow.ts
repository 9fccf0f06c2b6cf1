import type { SimApp, SimUser } from '../registry';
import { openIdOf, unionIdOf } from '../registry';
import type { SimContext } from '../server';
import { deliverPush, type PushDelivery } from './push';
import { qrCodeAlive, qrSceneOf } from './qrcode';
import { followKey, MP_ERRORS, type MpState, originalIdOf, wxError } from './state';
import { authenticate } from './tokens';

/** A person-side action the simulator cannot do (unknown user, expired code...). */
export class MpActionError extends Error {
  override readonly name = 'MpActionError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FollowChange {
  appId: string;
  openId: string;
  /** The event pushed (subscribe, SCAN, unsubscribe), or null when nothing changed. */
  event: 'subscribe' | 'SCAN' | 'unsubscribe' | null;
  delivery: PushDelivery | null;
}

function requireApp(context: SimContext, appId: string): SimApp {
  const app = context.registry.app(appId);
  if (!app) throw new MpActionError(404, `未知的公众号 ${appId}`);
  return app;
}

function requireUser(context: SimContext, userKey: string): SimUser {
  const user = context.registry.user(userKey);
  if (!user) throw new MpActionError(400, `未知的测试用户 ${userKey}`);
  return user;
}

/** Whether a test user follows an app. */
export function isFollowing(state: MpState, appId: string, userKey: string): boolean {
  return state.follows.get(followKey(appId, userKey))?.subscribed === true;
}

/** Records that the user follows the app from now on, come by `subscribeScene` (with the code's scene). */
function follow(
  context: SimContext,
  state: MpState,
  app: SimApp,
  user: SimUser,
  subscribeScene: string,
  code: { sceneId: number | null; sceneStr: string | null } = { sceneId: null, sceneStr: null },
): void {
  state.follows.set(followKey(app.appId, user.key), {
    subscribed: true,
    subscribeTime: context.clock.seconds(),
    subscribeScene,
    qrScene: code.sceneId ?? 0,
    qrSceneStr: code.sceneStr ?? '',
  });
}

/** Pushes a follow event of the user (`openId`) to the app; answers the change it makes. */
async function pushEvent(
  context: SimContext,
  state: MpState,
  app: SimApp,
  openId: string,
  event: 'subscribe' | 'SCAN' | 'unsubscribe',
  extra: Record<string, string>,
): Promise<FollowChange> {
  const fields = {
    ToUserName: originalIdOf(app),
    FromUserName: openId,
    CreateTime: context.clock.seconds(),
    MsgType: 'event',
    Event: event,
    ...extra,
  };
  return { appId: app.appId, openId, event, delivery: await deliverPush(context, state, app, fields) };
}

/**
 * The user scans a parametric QR code: a new follower follows (subscribe_scene
 * ADD_SCENE_QR_CODE, the code's scene remembered) and `subscribe` is pushed with
 * `EventKey=qrscene_<scene>` and Ticket; a follower makes WeChat push `SCAN` with
 * `EventKey=<scene>`. Throws MpActionError for an unknown or expired code or user.
 */
export async function scanQrCode(
  context: SimContext,
  state: MpState,
  ticket: string,
  userKey: string,
): Promise<FollowChange> {
  const code = state.qrCodes.get(ticket);
  if (!code) throw new MpActionError(404, '未知的二维码');
  if (!qrCodeAlive(code, context.clock.now())) throw new MpActionError(410, '二维码已过期');
  const user = requireUser(context, userKey);
  const app = requireApp(context, code.appId);
  const openId = openIdOf(app.appId, user.key);
  const scene = qrSceneOf(code);
  context.record('mp.scan', { appId: app.appId, user: user.key, scene });
  if (isFollowing(state, app.appId, user.key))
    return pushEvent(context, state, app, openId, 'SCAN', { EventKey: scene, Ticket: ticket });
  follow(context, state, app, user, 'ADD_SCENE_QR_CODE', code);
  return pushEvent(context, state, app, openId, 'subscribe', {
    EventKey: `qrscene_${scene}`,
    Ticket: ticket,
  });
}

/**
 * The user follows the app without a code (search): pushes `subscribe` with an empty EventKey.
 * Nothing happens when already following. Throws MpActionError for an unknown app or user.
 */
export async function followApp(
  context: SimContext,
  state: MpState,
  appId: string,
  userKey: string,
): Promise<FollowChange> {
  const app = requireApp(context, appId);
  const user = requireUser(context, userKey);
  const openId = openIdOf(app.appId, user.key);
  if (isFollowing(state, app.appId, user.key)) return { appId, openId, event: null, delivery: null };
  follow(context, state, app, user, 'ADD_SCENE_SEARCH');
  return pushEvent(context, state, app, openId, 'subscribe', { EventKey: '' });
}

/** The user unfollows: pushes `unsubscribe`. Nothing happens when not following. */
export async function unfollowApp(
  context: SimContext,
  state: MpState,
  appId: string,
  userKey: string,
): Promise<FollowChange> {
  const app = requireApp(context, appId);
  const user = requireUser(context, userKey);
  const openId = openIdOf(app.appId, user.key);
  if (!isFollowing(state, app.appId, user.key)) return { appId, openId, event: null, delivery: null };
  state.follows.delete(followKey(app.appId, user.key));
  return pushEvent(context, state, app, openId, 'unsubscribe', { EventKey: '' });
}

/**
 * `GET /cgi-bin/user/info?access_token&openid&lang`: 41009 without openid, 40003 for an openid
 * that is not one of this app's users. Like WeChat since 2021, no nickname or avatar.
 */
export function installUserRoutes(context: SimContext, state: MpState): void {
  context.route('GET', '/cgi-bin/user/info', (request) => {
    const auth = authenticate(context, state, request);
    if (!auth.app) return auth.response;
    const openId = request.query.get('openid');
    if (!openId) return wxError(MP_ERRORS.OPENID_MISSING);
    const user = context.registry.userByOpenId(auth.app.appId, openId);
    if (!user) return wxError(MP_ERRORS.INVALID_OPENID);
    const follow = state.follows.get(followKey(auth.app.appId, user.key));
    if (!follow?.subscribed) return { body: { subscribe: 0, openid: openId, unionid: unionIdOf(user.key) } };
    return {
      body: {
        subscribe: 1,
        openid: openId,
        language: 'zh_CN',
        subscribe_time: follow.subscribeTime,
        unionid: unionIdOf(user.key),
        remark: '',
        groupid: 0,
        tagid_list: [],
        subscribe_scene: follow.subscribeScene,
        qr_scene: follow.qrScene,
        qr_scene_str: follow.qrSceneStr,
      },
    };
  });
}
