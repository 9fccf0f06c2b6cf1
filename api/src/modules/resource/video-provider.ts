import { RESP_CODE } from '@px/config';
import type { Sequelize } from 'sequelize';
import type { Providers, Scope } from '../../core/action';
import { AppError, BusinessError } from '../../core/errors';
import type { Env } from '../../env';
import { type FileStorage, StorageError } from '../storage/storage';
import { HLS_PATH_PREFIX, type HlsHolder, type HlsPackage, signHlsToken } from './hls';
import { getMediaSecret, type MediaGrant, signMediaToken } from './media-token';
import { type ByteSpan, Mp4Error, mp4TrialBytes } from './mp4';
import { type VideoLimits, videoLimitsFromEnv } from './resource.settings';
import { storageReadAt } from './stored-mp4';

declare module '../../core/action' {
  interface Providers {
    /** Where videos are uploaded to and played from: see VideoProvider. */
    video: VideoProvider;
    /**
     * The cloud VOD service a project's uploads go to when its 视频服务 is one (providers.ts wires
     * the Tencent Cloud VOD client, module `vod`); null when none is configured.
     */
    cloudVideo: CloudVideoService | null;
  }
}

/** A cloud VOD service keeping videos: uploaded videos are handed to it, and deleted there. */
export interface CloudVideoService {
  /**
   * Moves a stored video to the service, streaming it; answers its storage key there
   * (`vod:<FileId>`). Throws CloudVideoError when the service refuses, StorageError when the
   * stored file is missing.
   */
  upload(storage: FileStorage, key: string, media: { name: string; type: string }): Promise<string>;
  /** Whether a storage key is one of the service's (`vod:<FileId>`). */
  keeps(storageKey: string): boolean;
  /**
   * Deletes a video the service keeps (a storage key it `keeps`); one the service no longer has is
   * fine. Throws CloudVideoError when the service refuses.
   */
  delete(storageKey: string): Promise<void>;
}

/** The cloud VOD service refused a call; `code` is its error code. */
export class CloudVideoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CloudVideoError';
  }
}

/**
 * Whether a cloud VOD service keeps the video: its storage key is then the service's own
 * (`vod:<FileId>`), never a file storage key (those hold no colon), and the platform has no file of it.
 */
export const keptByCloudVideo = (video: { storageKey: string }): boolean => video.storageKey.includes(':');

/** What a provider needs to know of a video to let a player load it. */
export interface PlayableVideo {
  id: number;
  /** The project; null for a video of the shared library. */
  projectId: number | null;
  /** The file storage key (local provider) or the provider's own video id (cloud providers). */
  storageKey: string;
  contentType: string;
  /** Its encrypted HLS package when it has one (docs/video.md): then the player gets HLS. */
  hls?: HlsPackage | null;
}

/**
 * How a player may load a video until `expiresAt`: a URL to put in `<video src>`, and/or a token
 * for the provider's own player SDK. The local provider gives both (the token is the URL's).
 */
export interface VideoPlayGrant {
  provider: string;
  url: string | null;
  token: string | null;
  expiresAt: Date;
}

/**
 * Who a full play grant is for: a student's study session (`study/start`), or staff previewing
 * from their sign-in. The local provider binds a packaged video's key to it (hls.route.ts).
 */
export type PlayViewer = Exclude<HlsHolder, { kind: 'trial' }>;

/** The viewer of a staff preview: the caller's sign-in. Throws when the call has no principal. */
export function staffViewer(scope: Pick<Scope, 'principal'>): PlayViewer {
  if (!scope.principal) throw new Error('a preview needs a signed-in caller');
  return { kind: 'staff', accountId: scope.principal.accountId, signInId: scope.principal.sessionId };
}

/**
 * Who a trial grant is for: a guest, or a signed-in visitor (a student, say). The local provider
 * serves a packaged video's key for a signed-in visitor's trial only while that sign-in lives.
 */
export type TrialViewer = Extract<HlsHolder, { kind: 'trial' }>;

