import { RESP_CODE } from '@px/config';
import type { Context, Middleware } from 'koa';
import type { Sequelize } from 'sequelize';
import type { Providers } from '../../core/action';
import { failure } from '../../core/envelope';
import type { RequestState } from '../../core/request-context';
import { isSignInLive } from '../session/session.service';
import { StorageError } from '../storage/storage';
import {
  findRendition,
  grantedSegments,
  HLS_PATH_PREFIX,
  type HlsHolder,
  hlsSegmentKey,
  isTrialToken,
  masterPlaylist,
  mediaPlaylist,
  segmentCipherKey,
  verifyHlsToken,
} from './hls';
import { hlsResource } from './hls-resource';
import { packageOfGrant } from './retired-package';
import { createSignedPlaylistCache, type SignedPlaylistCache } from './signed-playlist-cache';
import { isLocalVideoProvider } from './video-provider';

const HLS_PATH = new RegExp(
  `^${HLS_PATH_PREFIX.replace(/\//g, '\\/')}([^/]+)\\/(master\\.m3u8|key|(sd|hd|a[0-7])\\.m3u8|(sd|hd|a[0-7])\\/(0|[1-9]\\d{0,5})\\.(ts|key))$`,
);

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

const REFUSAL_CODE = { 403: RESP_CODE.FORBIDDEN, 404: RESP_CODE.NOT_FOUND, 405: RESP_CODE.ERROR } as const;

/** Answers the envelope's error with `text` (`respCode` 403 or 404 as the HTTP status), never cached. */
function refuse(ctx: Context, status: keyof typeof REFUSAL_CODE, text: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = failure(REFUSAL_CODE[status], text);
}

/**
 * Whether a study session still holds the key of a video: null when it does, else the refusal
 * (zh-CN). The study module answers it (`studySessionKeyRefusal`); app.ts passes it in, as
 * resource sits below study.
 */
export type StudyKeyCheck = (
  sequelize: Sequelize,
  holder: Extract<HlsHolder, { kind: 'study' }>,
  resourceId: number,
) => Promise<string | null>;

/** Why the holder of a grant may no longer have the key of `resourceId`, or null when it may. */
async function keyRefusal(
  sequelize: Sequelize,
  holder: HlsHolder,
  resourceId: number,
  studyKeyRefusal: StudyKeyCheck,
): Promise<string | null> {
  if (holder.kind === 'study') return studyKeyRefusal(sequelize, holder, resourceId);
  if (holder.kind === 'staff')
    return (await isSignInLive(sequelize, holder.accountId, holder.signInId))
      ? null
      : '登录已失效，请重新登录后播放';
  // A trial: its expiry and seconds are the token's (checked before); a guest's has no more to it.
  const { signedIn } = holder;
  if (!signedIn) return null;
  return (await isSignInLive(sequelize, signedIn.accountId, signedIn.signInId)) ? null : TRIAL_SIGNED_OUT;
}

/** The refusal of a trial's key whose visitor signed out (or whose token names another's sign-in). */
export const TRIAL_SIGNED_OUT = '登录已失效，请重新打开试看';
/** The refusal of a token whose package a re-package replaced and is no longer kept. */
export const PACKAGE_GONE = '视频已更新，请刷新后重试';
/** The refusal of anything under a trial's token after its expiry. */
export const TRIAL_EXPIRED = '试看已过期，请重新打开试看';

/**
 * The local provider's HLS route (docs/video.md): under `/api/media/hls/<token>/`, signed by
 * `signHlsToken` and valid until its expiry, it answers
 * - `master.m3u8`: the renditions (SD, HD; the audio per language where the file has several);
 * - `<sd|hd|a0…a7>.m3u8`: a rendition's playlist, for a trial only the segments within its seconds;
 *   with object storage (`signedUrl`) its segments are the storage's presigned URLs, expiring with
 *   the token, so storage (or a CDN) serves them and the API only keys and playlists; such a
 *   playlist is signed once per token and rendition and handed out again until shortly before it
 *   expires (`playlists`, signed-playlist-cache.ts);
 * - `<sd|hd|a0…a7>/<n>.ts`: an encrypted segment from the file storage (past a trial's segments:
 *   403); with object storage a redirect to its presigned URL;
 * - `<sd|hd|a0…a7>/<n>.key`: the 16-byte AES-128 key of that segment (a package with
 *   `keyPerSegment`; past a trial's segments 403, so a trial holds no key of the rest), and `key`
 *   the package's one key (a package made before), each never cached and only while the token's
 *   holder holds: the student's study session still live (`studyKeyRefusal`), the previewing staff
 *   still signed in, a trial within its expiry (a signed-in visitor's also only while that sign-in
 *   lives).
 * Each answers from the package the token names (`packageOfGrant`): after a re-package, a token
 * issued before it keeps its old package (segments, keys) until it expires; one naming no package
 * gets the current one. The key's URL is relative, so it carries the token: a copied URL (or key)
 * stops working at the token's expiry. A forged or expired token or a key refused answers 403, a
 * video that is gone or not packaged 404 (a package no longer kept 404 PACKAGE_GONE), each with
 * the envelope's error. It answers only while the video provider is the local one. The video
 * (`hlsResource`) and the holder's verdict come from the process's change-feed caches when the
 * server has a feed, dropped by any instance's change (docs/video.md "Keys at scale").
 */
