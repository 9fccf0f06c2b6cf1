import type { Env } from '../../env';
import type { VideoLimits } from '../resource/resource.settings';
import {
  CloudVideoError,
  type CloudVideoService,
  type LocalVideoProvider,
  type PlayableVideo,
  PlayUnavailableError,
  type VideoPlayGrant,
  type VideoProvider,
} from '../resource/video-provider';
import { type FileStorage, StorageError } from '../storage/storage';
import {
  createVodClient,
  VOD_FILE_NOT_FOUND,
  VOD_UNREACHABLE_CODES,
  type VodClient,
  VodError,
} from './vod.client';

/**
 * The cloud VOD provider (Tencent Cloud VOD, docs/vod.md) behind the VideoProvider interface. A video
 * kept there has the storage key `vod:<FileId>` (set at upload when the project's 视频服务 setting is
 * 云点播); the play grant is a psign (the `token`, for the VOD player SDK with `player.appId` and
 * `player.fileId`) and, fetched with it from the play-info service, the signed media URL (the `url`,
 * for a plain `<video>`). A trial's psign carries `urlAccessInfo.exper`, and the URL serves only
 * those seconds.
 */

declare module '../../core/action' {
  interface Providers {
    /** Tencent Cloud VOD (or its simulator), when configured; null otherwise. */
    vod: VodClient | null;
  }
}

export const VOD_KEY_PREFIX = 'vod:';
export const VOD_PROVIDER_NAME = 'tencent-vod';

/** The storage key of a video kept by the cloud VOD service. */
export const vodStorageKey = (fileId: string) => `${VOD_KEY_PREFIX}${fileId}`;

/** The VOD FileId of a video kept there, else null. */
export const vodFileIdOf = (video: Pick<PlayableVideo, 'storageKey'>): string | null =>
  video.storageKey.startsWith(VOD_KEY_PREFIX) ? video.storageKey.slice(VOD_KEY_PREFIX.length) : null;

/** A grant of the cloud VOD: a psign and the play info's signed URL (the player's appId and fileId). */
export interface VodPlayGrant extends VideoPlayGrant {
  player: { appId: number; fileId: string };
}

/** The provider playing videos kept by the cloud VOD service. */
export function createVodVideoProvider(client: VodClient, limits: VideoLimits): VideoProvider {
  const grant = async (
    video: PlayableVideo,
    ttlSeconds: number,
    now: Date,
    trialSeconds?: number,
  ): Promise<VodPlayGrant> => {
    const fileId = vodFileIdOf(video);
    if (!fileId) throw new PlayUnavailableError(video.id, new Error('not a cloud VOD video'));
    const signed = client.signPlay(fileId, ttlSeconds, trialSeconds, now);
    let url: string;
    try {
      url = (await client.playInfo(fileId, signed.psign)).url;
    } catch (error) {
      if (!(error instanceof VodError)) throw error;
      throw new PlayUnavailableError(video.id, error, {
        provider: VOD_PROVIDER_NAME,
        code: error.code,
        reason: error.reason,
        requestId: error.requestId,
        unreachable: VOD_UNREACHABLE_CODES.has(error.code),
      });
    }
    return {
      provider: VOD_PROVIDER_NAME,
      url,
      token: signed.psign,
      expiresAt: signed.expiresAt,
      player: { appId: signed.appId, fileId },
    };
  };
  return {
    name: VOD_PROVIDER_NAME,
    limits,
    authorizePlay: (_scope, video, _viewer, ttlSeconds, now = new Date()) => grant(video, ttlSeconds, now),
    authorizeTrial: (_scope, video, _viewer, seconds, ttlSeconds, now = new Date()) =>
      grant(video, ttlSeconds, now, seconds),
  };
}

/**
 * The local provider that also plays videos kept by the cloud VOD service: a video whose storage key
 * is `vod:<FileId>` is granted by the cloud provider, every other by the local one (so videos
 * uploaded before a project switched keep playing where they are); the original of a cloud video
 * (staff download) is its play URL, the file as uploaded. Throws PlayUnavailableError for a cloud
 * video when no VOD service is configured.
 */
export function withCloudVod(local: LocalVideoProvider, client: VodClient | null): LocalVideoProvider {
  const cloud = client ? createVodVideoProvider(client, local.limits) : null;
  const pick = (video: PlayableVideo): VideoProvider => {
    if (!vodFileIdOf(video)) return local;
    if (!cloud) throw new PlayUnavailableError(video.id, new Error('cloud VOD is not configured'));
    return cloud;
  };
  return {
    ...local,
    authorizePlay: async (scope, video, viewer, ttlSeconds, now) =>
      pick(video).authorizePlay(scope, video, viewer, ttlSeconds, now),
    authorizeTrial: async (scope, video, viewer, seconds, ttlSeconds, now) =>
      pick(video).authorizeTrial(scope, video, viewer, seconds, ttlSeconds, now),
    // The VOD service plays the original file itself: staff download that (下载). Its grants bind
    // no key to a viewer (only the local provider's HLS does), so none is named.
    authorizeOriginal: async (scope, video, ttlSeconds, now) =>
      vodFileIdOf(video)
        ? pick(video).authorizePlay(
            scope,
            video,
            { kind: 'staff', accountId: 0, signInId: '0' },
            ttlSeconds,
            now,
          )
        : local.authorizeOriginal(scope, video, ttlSeconds, now),
  };
}

