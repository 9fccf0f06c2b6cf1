import type { Context, Middleware } from 'koa';
import type { Sequelize } from 'sequelize';
import type { Providers } from '../../core/action';
import type { RequestState } from '../../core/request-context';
import { StorageError } from '../storage/storage';
import {
  findRendition,
  grantedSegments,
  HLS_PATH_PREFIX,
  hlsSegmentKey,
  masterPlaylist,
  mediaPlaylist,
  verifyHlsToken,
} from './hls';
import { Resource } from './resource.model';
import { isLocalVideoProvider } from './video-provider';

const HLS_PATH = new RegExp(
  `^${HLS_PATH_PREFIX.replace(/\//g, '\\/')}([^/]+)\\/(master\\.m3u8|key|(sd|hd|a[0-7])\\.m3u8|(sd|hd|a[0-7])\\/(0|[1-9]\\d{0,5})\\.ts)$`,
);

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

function refuse(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = text;
}

/**
 * The local provider's HLS route (docs/video.md): under `/api/media/hls/<token>/`, signed by
 * `signHlsToken` and valid until its expiry, it answers
 * - `master.m3u8`: the renditions (SD, HD; the audio per language where the file has several);
 * - `<sd|hd|a0…a7>.m3u8`: a rendition's playlist, for a trial only the segments within its seconds;
 * - `<sd|hd|a0…a7>/<n>.ts`: an encrypted segment from the file storage (past a trial's segments: 403);
 * - `key`: the 16-byte AES-128 key, never cached.
 * Every URL a playlist names is relative, so it carries the same token: a copied URL (or key) stops
 * working at the token's expiry. A forged or expired token answers 403, a video that is gone or not
 * packaged 404. It answers only while the video provider is the local one.
 */
export function hlsRoute(
  sequelize: Sequelize,
  providers: Pick<Providers, 'storage' | 'video'>,
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
    const grant = verifyHlsToken(
      await video.mediaSecret(sequelize),
      decodeURIComponent(match[1] as string),
      now,
    );
    if (grant === 'forged' || grant === 'expired') {
      ctx.state.log.info({ reason: grant, part: match[2] }, 'refused an HLS token');
      return refuse(ctx, 403, grant === 'expired' ? '播放地址已过期，请刷新后重试' : '播放地址无效');
    }
    const resource = await Resource.findOne({ where: { id: grant.resourceId }, allTenants: true });
    const pkg = resource?.hls;
    if (resource?.status !== 'READY' || !pkg || !resource.hlsKey) return refuse(ctx, 404, '视频不存在');
    const maxAge = Math.max(0, grant.expiresAt - now);
    const part = match[2] as string;

    if (part === 'key') {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/octet-stream';
      ctx.body = Buffer.from(resource.hlsKey);
      return;
    }
    if (part === 'master.m3u8') {
      ctx.set('Cache-Control', `private, max-age=${maxAge}`);
      ctx.type = PLAYLIST_TYPE;
      ctx.body = masterPlaylist(pkg);
      return;
    }
    const rendition = findRendition(pkg, (match[3] ?? match[4]) as string);
    if (!rendition) return refuse(ctx, 404, '该清晰度或音轨不存在');
    if (match[3]) {
      ctx.set('Cache-Control', `private, max-age=${maxAge}`);
      ctx.type = PLAYLIST_TYPE;
      ctx.body = mediaPlaylist(pkg, rendition, grant.trialSeconds);
      return;
    }
    const index = Number(match[5]);
    if (index >= grantedSegments(rendition, grant.trialSeconds)) {
      if (index < rendition.segments.length) return refuse(ctx, 403, '试看已结束');
      return refuse(ctx, 404, '分片不存在');
    }
    const key = hlsSegmentKey(resource, pkg, rendition.name, index);
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