export function hlsRoute(
  sequelize: Sequelize,
  providers: Pick<Providers, 'storage' | 'video'>,
  studyKeyRefusal: StudyKeyCheck,
  playlists: SignedPlaylistCache = createSignedPlaylistCache(),
): Middleware<RequestState> {
  const { storage, video } = providers;
  return async (ctx, next) => {
    const match = HLS_PATH.exec(ctx.path);
    if (!match || !isLocalVideoProvider(video)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      return refuse(ctx, 405, '不支持的请求方法');
    }
    const now = Math.floor(Date.now() / 1000);
    const token = decodeURIComponent(match[1] as string);
    const grant = verifyHlsToken(await video.mediaSecret(sequelize), token, now);
    if (grant === 'forged' || grant === 'expired') {
      ctx.state.log.info({ reason: grant, part: match[2] }, 'refused an HLS token');
      if (grant === 'forged') return refuse(ctx, 403, '播放地址无效');
      return refuse(ctx, 403, isTrialToken(token) ? TRIAL_EXPIRED : '播放地址已过期，请刷新后重试');
    }
    const resource = await hlsResource(sequelize, grant.resourceId);
    if (resource?.status !== 'READY' || !resource.hls || !resource.hlsKey)
      return refuse(ctx, 404, '视频不存在');
    // The package the token was issued for, kept after a re-package until such tokens expire.
    const granted = packageOfGrant(resource, grant.packageId);
    if (!granted) return refuse(ctx, 404, PACKAGE_GONE);
    const { pkg, secret } = granted;
    const maxAge = Math.max(0, grant.expiresAt - now);
    const part = match[2] as string;

    /** Answers a key (never cached) while the token's holder holds, else the refusal. */
    const serveKey = async (key: Buffer) => {
      const refusal = await keyRefusal(sequelize, grant.holder, resource.id, studyKeyRefusal);
      if (refusal) {
        ctx.state.log.info({ holder: grant.holder.kind, resourceId: resource.id }, 'refused an HLS key');
        return refuse(ctx, 403, refusal);
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/octet-stream';
      ctx.body = key;
    };
    if (part === 'key') {
      // The package's one key: a package with a key per segment has none to serve, and a trial
      // never gets it (it opens the whole video; such a package's trial plays the original's bytes).
      if (pkg.keyPerSegment) return refuse(ctx, 404, '密钥不存在');
      if (grant.holder.kind === 'trial') return refuse(ctx, 403, TRIAL_EXPIRED);
      return serveKey(secret);
    }
    if (part === 'master.m3u8') {
      ctx.set('Cache-Control', `private, max-age=${maxAge}`);
      ctx.type = PLAYLIST_TYPE;
      ctx.body = masterPlaylist(pkg);
      return;
    }
    const rendition = findRendition(pkg, (match[3] ?? match[4]) as string);
    if (!rendition) return refuse(ctx, 404, '该清晰度或音轨不存在');
    const { signedUrl } = storage;
    // Presigned to end with the token (a whole second or more: the store counts seconds).
    const presign = signedUrl && ((key: string) => signedUrl.call(storage, key, Math.max(1, maxAge)));
    if (match[3]) {
      const granted = grantedSegments(rendition, grant.trialSeconds);
      const signed = async (sign: (key: string) => Promise<string>) => {
        const urls = await Promise.all(
          Array.from({ length: granted }, (_, index) =>
            sign(hlsSegmentKey(resource, pkg, rendition.name, index)),
          ),
        );
        return mediaPlaylist(pkg, rendition, grant.trialSeconds, urls);
      };
      ctx.set('Cache-Control', `private, max-age=${maxAge}`);
      ctx.type = PLAYLIST_TYPE;
      // The token names the grant (video, holder, expiry, trial); the package id a repackaging.
      ctx.body = presign
        ? await playlists.get(`${token}/${pkg.id}/${rendition.name}`, grant.expiresAt, now, () =>
            signed(presign),
          )
        : mediaPlaylist(pkg, rendition, grant.trialSeconds);
      return;
    }
    const index = Number(match[5]);
    if (index >= grantedSegments(rendition, grant.trialSeconds)) {
      if (index < rendition.segments.length) return refuse(ctx, 403, '试看已结束');
      return refuse(ctx, 404, '分片不存在');
    }
    if (match[6] === 'key') {
      // A segment's own key: a trial's grant reaches only its segments' keys (above).
      if (!pkg.keyPerSegment) return refuse(ctx, 404, '密钥不存在');
      return serveKey(segmentCipherKey(secret, rendition.name, index));
    }
    const key = hlsSegmentKey(resource, pkg, rendition.name, index);
    if (presign) {
      // Object storage serves segments; a segment URL of the API only points there.
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(await presign(key));
      return;
    }
    const stored = await storage.stat(key);
    if (!stored) {
      ctx.state.log.error({ resourceId: resource.id, index }, 'an HLS segment is missing from storage');
      return refuse(ctx, 404, '分片不存在');
    }
    // Encrypted and named by a signed, expiring URL: a CDN may keep it until the URL expires.
    ctx.set('Cache-Control', `public, max-age=${maxAge}, immutable`);
    ctx.type = 'video/mp2t';
    if (ctx.method === 'GET') {
      try {
        ctx.body = await storage.get(key);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        return refuse(ctx, 404, '分片不存在');
      }
    }
    ctx.length = stored.size;
  };
}
