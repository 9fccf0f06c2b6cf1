import type HlsType from 'hls.js';
import { forwardRef, type Ref, useCallback, useEffect, useRef, type VideoHTMLAttributes } from 'react';
import { audioLanguageName } from '../audio-language';

/** The MIME type of an HLS playlist. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether a play URL is an HLS playlist (the API's packaged videos, docs/video.md). */
export const isHlsUrl = (url: string) => /\.m3u8(?:$|\?)/.test(url);

/**
 * Whether the browser plays HLS itself and lists its audio tracks (Safari, iOS WeChat): then no
 * hls.js is loaded. Chromium now answers `canPlayType` for HLS too (its built-in player), but has no
 * `audioTracks` (an experimental feature there) and no rendition choice, so a video's languages
 * could not be offered: it plays through hls.js.
 */
function playsHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  return (
    document.createElement('video').canPlayType(HLS_TYPE) !== '' &&
    'audioTracks' in HTMLMediaElement.prototype
  );
}

/** A rendition the player may choose: its index for hls.js and its name (标清, 高清). */
export interface StreamQuality {
  index: number;
  name: string;
}

/** An audio track the player may choose: its index, its name (普通话, 英语) and language tag. */
export interface StreamAudioTrack {
  index: number;
  name: string;
  language: string;
}

/** What a browser that plays HLS itself shows of an audio track (`video.audioTracks`, Safari). */
interface NativeAudioTrack {
  enabled: boolean;
  label: string;
  language: string;
}
/** A browser's `AudioTrackList` (not in TypeScript's DOM types). */
interface NativeAudioTrackList extends EventTarget {
  readonly length: number;
  readonly [index: number]: NativeAudioTrack;
}

/** The browser's own audio track list of a video, where it has one. */
function nativeAudioTracks(video: HTMLVideoElement): NativeAudioTrackList | undefined {
  const tracks = (video as HTMLVideoElement & { audioTracks?: Partial<NativeAudioTrackList> }).audioTracks;
  return typeof tracks?.addEventListener === 'function' ? (tracks as NativeAudioTrackList) : undefined;
}

