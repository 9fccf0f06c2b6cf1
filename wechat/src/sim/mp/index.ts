import { formBody, jsonBody, type SimRequest, type SimResponse } from '../http';
import type { SimApp, SimRegistry } from '../registry';
import type { SimContext, SimModule } from '../server';
import {
  type FollowChange,
  followApp,
  installUserRoutes,
  isFollowing,
  MpActionError,
  scanQrCode,
  unfollowApp,
} from './follow';
import { installOAuthRoutes } from './oauth';
import { avatarSvg, mpIndexSection, qrCodePage, resultPage } from './pages';
import { checkServerUrl, type ServerCheckResult } from './push';
import { installQrCodeRoutes, qrCodeAlive } from './qrcode';
import { createMpState, type MpState, type QrCodeRecord } from './state';
import { installTemplateRoutes, type TemplateMessageRecord } from './template';
import { installTokenRoutes } from './tokens';

export type { FollowChange } from './follow';
export { MpActionError } from './follow';
export type { PushAttempt, PushDelivery, ServerCheckResult } from './push';
export type { QrCodeRecord } from './state';
export { MP_ERRORS, MP_TIMES, originalIdOf } from './state';
export type { TemplateMessageRecord } from './template';

/** What in-process tests (and the bridge) drive the official-account simulator with. */
export interface MpSimulator {
  /** The user scans a QR code (follow + `subscribe`, or `SCAN`). Throws MpActionError. */
  scan(ticket: string, userKey: string): Promise<FollowChange>;
  /** The user follows without a code (`subscribe`, empty EventKey). Throws MpActionError. */
  follow(appId: string, userKey: string): Promise<FollowChange>;
  /** The user unfollows (`unsubscribe`). Throws MpActionError. */
  unfollow(appId: string, userKey: string): Promise<FollowChange>;
  isFollowing(appId: string, userKey: string): boolean;
  /** Sets (or clears) where the app's events are pushed, and optionally the push mode. */
  setServerUrl(appId: string, serverUrl: string | null, pushMode?: SimApp['pushMode']): void;
  /** WeChat's verification GET of the app's server URL. */
  checkServer(appId: string): Promise<ServerCheckResult>;
  /** QR codes created so far (newest last), optionally of one app and still alive only. */
  qrCodes(filter?: { appId?: string; aliveOnly?: boolean }): QrCodeRecord[];
  /** The JS-SDK tickets of an app WeChat would still accept at `now` (the bridge checks wx.config with them). */
  jsApiTickets(appId: string, now?: number): string[];
  /** Template messages accepted so far (oldest first), optionally of one app. */
  templateMessages(appId?: string): TemplateMessageRecord[];
  /** Push timing: per-try timeout (5 s) and tries in all (3). */
  configurePush(options: { timeoutMs?: number; attempts?: number }): void;
}

const simulators = new WeakMap<SimRegistry, MpSimulator>();

/**
 * The official-account controls of a simulator (or of a module's context). Throws when the
 * simulator was built without `mpModule`.
 */
export function mpSimulator(sim: Pick<SimContext, 'registry'>): MpSimulator {
  const found = simulators.get(sim.registry);
  if (!found) throw new Error('this simulator has no official-account module (mpModule)');
  return found;
}

function hookInput(request: SimRequest): { values: Record<string, string>; fromForm: boolean } {
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    return { values: Object.fromEntries(formBody(request)), fromForm: true };
  }
  const body = jsonBody(request);
  const values: Record<string, string> = {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
    }
  }
  return { values, fromForm: false };
}

const EVENT_NAMES = { subscribe: '关注', SCAN: '扫码', unsubscribe: '取消关注' } as const;

function changeAnswer(change: FollowChange, fromForm: boolean, title: string): SimResponse {
  if (!fromForm) return { body: change };
  const lines = [
    change.event ? `已推送事件 ${change.event}（${EVENT_NAMES[change.event]}）` : '状态未变化，没有推送事件',
  ];
  if (change.delivery) {
    const last = change.delivery.attempts.at(-1);
    if (!change.delivery.attempts.length) lines.push('公众号未设置服务器地址，事件未发送');
    else if (change.delivery.delivered) lines.push(`服务器已接收（第 ${last?.attempt} 次推送）`);
    else lines.push(`推送失败：${last?.error ?? ''}`);
  }
  return resultPage(title, lines, 200, change.delivery?.reply?.Content);
}

async function runAction(
  fromForm: boolean,
  title: string,
  action: () => Promise<FollowChange>,
): Promise<SimResponse> {
  try {
    return changeAnswer(await action(), fromForm, title);
  } catch (error) {
    if (!(error instanceof MpActionError)) throw error;
    return fromForm
      ? resultPage(title, [error.message], error.status)
      : { status: error.status, body: { error: error.message } };
  }
}

