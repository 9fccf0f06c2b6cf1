import type { Sequelize } from 'sequelize';
import { StorageError } from '../storage/storage';
import { getMediaSecret, type MediaGrant, signMediaToken } from './media-token';
import { type ByteSpan, Mp4Error, mp4TrialBytes } from './mp4';
import { resourceSettings } from './resource.settings';
import { storageReadAt } from './stored-mp4';

/** What a provider needs to know of a video to let a player load it. */
export interface PlayableVideo {
  id: number;
  projectId: number;
  /** The file storage key (local provider) or the provider's own video id (cloud providers). */
  storageKey: string;
  contentType: string;
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
 * Where videos are played from. The product asks a provider for a time-limited way to play one
 * video and never hands out storage locations. The local provider (below) serves the file storage
 * itself through `/api/media/<token>` with HTTP range requests. A cloud VOD provider fits the same
 * shape: `authorizePlay` calls the provider's "play auth / token" API (say a PlayAuth or psign for
 * its player SDK, answered as `token`) or its "play URL" API (a signed CDN URL, answered as `url`),
 * and the upload path would hand files to the provider instead of the file storage.
 */
export interface VideoProvider {
  readonly name: string;
  /** A way to play the video for `ttlSeconds`; throws when the provider cannot grant it. */
  authorizePlay(video: PlayableVideo, ttlSeconds: number, now?: Date): Promise<VideoPlayGrant>;
  /**
   * A way to play only the first `seconds` of the video (a trial) for `ttlSeconds`: what it
   * serves must not hold the rest (a cloud provider maps this to its trial / clip feature).
   * Throws PlayUnavailableError when the video cannot be cut so (file missing or unreadable).
   */
  authorizeTrial(
    video: PlayableVideo,
    seconds: number,
    ttlSeconds: number,
    now?: Date,
  ): Promise<VideoPlayGrant>;
}

/** A provider cannot give a way to play a video (its file is missing or cannot be read). */
export class PlayUnavailableError extends Error {
  constructor(
    readonly videoId: number,
    cause: unknown,
  ) {
    super(`video ${videoId} cannot be played`, { cause });
    this.name = 'PlayUnavailableError';
  }
}

/** Where the local provider's media route answers. */
export const MEDIA_PATH_PREFIX = '/api/media/';

/** Trial byte spans computed, by resource id, storage key and seconds (at most TRIAL_CACHE_SIZE). */
const trialSpansCache = new Map<string, Promise<ByteSpan[]>>();
const TRIAL_CACHE_SIZE = 500;

/**
 * The bytes of a stored MP4 a trial of its first `seconds` needs: `[0, media end)` and the moov
 * (see mp4TrialBytes), cached (a stored file never changes under its key). Throws
 * PlayUnavailableError when the file is missing or is not a readable MP4.
 */
export function localTrialSpans(video: PlayableVideo, seconds: number): Promise<ByteSpan[]> {
  const key = `${video.id}:${video.storageKey}:${seconds}`;
  let spans = trialSpansCache.get(key);
  if (!spans) {
    spans = computeTrialSpans(video, seconds);
    spans.catch(() => trialSpansCache.delete(key));
    if (trialSpansCache.size >= TRIAL_CACHE_SIZE) {
      const oldest = trialSpansCache.keys().next().value;
      if (oldest !== undefined) trialSpansCache.delete(oldest);
    }
    trialSpansCache.set(key, spans);
  }
  return spans;
}

async function computeTrialSpans(video: PlayableVideo, seconds: number): Promise<ByteSpan[]> {
  const { storage } = resourceSettings();
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

/**
 * The local provider: a same-origin URL `/api/media/<token>` whose token is an HMAC over the
 * resource id and the expiry time (see media-token.ts), checked by the media route. A trial's
 * token also signs the byte spans of the file it may read (localTrialSpans).
 */
export function localVideoProvider(sequelize: Sequelize): VideoProvider {
  return {
    name: 'local',
    authorizePlay: (video, ttlSeconds, now = new Date()) => localGrant(sequelize, video.id, ttlSeconds, now),
    async authorizeTrial(video, seconds, ttlSeconds, now = new Date()) {
      const spans = await localTrialSpans(video, seconds);
      return localGrant(sequelize, video.id, ttlSeconds, now, spans);
    },
  };
}

/** A signed `/api/media/<token>` grant of a resource for `ttlSeconds`, limited to `spans` when given. */
async function localGrant(
  sequelize: Sequelize,
  resourceId: number,
  ttlSeconds: number,
  now: Date,
  spans?: ByteSpan[],
): Promise<VideoPlayGrant> {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const grant: MediaGrant = { resourceId, expiresAt, ...(spans ? { spans } : {}) };
  const token = signMediaToken(await getMediaSecret(sequelize), grant);
  return {
    provider: 'local',
    url: `${MEDIA_PATH_PREFIX}${token}`,
    token,
    expiresAt: new Date(expiresAt * 1000),
  };
}
