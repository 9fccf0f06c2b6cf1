import type { ClassTrialPlay } from '@px/api/contract';
import { formatDuration } from '@px/config';
import { StreamVideo } from '@px/config/stream-video';
import { useCallback, useRef } from 'react';
import { Popup } from 'react-vant';

/** A trial ready to play: the signed URL and limits of `class/trial-play`, and the lesson's name. */
export interface TrialSession extends ClassTrialPlay {
  lessonName: string;
}

/**
 * Keeps a video within its trial: once playback reaches `trialSeconds` (or a seek went past it)
 * the video pauses at `trialSeconds`. Returns whether the trial is over.
 */
export function enforceTrialLimit(video: HTMLVideoElement, trialSeconds: number): boolean {
  if (video.currentTime < trialSeconds) return false;
  video.pause();
  if (video.currentTime > trialSeconds) video.currentTime = trialSeconds;
  return true;
}

export interface TrialPlayerProps {
  /** The trial to play; null: the player is closed (and no video exists). */
  session: TrialSession | null;
  onClose: () => void;
  /** The trial is over (the player has paused at its end): ask what next. Called once per stop. */
  onTrialEnd: () => Promise<void>;
}

/**
 * The trial player: an inline HTML5 video (controls, playsinline for WeChat) in a popup that stops
 * at the trial's end and hands over to `onTrialEnd`; seeking past the end is pulled back.
 */
export function TrialPlayer({ session, onClose, onTrialEnd }: TrialPlayerProps) {
  const asking = useRef(false);
  const trialSeconds = session?.trialSeconds ?? 0;

  const stop = useCallback(
    (video: HTMLVideoElement, ended = false) => {
      if ((!enforceTrialLimit(video, trialSeconds) && !ended) || asking.current) return;
      asking.current = true;
      void onTrialEnd().finally(() => {
        asking.current = false;
      });
    },
    [trialSeconds, onTrialEnd],
  );

  return (
    <Popup
      visible={session !== null}
      position="bottom"
      round
      closeable
      destroyOnClose
      className="class-detail__player"
      title={session ? `试看：${session.lessonName}` : undefined}
      onClose={onClose}
    >
      {session && (
        <div className="class-detail__player-body">
          <StreamVideo
            className="class-detail__video"
            data-testid="trial-video"
            src={session.url}
            controls
            autoPlay
            playsInline
            webkit-playsinline="true"
            x5-playsinline="true"
            controlsList="nodownload"
            onTimeUpdate={(event) => stop(event.currentTarget)}
            onSeeking={(event) => stop(event.currentTarget)}
            onEnded={(event) => stop(event.currentTarget, true)}
          />
          <p className="class-detail__player-tip">
            可试看前 {formatDuration(session.trialSeconds)}，报名后观看完整课程
          </p>
        </div>
      )}
    </Popup>
  );
}
