import type { Sequelize } from 'sequelize';
import { getMediaSecret, signMediaToken } from './media-token';

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
}

/** Where the local provider's media route answers. */
export const MEDIA_PATH_PREFIX = '/api/media/';

/**
 * The local provider: a same-origin URL `/api/media/<token>` whose token is an HMAC over the
 * resource id and the expiry time (see media-token.ts), checked by the media route.
 */
export function localVideoProvider(sequelize: Sequelize): VideoProvider {
  return {
    name: 'local',
    async authorizePlay(video, ttlSeconds, now = new Date()) {
      const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const token = signMediaToken(await getMediaSecret(sequelize), { resourceId: video.id, expiresAt });
      return {
        provider: 'local',
        url: `${MEDIA_PATH_PREFIX}${token}`,
        token,
        expiresAt: new Date(expiresAt * 1000),
      };
    },
  };
}