export interface StreamVideoProps extends VideoHTMLAttributes<HTMLVideoElement> {
  src: string;
  /** The chosen rendition (an index of `onQualities`), or -1: automatic. hls.js only. */
  quality?: number;
  /** The renditions hls.js found (none when the browser plays HLS itself or the URL is an MP4). */
  onQualities?: (qualities: StreamQuality[]) => void;
  /**
   * The chosen audio track (an index of `onAudioTracks`), or -1: the video's default (the master
   * playlist's DEFAULT one, listed first). A choice the video does not have plays the default.
   */
  audioTrack?: number;
  /**
   * The audio tracks of an HLS video that has its sound per language (docs/video.md), through
   * hls.js or the browser's own `audioTracks`; none (or one) for a video of one language.
   */
  onAudioTracks?: (tracks: StreamAudioTrack[]) => void;
  'webkit-playsinline'?: string;
  'x5-playsinline'?: string;
  'x5-video-player-type'?: string;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A `<video>` playing a play URL: an MP4 as its `src`; an HLS playlist natively where the browser
 * can (Safari, iOS WeChat), else through hls.js (Media Source Extensions), loaded only when such a
 * video is played. A video with audio per language plays `audioTrack` (its default unless chosen).
 * Everything else (events, attributes, the ref) is the plain element's.
 */
export const StreamVideo = forwardRef<HTMLVideoElement, StreamVideoProps>(function StreamVideo(
  { src, quality = -1, onQualities, audioTrack = -1, onAudioTracks, ...rest },
  ref,
) {
  const element = useRef<HTMLVideoElement | null>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const onQualitiesRef = useRef(onQualities);
  onQualitiesRef.current = onQualities;
  const onAudioTracksRef = useRef(onAudioTracks);
  onAudioTracksRef.current = onAudioTracks;
  const audioTrackRef = useRef(audioTrack);
  audioTrackRef.current = audioTrack;
  const isHls = isHlsUrl(src);
  const viaHlsJs = isHls && !playsHlsNatively();
  const setRefs = useCallback(
    (video: HTMLVideoElement | null) => {
      element.current = video;
      assignRef(ref, video);
    },
    [ref],
  );

  useEffect(() => {
    const video = element.current;
    if (!viaHlsJs || !video) return;
    let cancelled = false;
    let hls: HlsType | null = null;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        video.src = src; // no MSE: let the browser try
        return;
      }
      const player = new Hls({ maxBufferLength: 30 });
      hls = player;
      hlsRef.current = player;
      let recovered = false;
      player.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        onQualitiesRef.current?.(
          data.levels.map((level, index) => ({ index, name: level.name || `${level.height}p` })),
        );
      });
      player.on(Hls.Events.AUDIO_TRACKS_UPDATED, (_event, data) => {
        onAudioTracksRef.current?.(
          data.audioTracks.map((track, index) => ({
            index,
            name: track.name || audioLanguageName(track.lang ?? ''),
            language: track.lang ?? '',
          })),
        );
        chooseHlsJsAudio(player, audioTrackRef.current);
      });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player.recoverMediaError();
          return;
        }
        player.destroy();
        // What a failed MP4 does: the element reports an error (the page shows it).
        video.dispatchEvent(new Event('error'));
      });
      player.loadSource(src);
      player.attachMedia(video);
    });
    return () => {
      cancelled = true;
      hls?.destroy();
      hlsRef.current = null;
    };
  }, [src, viaHlsJs]);

  useEffect(() => {
    const hls = hlsRef.current;
    if (hls) hls.currentLevel = quality;
  }, [quality]);

  // A browser playing HLS itself lists the audio renditions in `audioTracks`, in playlist order.
  useEffect(() => {
    const video = element.current;
    const tracks = video && isHls && !viaHlsJs ? nativeAudioTracks(video) : undefined;
    if (!tracks) return;
    const report = () => {
      const listed: StreamAudioTrack[] = [];
      for (let index = 0; index < tracks.length; index += 1) {
        const track = tracks[index] as NativeAudioTrack;
        listed.push({
          index,
          name: track.label || audioLanguageName(track.language) || `音轨 ${index + 1}`,
          language: track.language,
        });
      }
      onAudioTracksRef.current?.(listed);
      chooseNativeAudio(tracks, audioTrackRef.current);
    };
    report();
    tracks.addEventListener('addtrack', report);
    tracks.addEventListener('removetrack', report);
    return () => {
      tracks.removeEventListener('addtrack', report);
      tracks.removeEventListener('removetrack', report);
    };
  }, [isHls, viaHlsJs]);

  useEffect(() => {
    const player = hlsRef.current;
    if (player) chooseHlsJsAudio(player, audioTrack);
    const tracks = element.current && isHls && !viaHlsJs ? nativeAudioTracks(element.current) : undefined;
    if (tracks) chooseNativeAudio(tracks, audioTrack);
  }, [audioTrack, isHls, viaHlsJs]);

  return <video ref={setRefs} src={viaHlsJs ? undefined : src} {...rest} />;
});

/** The index that plays for a choice among `count` tracks: the choice when it exists, else the default. */
const chosenIndex = (choice: number, count: number, defaultIndex: number) =>
  choice >= 0 && choice < count ? choice : defaultIndex;

/** Plays audio track `choice` (-1: the DEFAULT one) through hls.js, when the video has several. */
function chooseHlsJsAudio(player: HlsType, choice: number): void {
  const tracks = player.audioTracks;
  if (tracks.length < 2) return;
  const index = chosenIndex(
    choice,
    tracks.length,
    Math.max(
      0,
      tracks.findIndex((track) => track.default),
    ),
  );
  if (player.audioTrack !== index) player.audioTrack = index;
}

/** Enables audio track `choice` (-1: the first, the DEFAULT one) of a browser's own list, and no other. */
function chooseNativeAudio(tracks: NativeAudioTrackList, choice: number): void {
  if (tracks.length < 2) return;
  const index = chosenIndex(choice, tracks.length, 0);
  for (let at = 0; at < tracks.length; at += 1) {
    const track = tracks[at] as NativeAudioTrack;
    if (track.enabled !== (at === index)) track.enabled = at === index;
  }
}
