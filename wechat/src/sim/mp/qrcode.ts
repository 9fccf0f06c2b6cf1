import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { jsonBody, type SimResponse } from '../http';
import type { SimContext } from '../server';
import { MP_ERRORS, MP_TIMES, type MpState, type QrCodeRecord, randomCode, wxError } from './state';
import { authenticate } from './tokens';

const ACTIONS = ['QR_SCENE', 'QR_STR_SCENE', 'QR_LIMIT_SCENE', 'QR_LIMIT_STR_SCENE'] as const;
const MAX_TEMPORARY_SCENE_ID = 4_294_967_295;
const MAX_PERMANENT_SCENE_ID = 100_000;

/** Whether a QR code still works at `now`. */
export function qrCodeAlive(record: QrCodeRecord, now: number): boolean {
  return record.expiresAt === null || now < record.expiresAt;
}

/** The scene of a code as pushes carry it in EventKey (`123` or `abc`). */
export function qrSceneOf(record: QrCodeRecord): string {
  return record.sceneStr ?? String(record.sceneId ?? '');
}

/** How the images are drawn: 6 px per module, 2 modules of quiet zone. */
export const QR_IMAGE_OPTIONS = { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 } as const;

const images = new WeakMap<QrCodeRecord, Promise<Buffer>>();

/** The PNG WeChat's showqrcode would serve: a real QR code of the ticket's url (drawn once). */
export function qrCodePng(record: QrCodeRecord): Promise<Buffer> {
  let image = images.get(record);
  if (!image) {
    image = QRCode.toBuffer(record.url, QR_IMAGE_OPTIONS);
    images.set(record, image);
  }
  return image;
}

/** A ticket shaped like WeChat's (base64, always with `=` padding, so it needs URL-encoding). */
function newTicket(): string {
  return `gQ${randomBytes(31).toString('base64')}`;
}

/**
 * `POST /cgi-bin/qrcode/create` (40052 unknown action_name, 40053 bad scene, 47001 not JSON;
 * temporary codes default to 30 s and are capped at 30 days; a permanent code of the same scene
 * is the same ticket) and `GET /cgi-bin/showqrcode?ticket=` (PNG; 404 unknown or expired).
 */
export function installQrCodeRoutes(context: SimContext, state: MpState): void {
  context.route('POST', '/cgi-bin/qrcode/create', (request) => {
    const auth = authenticate(context, state, request);
    if (!auth.app) return auth.response;
    const body = jsonBody(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return wxError(MP_ERRORS.DATA_FORMAT_ERROR);
    }
    const input = body as {
      action_name?: unknown;
      expire_seconds?: unknown;
      action_info?: { scene?: { scene_id?: unknown; scene_str?: unknown } };
    };
    const actionName = ACTIONS.find((a) => a === input.action_name);
    if (!actionName) return wxError(MP_ERRORS.INVALID_ACTION_NAME);
    const permanent = actionName.startsWith('QR_LIMIT_');
    const scene = input.action_info?.scene;
    let sceneId: number | null = null;
    let sceneStr: string | null = null;
    if (actionName.endsWith('STR_SCENE')) {
      const value = scene?.scene_str;
      if (typeof value !== 'string' || !value || Buffer.byteLength(value) > 64) {
        return wxError(MP_ERRORS.INVALID_ACTION_INFO);
      }
      sceneStr = value;
    } else {
      const value = Number(scene?.scene_id);
      const max = permanent ? MAX_PERMANENT_SCENE_ID : MAX_TEMPORARY_SCENE_ID;
      if (!Number.isInteger(value) || value < 1 || value > max) return wxError(MP_ERRORS.INVALID_ACTION_INFO);
      sceneId = value;
    }
    const appId = auth.app.appId;
    const now = context.clock.now();
    let expireSeconds: number | null = null;
    if (!permanent) {
      const asked = input.expire_seconds;
      if (asked === undefined) expireSeconds = MP_TIMES.defaultQrExpireSeconds;
      else if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1) {
        return wxError(MP_ERRORS.INVALID_ARGS);
      } else expireSeconds = Math.min(asked, MP_TIMES.maxQrExpireSeconds);
    } else {
      const same = [...state.qrCodes.values()].find(
        (q) =>
          q.appId === appId &&
          q.actionName === actionName &&
          q.sceneId === sceneId &&
          q.sceneStr === sceneStr,
      );
      if (same) return { body: { ticket: same.ticket, url: same.url } };
      const count = [...state.qrCodes.values()].filter(
        (q) => q.appId === appId && q.expiresAt === null,
      ).length;
      if (count >= MP_TIMES.maxPermanentQrCodes) return wxError(MP_ERRORS.QRCODE_COUNT_LIMIT);
    }
    const code = randomCode(20);
    const record: QrCodeRecord = {
      ticket: newTicket(),
      appId,
      code,
      url: `${request.origin}/q/${code}`,
      actionName,
      sceneId,
      sceneStr,
      createdAt: now,
      expiresAt: expireSeconds === null ? null : now + expireSeconds * 1000,
    };
    state.qrCodes.set(record.ticket, record);
    context.record('mp.qrcode', { appId, actionName, scene: qrSceneOf(record) });
    return {
      body:
        expireSeconds === null
          ? { ticket: record.ticket, url: record.url }
          : { ticket: record.ticket, expire_seconds: expireSeconds, url: record.url },
    };
  });

  context.route('GET', '/cgi-bin/showqrcode', async (request): Promise<SimResponse> => {
    const record = state.qrCodes.get(request.query.get('ticket') ?? '');
    if (!record || !qrCodeAlive(record, context.clock.now())) {
      return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not Found' };
    }
    return {
      headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
      body: await qrCodePng(record),
    };
  });
}