/** The viewer of a trial: the caller's sign-in when signed in, else a guest. */
export function trialViewer(scope: Pick<Scope, 'principal'>): TrialViewer {
  const { principal } = scope;
  return principal
    ? { kind: 'trial', signedIn: { accountId: principal.accountId, signInId: principal.sessionId } }
    : { kind: 'trial' };
}

/** What a provider may use of the call it serves: the database and the file storage. */
export interface VideoScope {
  sequelize: Sequelize;
  providers: Pick<Providers, 'storage'>;
}

/**
 * Where videos are played from. The product asks a provider for a time-limited way to play one
 * video and never hands out storage locations. The local provider (below) serves the file storage
 * itself through `/api/media/<token>` with HTTP range requests. A cloud VOD provider fits the same
 * shape: `authorizePlay` calls the provider's "play auth / token" API (say a PlayAuth or psign for
 * its player SDK, answered as `token`) or its "play URL" API (a signed CDN URL, answered as `url`),
 * and the upload path would hand files to the provider instead of the file storage.
 */
export interface VideoProvider {
  readonly name: string;
  /** The size limit and chunking of uploads, and how long a play URL lasts. */
  readonly limits: VideoLimits;
  /**
   * A way for `viewer` to play the video for `ttlSeconds`; throws when the provider cannot grant
   * it. (The local provider serves a packaged video's key only while the viewer's session lives.)
   */
  authorizePlay(
    scope: VideoScope,
    video: PlayableVideo,
    viewer: PlayViewer,
    ttlSeconds: number,
    now?: Date,
  ): Promise<VideoPlayGrant>;
  /**
   * A way for `viewer` to play only the first `seconds` of the video (a trial) for `ttlSeconds`:
   * what it serves must not hold the rest (a cloud provider maps this to its trial / clip feature).
   * Throws PlayUnavailableError when the video cannot be cut so (file missing or unreadable).
   */
  authorizeTrial(
    scope: VideoScope,
    video: PlayableVideo,
    viewer: TrialViewer,
    seconds: number,
    ttlSeconds: number,
    now?: Date,
  ): Promise<VideoPlayGrant>;
}

/** The local provider: it plays the file storage itself through its media route (`media.route.ts`). */
export interface LocalVideoProvider extends VideoProvider {
  readonly name: 'local';
  /** The HMAC secret of its play tokens: MEDIA_SIGNING_SECRET, else the one kept in the database. */
  mediaSecret(sequelize: Sequelize): Promise<Buffer>;
  /** A signed `/api/media/<token>` of the original file, packaged or not (staff download). */
  authorizeOriginal(
    scope: VideoScope,
    video: PlayableVideo,
    ttlSeconds: number,
    now?: Date,
  ): Promise<VideoPlayGrant>;
}

/** Whether the provider is the local one (whose URLs the media route answers). */
export function isLocalVideoProvider(provider: VideoProvider): provider is LocalVideoProvider {
  return provider.name === 'local';
}

/** What a video service (a cloud VOD) answered when it gave no way to play a video. */
export interface VideoServiceFailure {
  /** The provider's name (`tencent-vod`). */
  provider: string;
  /** The service's error code, or the client's (`Unreachable`, `BadAnswer`). */
  code: string;
  /** The service's reason as it gave it. */
  reason: string;
  /** The service's id of the request, when it gave one (for its support). */
  requestId: string | null;
  /** It could not be reached or answered nothing readable (rather than refusing). */
  unreachable: boolean;
}

/**
 * A provider cannot give a way to play a video: its file is missing or cannot be read, or the video
 * service keeping it refused or could not be reached (`service`).
 */
export class PlayUnavailableError extends Error {
  constructor(
    readonly videoId: number,
    cause: unknown,
    readonly service: VideoServiceFailure | null = null,
  ) {
    super(`video ${videoId} cannot be played`, { cause });
    this.name = 'PlayUnavailableError';
  }
}

