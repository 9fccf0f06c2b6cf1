import type HlsType from 'hls.js';
import { forwardRef, type Ref, useCallback, useEffect, useRef, type VideoHTMLAttributes } from 'react';

/** The MIME type of an HLS playlist. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether a play URL is an HLS playlist (the API's packaged videos, docs/video.md). */
export const isHlsUrl = (url: string) => /\.m3u8(?:$|\?)/.test(url);

/** Whether the browser plays HLS itself (Safari, iOS WeChat): then no hls.js is loaded. */
function playsHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType(HLS_TYPE) !== '';
}

/** A rendition the player may choose: its index for hls.js and its name (标清, 高清). */
export interface StreamQuality {
  index: number;
  name: string;
}

export interface StreamVideoProps extends VideoHTMLAttributes<HTMLVideoElement> {
  src: string;
  /** The chosen rendition (an index of `onQualities`), or -1: automatic. hls.js only. */
  quality?: number;
  /** The renditions hls.js found (none when the browser plays HLS itself or the URL is an MP4). */
  onQualities?: (qualities: StreamQuality[]) => void;
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
 * video is played. Everything else (events, attributes, the ref) is the plain element's.
 */
export const StreamVideo = forwardRef<HTMLVideoElement, StreamVideoProps>(function StreamVideo(
  { src, quality = -1, onQualities, ...rest },
  ref,
) {
  const element = useRef<HTMLVideoElement | null>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const onQualitiesRef = useRef(onQualities);
  onQualitiesRef.current = onQualities;
  const viaHlsJs = isHlsUrl(src) && !playsHlsNatively();
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

  return <video ref={setRefs} src={viaHlsJs ? undefined : src} {...rest} />;
});