function installHooks(context: SimContext, state: MpState, controls: MpSimulator): void {
  context.route('POST', '/__sim/mp/scan', async (request) => {
    const { values, fromForm } = hookInput(request);
    return runAction(fromForm, '扫码', () => controls.scan(values.ticket ?? '', values.user ?? ''));
  });
  context.route('POST', '/__sim/mp/follow', async (request) => {
    const { values, fromForm } = hookInput(request);
    return runAction(fromForm, '关注公众号', () => controls.follow(values.appId ?? '', values.user ?? ''));
  });
  context.route('POST', '/__sim/mp/unfollow', async (request) => {
    const { values, fromForm } = hookInput(request);
    return runAction(fromForm, '取消关注', () => controls.unfollow(values.appId ?? '', values.user ?? ''));
  });
  context.route('POST', '/__sim/mp/apps/:appId', (request) => {
    const { values } = hookInput(request);
    const appId = request.params.appId ?? '';
    if (!context.registry.app(appId)) return { status: 404, body: { error: `unknown app ${appId}` } };
    const pushMode = values.pushMode;
    if (pushMode !== undefined && pushMode !== 'plain' && pushMode !== 'safe') {
      return { status: 400, body: { error: 'pushMode must be plain or safe' } };
    }
    const serverUrl = values.serverUrl ?? '';
    if (serverUrl) {
      try {
        const parsed = new URL(serverUrl);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
      } catch {
        return { status: 400, body: { error: 'serverUrl must be an http(s) URL' } };
      }
    }
    controls.setServerUrl(appId, serverUrl || null, pushMode);
    return { status: 204 };
  });
  context.route('GET', '/__sim/mp/server-check/:appId', async (request) => {
    const appId = request.params.appId ?? '';
    if (!context.registry.app(appId)) return { status: 404, body: { error: `unknown app ${appId}` } };
    return { body: await controls.checkServer(appId) };
  });
  context.route('GET', '/__sim/mp/qr-codes', (request) => {
    const appId = request.query.get('appId') ?? undefined;
    return { body: controls.qrCodes({ ...(appId ? { appId } : {}), aliveOnly: true }) };
  });
  context.route('GET', '/__sim/mp/avatar/:user', (request) => {
    const user = context.registry.user(request.params.user ?? '');
    if (!user) return { status: 404 };
    return { headers: { 'content-type': 'image/svg+xml' }, body: avatarSvg(user.nickname) };
  });
  context.route('GET', '/__sim/qr/:ticket', (request) => {
    const record = state.qrCodes.get(request.params.ticket ?? '');
    return record ? qrCodePage(context, record) : resultPage('扫描二维码', ['未知的二维码'], 404);
  });
  // The URL a QR code encodes (WeChat's is weixin.qq.com/q/<code>): the same person page.
  context.route('GET', '/q/:code', (request) => {
    const record = [...state.qrCodes.values()].find((q) => q.code === request.params.code);
    return record ? qrCodePage(context, record) : resultPage('扫描二维码', ['未知的二维码'], 404);
  });
}

/**
 * The official account, web OAuth and server push, as WeChat plays them: tokens, JS-SDK tickets,
 * parametric QR codes, follow state, the consent page, pushes to the app's server URL; plus hooks
 * under `/__sim/mp/` and person pages (consent, QR codes with "scan as" buttons).
 */
export const mpModule: SimModule = (context) => {
  const state = createMpState();
  const controls: MpSimulator = {
    templateMessages: (appId) =>
      state.templateMessages.filter((message) => !appId || message.appId === appId),
    scan: (ticket, userKey) => scanQrCode(context, state, ticket, userKey),
    follow: (appId, userKey) => followApp(context, state, appId, userKey),
    unfollow: (appId, userKey) => unfollowApp(context, state, appId, userKey),
    isFollowing: (appId, userKey) => isFollowing(state, appId, userKey),
    setServerUrl(appId, serverUrl, pushMode) {
      const app = context.registry.app(appId);
      if (!app) throw new MpActionError(404, `未知的公众号 ${appId}`);
      if (serverUrl) app.serverUrl = serverUrl;
      else delete app.serverUrl;
      if (pushMode) app.pushMode = pushMode;
      context.record('mp.server-url', { appId, serverUrl, pushMode: app.pushMode });
    },
    checkServer(appId) {
      const app = context.registry.app(appId);
      if (!app) throw new MpActionError(404, `未知的公众号 ${appId}`);
      return checkServerUrl(context, state, app);
    },
    qrCodes(filter = {}) {
      const now = context.clock.now();
      return [...state.qrCodes.values()].filter(
        (q) => (!filter.appId || q.appId === filter.appId) && (!filter.aliveOnly || qrCodeAlive(q, now)),
      );
    },
    jsApiTickets(appId, now = context.clock.now()) {
      return [...state.tickets.values()]
        .filter((t) => t.appId === appId && now < t.expiresAt)
        .map((t) => t.ticket);
    },
    configurePush(options) {
      if (options.timeoutMs !== undefined) {
        if (!(options.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
        state.push.timeoutMs = options.timeoutMs;
      }
      if (options.attempts !== undefined) {
        if (!Number.isInteger(options.attempts) || options.attempts < 1) {
          throw new RangeError('attempts must be a positive integer');
        }
        state.push.attempts = options.attempts;
      }
    },
  };
  simulators.set(context.registry, controls);
  installTokenRoutes(context, state);
  installQrCodeRoutes(context, state);
  installUserRoutes(context, state);
  installOAuthRoutes(context, state);
  installTemplateRoutes(context, state);
  installHooks(context, state, controls);
  context.indexSection(() => mpIndexSection(context, state));
};