/** The refusal of a play grant the provider could not give (file missing or unreadable). */
export const PLAY_UNAVAILABLE = '视频暂不能播放';
/** The refusal of a play grant whose video service could not be reached (HTTP 503). */
export const VIDEO_SERVICE_UNAVAILABLE = '视频服务暂不可用，请稍后重试';
/**
 * `attribute.reason` of a play grant the video service refused or could not give (with its
 * `provider` and `code`).
 */
export const VIDEO_SERVICE_FAILURE = 'VIDEO_SERVICE_FAILURE';

/**
 * What a call answers for an error of a play grant, logged with its detail when it is a
 * PlayUnavailableError: a video service that could not be reached answers 视频服务暂不可用，请稍后重试
 * (HTTP 503), one that refused 视频服务拒绝播放：<its reason>, both with `{ reason:
 * VIDEO_SERVICE_FAILURE, provider, code }`; anything else (a file missing or unreadable, a cloud video without its service
 * configured) 视频暂不能播放. Any other error is answered as it is (throw what this returns).
 */
export function playGrantFailure(scope: Pick<Scope, 'log'>, error: unknown): unknown {
  if (!(error instanceof PlayUnavailableError)) return error;
  const { service } = error;
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
  if (!service) {
    scope.log.warn({ videoId: error.videoId, cause }, 'no play grant for a video');
    return new BusinessError(PLAY_UNAVAILABLE);
  }
  const { requestId: serviceRequestId, ...detail } = service;
  scope.log.warn(
    { videoId: error.videoId, ...detail, serviceRequestId },
    'the video service gave no play grant',
  );
  const attribute = { reason: VIDEO_SERVICE_FAILURE, provider: service.provider, code: service.code };
  if (service.unreachable) return new AppError(RESP_CODE.ERROR, VIDEO_SERVICE_UNAVAILABLE, 503, attribute);
  return new BusinessError(`视频服务拒绝播放：${service.reason || service.code}`, attribute);
}

/** Where the local provider's media route answers. */
export const MEDIA_PATH_PREFIX = '/api/media/';

/** How many trials' byte spans a local provider remembers. */
const TRIAL_CACHE_SIZE = 500;

/**
 * The bytes of a stored MP4 a trial of its first `seconds` needs: `[0, media end)` and the moov
 * (see mp4TrialBytes). Throws PlayUnavailableError when the file is missing or is not a readable MP4.
 */
async function computeTrialSpans(
  storage: FileStorage,
  video: PlayableVideo,
  seconds: number,
): Promise<ByteSpan[]> {
  try {
    const stored = await storage.stat(video.storageKey);
    if (!stored) throw new StorageError('not-found', `no stored file for video ${video.id}`);
    const bytes = await mp4TrialBytes(
      storageReadAt(storage, video.storageKey, stored.size),
      stored.size,
      seconds,
    );
    return [{ start: 0, end: bytes.mediaEnd }, bytes.moov];
  } catch (error) {
    if (error instanceof StorageError || error instanceof Mp4Error)
      throw new PlayUnavailableError(video.id, error);
    throw error;
  }
}

/** How the local provider is set up: the video limits and the configured signing secret (or none). */
export interface LocalVideoOptions {
  limits: VideoLimits;
  /** MEDIA_SIGNING_SECRET; null: a secret generated once and kept in the database. */
  signingSecret: string | null;
}

/**
 * The local provider: for a video packaged as HLS, a signed master playlist (see hlsGrant); else a
 * same-origin URL `/api/media/<token>` whose token is an HMAC over the
 * resource id and the expiry time (see media-token.ts), checked by the media route, which streams
 * the scope's file storage. A trial's token also signs the byte spans of the file it may read
 * (computed once per video, key and seconds: a stored file never changes under its key).
 */