/** Simulator mode: the VOD simulator's address and credentials. */
export interface VodSimulatorSettings {
  url: string;
  appId: number;
  secretId: string;
  secretKey: string;
  playKey: string;
}

/** The VOD client the environment asks for: the simulator's, the live one when VOD_* are set, else none. */
export function vodClientFromEnv(
  env: Pick<
    Env,
    | 'VOD_API_BASE'
    | 'VOD_PLAY_BASE'
    | 'VOD_COS_BASE'
    | 'VOD_APP_ID'
    | 'VOD_SECRET_ID'
    | 'VOD_SECRET_KEY'
    | 'VOD_PLAY_KEY'
    | 'VOD_TIMEOUT_MS'
  > &
    Partial<Pick<Env, 'VOD_UPLOAD_PART_MB'>>,
  simulator: VodSimulatorSettings | undefined,
  fetch?: (input: string, init?: RequestInit) => Promise<Response>,
): VodClient | null {
  const partSize = env.VOD_UPLOAD_PART_MB ? { partSize: env.VOD_UPLOAD_PART_MB * 1024 ** 2 } : {};
  if (simulator)
    return createVodClient({
      apiBase: simulator.url,
      playBase: simulator.url,
      cosBase: simulator.url,
      appId: simulator.appId,
      secretId: simulator.secretId,
      secretKey: simulator.secretKey,
      playKey: simulator.playKey,
      simulated: true,
      timeoutMs: env.VOD_TIMEOUT_MS,
      ...partSize,
      ...(fetch ? { fetch } : {}),
    });
  if (!env.VOD_APP_ID || !env.VOD_SECRET_ID || !env.VOD_SECRET_KEY || !env.VOD_PLAY_KEY) return null;
  return createVodClient({
    apiBase: env.VOD_API_BASE,
    playBase: env.VOD_PLAY_BASE,
    cosBase: env.VOD_COS_BASE ?? null,
    appId: env.VOD_APP_ID,
    secretId: env.VOD_SECRET_ID,
    secretKey: env.VOD_SECRET_KEY,
    playKey: env.VOD_PLAY_KEY,
    simulated: false,
    timeoutMs: env.VOD_TIMEOUT_MS,
    ...partSize,
    ...(fetch ? { fetch } : {}),
  });
}

/**
 * Hands a stored video to the cloud VOD service (the upload path of a project whose 视频服务 is
 * 云点播), streaming it from the storage (in parts above the client's part size), and answers its storage key `vod:<FileId>`. Throws VodError
 * when the service refuses, StorageError when the stored file is missing.
 */
export async function moveToVod(
  client: VodClient,
  storage: FileStorage,
  key: string,
  media: { name: string; type: string },
): Promise<string> {
  const stored = await storage.stat(key);
  if (!stored) throw new StorageError('not-found', 'no stored file to move to the cloud VOD service');
  // Streamed from the storage: whole for one PUT, a range per part of a multipart upload.
  const { fileId } = await client.upload({
    size: stored.size,
    ...media,
    open: (range) => storage.get(key, range),
  });
  return vodStorageKey(fileId);
}

/** The resource module's cloud VOD service (providers.cloudVideo) through a Tencent Cloud VOD client. */
export function vodCloudVideo(client: VodClient): CloudVideoService {
  const refused = (error: unknown) =>
    error instanceof VodError ? new CloudVideoError(error.code, error.message) : error;
  return {
    async upload(storage, key, media) {
      try {
        return await moveToVod(client, storage, key, media);
      } catch (error) {
        throw refused(error);
      }
    },
    keeps: (storageKey) => storageKey.startsWith(VOD_KEY_PREFIX),
    async delete(storageKey) {
      const fileId = vodFileIdOf({ storageKey });
      if (!fileId) throw new CloudVideoError('NotVod', `not a cloud VOD video: ${storageKey}`);
      try {
        await client.deleteMedia(fileId);
      } catch (error) {
        // Gone already (deleted twice, or in the console): what was asked is done.
        if (error instanceof VodError && error.code === VOD_FILE_NOT_FOUND) return;
        throw refused(error);
      }
    },
  };
}