export function createLocalVideoProvider(options: LocalVideoOptions): LocalVideoProvider {
  const mediaSecret = (sequelize: Sequelize) => getMediaSecret(sequelize, options.signingSecret);
  const trialSpans = new Map<string, Promise<ByteSpan[]>>();

  const spansOf = (storage: FileStorage, video: PlayableVideo, seconds: number): Promise<ByteSpan[]> => {
    const key = `${video.id}:${video.storageKey}:${seconds}`;
    let spans = trialSpans.get(key);
    if (!spans) {
      spans = computeTrialSpans(storage, video, seconds);
      spans.catch(() => trialSpans.delete(key));
      if (trialSpans.size >= TRIAL_CACHE_SIZE) {
        const oldest = trialSpans.keys().next().value;
        if (oldest !== undefined) trialSpans.delete(oldest);
      }
      trialSpans.set(key, spans);
    }
    return spans;
  };

  /** A signed `/api/media/<token>` grant of a resource for `ttlSeconds`, limited to `spans` when given. */
  const grant = async (
    sequelize: Sequelize,
    resourceId: number,
    ttlSeconds: number,
    now: Date,
    spans?: ByteSpan[],
  ): Promise<VideoPlayGrant> => {
    const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
    const signed: MediaGrant = { resourceId, expiresAt, ...(spans ? { spans } : {}) };
    const token = signMediaToken(await mediaSecret(sequelize), signed);
    return {
      provider: 'local',
      url: `${MEDIA_PATH_PREFIX}${token}`,
      token,
      expiresAt: new Date(expiresAt * 1000),
    };
  };

  /**
   * A signed master playlist `/api/media/hls/<token>/master.m3u8` of a packaged video's package
   * `pkg` for `holder` (the whole package, or a trial's segments), served by the HLS route
   * (hls.route.ts). The token names the package: a re-package replacing it meanwhile changes
   * nothing for this player until the token expires.
   */
  const hlsGrant = async (
    sequelize: Sequelize,
    resourceId: number,
    pkg: HlsPackage,
    ttlSeconds: number,
    now: Date,
    trialSeconds: number,
    holder: HlsHolder,
  ): Promise<VideoPlayGrant> => {
    const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
    const token = signHlsToken(await mediaSecret(sequelize), {
      resourceId,
      expiresAt,
      trialSeconds,
      holder,
      packageId: pkg.id,
    });
    return {
      provider: 'local',
      url: `${HLS_PATH_PREFIX}${token}/master.m3u8`,
      token,
      expiresAt: new Date(expiresAt * 1000),
    };
  };

  return {
    name: 'local',
    limits: options.limits,
    mediaSecret,
    authorizeOriginal: (scope, video, ttlSeconds, now = new Date()) =>
      grant(scope.sequelize, video.id, ttlSeconds, now),
    authorizePlay: (scope, video, viewer, ttlSeconds, now = new Date()) =>
      video.hls
        ? hlsGrant(scope.sequelize, video.id, video.hls, ttlSeconds, now, 0, viewer)
        : grant(scope.sequelize, video.id, ttlSeconds, now),
    async authorizeTrial(scope, video, viewer, seconds, ttlSeconds, now = new Date()) {
      // Only a package with a key per segment can hand a trial its segments' keys alone; one made
      // before has a single key for the whole video, so its trial plays the original's first bytes.
      if (video.hls?.keyPerSegment) {
        const trialSeconds = Math.max(1, Math.ceil(seconds));
        return hlsGrant(scope.sequelize, video.id, video.hls, ttlSeconds, now, trialSeconds, viewer);
      }
      const spans = await spansOf(scope.providers.storage, video, seconds);
      return grant(scope.sequelize, video.id, ttlSeconds, now, spans);
    },
  };
}

/** The video provider the environment asks for: today always the local one. */
export function videoProviderFromEnv(
  env: Pick<
    Env,
    'VIDEO_UPLOAD_LIMIT_MB' | 'UPLOAD_FILE_LIMIT_MB' | 'MEDIA_URL_TTL_MINUTES' | 'MEDIA_SIGNING_SECRET'
  >,
): VideoProvider {
  return createLocalVideoProvider({
    limits: videoLimitsFromEnv(env),
    signingSecret: env.MEDIA_SIGNING_SECRET ?? null,
  });
}
