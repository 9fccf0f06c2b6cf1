import type {
  AnswerQuestionAnswer,
  BeatRefusalReason,
  HeartbeatAnswer,
  PlayerQuestion,
  StudyStart,
} from '@px/api/contract';
import { ApiError } from '@px/config';
import { type RefObject, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'react-vant';
import {
  answerPopupQuestion,
  confirmStudyIdle,
  endStudy,
  type HeartbeatPayload,
  sendHeartbeat,
} from '../../../api/study';
import { messageOf } from '../../../hooks/useRemote';
import { allowedSeek, crossedQuestion, type SeekLimit, seekHint, seekLimit } from './play-rules';

/** What holds the player still until the student acts (or for good, once stopped). */
export type PlayerBlock =
  /** A pop-up question waits for its answer (and, once answered, for 继续学习). */
  | { kind: 'question'; question: PlayerQuestion }
  /** The anti-idle prompt: 您还在学习吗？ */
  | { kind: 'idle' }
  /** A face check must pass (before study, or at a random point). */
  | { kind: 'face' }
  /**
   * No more beats: another device took over, or the session cannot go on; `restart` names the
   * button that starts a new session.
   */
  | { kind: 'stopped'; message: string; restart: string };

/** What the server credited of the lesson, as its last answer said. */
export interface StudyProgress {
  creditedSeconds: number;
  /** Share of the video watched, 0..1. */
  coverage: number;
  finished: boolean;
}

/** The `<video>` events the session listens to (spread onto the element). */
export interface StudyVideoHandlers {
  onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onPlay: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onPause: () => void;
  onEnded: () => void;
  onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onSeeking: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onSeeked: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onRateChange: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onError: () => void;
}

export interface StudySession {
  progress: StudyProgress;
  block: PlayerBlock | null;
  /** Why the last beat credited nothing (shown subtly), or null. */
  refusal: BeatRefusalReason | null;
  /** The last beat did not reach the server (the next one carries on). */
  beatFailed: boolean;
  playing: boolean;
  /** The browser refused to start playing by itself: the student taps play. */
  needsTap: boolean;
  position: number;
  duration: number;
  rate: number;
  /** Where the student may seek now. */
  limit: SeekLimit;
  video: StudyVideoHandlers;
  togglePlay: () => void;
  /** Seeks as far towards `target` as the rules allow (and says so when they stop it short). */
  seek: (target: number) => void;
  changeRate: (rate: number) => void;
  /** Answers the pop-up question (option letters, sorted). Rejects with an ApiError (shown). */
  answerQuestion: (letters: string) => Promise<AnswerQuestionAnswer>;
  /** After the answer was shown: play on. */
  continueAfterQuestion: () => void;
  /** 您还在学习吗？ confirmed: the server credits again and play resumes. Rejects with an ApiError (shown). */
  confirmIdle: () => Promise<void>;
  /** A face check passed: play resumes. */
  facePassed: () => void;
  /** A last beat (when playing) and `study/end`; resolves when the session is over. */
  close: () => Promise<void>;
}

export interface StudySessionOptions {
  /** Coverage of the lesson before this session (the study page's). */
  initialCoverage: number;
  /** The lesson became finished (a beat said so). */
  onFinished?: () => void;
}

/** Positions go to the server with a tenth of a second. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
/** Rates the server accepts. */
const beatRate = (rate: number) => Math.min(16, Math.max(0.25, rate || 1));
/** Playback moving on by more than this between two time updates is a jump, not playing. */
const PLAYING_STEP_SECONDS = 3;

/**
 * One study session of a lesson, driving its `<video>` (domain.md "Study and anti-cheat: the
 * server decides"): resumes at `resumePosition`, beats every `rules.beatIntervalSeconds` while
 * playing and on pause, end and hide (`{ sessionId, seq, position, rate, visible }`, one at a time,
 * numbered in order), and does what each answer says: SEEK_TO jumps back, QUESTION pauses at the
 * mark with the question, IDLE_PROMPT and FACE_CHECK pause for the student, STOP ends the beats.
 * It also stops at a question's mark by itself (the beat then tells whether the server asks it) and
 * keeps seeking within the rules. No beat is sent while something holds the player. Closing (or
 * leaving the page) sends a last beat and `study/end`.
 */
export function useStudySession(
  start: StudyStart,
  videoRef: RefObject<HTMLVideoElement>,
  options: StudySessionOptions,
): StudySession {
  const { rules, sessionId } = start;
  const initialBlock: PlayerBlock | null = start.awaiting === 'FACE' ? { kind: 'face' } : null;
  const [progress, setProgress] = useState<StudyProgress>({
    creditedSeconds: start.creditedSeconds,
    coverage: options.initialCoverage,
    finished: start.finished,
  });
  const [block, setBlock] = useState<PlayerBlock | null>(initialBlock);
  const [refusal, setRefusal] = useState<BeatRefusalReason | null>(null);
  const [beatFailed, setBeatFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [needsTap, setNeedsTap] = useState(false);
  const [position, setPosition] = useState(start.resumePosition);
  const [duration, setDuration] = useState(start.durationSeconds);
  const [rate, setRate] = useState(1);
  const [furthest, setFurthest] = useState(Math.max(start.furthestPosition, start.resumePosition));

  // What the event handlers read and change between renders.
  const blockRef = useRef<PlayerBlock | null>(initialBlock);
  const finishedRef = useRef(start.finished);
  const furthestRef = useRef(Math.max(start.furthestPosition, start.resumePosition));
  const lastTimeRef = useRef(start.resumePosition);
  const openQuestionsRef = useRef<readonly PlayerQuestion[]>(start.questions);
  const seqRef = useRef(0);
  /** The player stopped at a question's mark by itself and waits for the beat's answer. */
  const stoppedAtMarkRef = useRef(false);
  /** The player moves the video itself (resume, SEEK_TO, a mark): not the student's seek. */
  const ownSeekRef = useRef(false);
  const seekingRef = useRef(false);
  const playingRef = useRef(false);
  /** Where the video was last seen, for a last beat after it is gone (the page was left). */
  const snapshotRef = useRef({ position: start.resumePosition, rate: 1 });
  const tickRef = useRef<number | null>(null);
  const queueRef = useRef<Promise<void>>(Promise.resolve());
  const beatQueuedRef = useRef(false);
  const closingRef = useRef<Promise<void> | null>(null);
  const mountedRef = useRef(true);
  const onFinishedRef = useRef(options.onFinished);
  onFinishedRef.current = options.onFinished;

  const limitNow = (): SeekLimit =>
    seekLimit(rules, { finished: finishedRef.current, furthest: furthestRef.current });
  const durationOf = (video: HTMLVideoElement) =>
    Number.isFinite(video.duration) && video.duration > 0 ? video.duration : start.durationSeconds;

  const stopTicking = () => {
    if (tickRef.current !== null) window.clearInterval(tickRef.current);
    tickRef.current = null;
  };

  const setHold = (next: PlayerBlock | null) => {
    blockRef.current = next;
    setBlock(next);
  };

  /** Holds the player still: no beats, no playing until the student acts. */
  const holdFor = (next: PlayerBlock) => {
    setHold(next);
    stopTicking();
    videoRef.current?.pause();
  };

  const moveTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    ownSeekRef.current = true;
    video.currentTime = seconds;
    lastTimeRef.current = seconds;
    snapshotRef.current.position = seconds;
    setPosition(seconds);
  };

  const play = () => {
    const video = videoRef.current;
    if (!video || blockRef.current || closingRef.current) return;
    setNeedsTap(false);
    const started = video.play() as Promise<void> | undefined;
    started?.catch(() => {
      if (mountedRef.current) setNeedsTap(true);
    });
  };

  const resumeAfterMark = () => {
    if (!stoppedAtMarkRef.current) return;
    stoppedAtMarkRef.current = false;
    play();
  };

  /** Does what a beat's answer says. */
  const apply = (answer: HeartbeatAnswer) => {
    finishedRef.current = answer.finished;
    setProgress({
      creditedSeconds: answer.creditedSeconds,
      coverage: answer.coverage,
      finished: answer.finished,
    });
    setRefusal(answer.refusal);
    setBeatFailed(false);
    if (answer.finishedNow) {
      Toast.success('本课时已学完');
      onFinishedRef.current?.();
    }
    const action = answer.action;
    switch (action.kind) {
      case 'CONTINUE':
        resumeAfterMark();
        return;
      case 'SEEK_TO':
        furthestRef.current = action.position;
        setFurthest(action.position);
        moveTo(action.position);
        resumeAfterMark();
        return;
      case 'QUESTION': {
        stoppedAtMarkRef.current = false;
        if (blockRef.current) return;
        const question = openQuestionsRef.current.find((open) => open.id === action.questionId);
        if (!question) {
          holdFor({ kind: 'stopped', message: '课程弹题已更新，请重新进入学习', restart: '重新进入' });
          return;
        }
        holdFor({ kind: 'question', question });
        const video = videoRef.current;
        if (video && Math.abs(video.currentTime - action.markSecond) > 1) moveTo(action.markSecond);
        return;
      }
      case 'IDLE_PROMPT':
        stoppedAtMarkRef.current = false;
        if (!blockRef.current) holdFor({ kind: 'idle' });
        return;
      case 'FACE_CHECK':
        stoppedAtMarkRef.current = false;
        if (!blockRef.current) holdFor({ kind: 'face' });
        return;
      case 'STOP':
        stoppedAtMarkRef.current = false;
        holdFor({ kind: 'stopped', message: '已在其他设备学习', restart: '在本设备学习' });
        return;
    }
  };

  /** Sends one beat now (unless something holds the player: the server would only refuse it). */
  const sendBeat = async () => {
    if (blockRef.current) return;
    const element = videoRef.current;
    seqRef.current += 1;
    const beat: HeartbeatPayload = {
      sessionId,
      seq: seqRef.current,
      position: tenths(element ? element.currentTime : snapshotRef.current.position),
      rate: beatRate(element ? element.playbackRate : snapshotRef.current.rate),
      visible: document.visibilityState === 'visible',
    };
    try {
      const answer = await sendHeartbeat(beat);
      if (mountedRef.current && !closingRef.current) apply(answer);
    } catch (error) {
      if (!mountedRef.current || closingRef.current) return;
      if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'cancelled'))
        setBeatFailed(true);
      else holdFor({ kind: 'stopped', message: messageOf(error), restart: '重新进入' });
    }
  };

  /**
   * Asks for a beat: beats go one at a time, in order; asking while one is on its way queues one
   * more (reading the position when it goes), and asking again before that one went adds nothing.
   */
  const requestBeat = (): Promise<void> => {
    if (beatQueuedRef.current) return queueRef.current;
    beatQueuedRef.current = true;
    const next = queueRef.current.then(() => {
      beatQueuedRef.current = false;
      return sendBeat();
    });
    queueRef.current = next;
    return next;
  };

  const startTicking = () => {
    stopTicking();
    tickRef.current = window.setInterval(() => void requestBeat(), rules.beatIntervalSeconds * 1000);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: what it calls reads only refs and the session's constants
  const close = useCallback((): Promise<void> => {
    if (closingRef.current) return closingRef.current;
    const wasPlaying = playingRef.current;
    const closing = (async () => {
      stopTicking();
      if (wasPlaying) await requestBeat();
      await queueRef.current;
      videoRef.current?.pause();
      await endStudy(sessionId).catch(() => undefined);
    })();
    closingRef.current = closing;
    return closing;
  }, [sessionId]);

  const video: StudyVideoHandlers = {
    onLoadedMetadata: (event) => {
      const element = event.currentTarget;
      setDuration(durationOf(element));
      if (start.resumePosition > 0) moveTo(start.resumePosition);
      play();
    },
    onPlay: (event) => {
      if (blockRef.current || closingRef.current) {
        event.currentTarget.pause();
        return;
      }
      playingRef.current = true;
      setPlaying(true);
      setNeedsTap(false);
      startTicking();
    },
    onPause: () => {
      playingRef.current = false;
      setPlaying(false);
      stopTicking();
      if (!blockRef.current && !closingRef.current) void requestBeat();
    },
    onEnded: () => {
      playingRef.current = false;
      setPlaying(false);
      stopTicking();
      if (!closingRef.current) void requestBeat();
    },
    onTimeUpdate: (event) => {
      const element = event.currentTarget;
      const now = element.currentTime;
      const from = lastTimeRef.current;
      lastTimeRef.current = now;
      snapshotRef.current.position = now;
      setPosition(now);
      if (seekingRef.current || now <= from || now - from > PLAYING_STEP_SECONDS) return;
      if (now > furthestRef.current) {
        furthestRef.current = now;
        setFurthest(now);
      }
      const question = blockRef.current ? undefined : crossedQuestion(openQuestionsRef.current, from, now);
      if (!question) return;
      // Stop at the mark now; the beat the pause sends lets the server decide whether it asks.
      stoppedAtMarkRef.current = true;
      if (now > question.markSecond) moveTo(question.markSecond);
      element.pause();
    },
    onSeeking: (event) => {
      seekingRef.current = true;
      if (ownSeekRef.current) return;
      const element = event.currentTarget;
      const target = element.currentTime;
      const limit = limitNow();
      const allowed = allowedSeek(target, lastTimeRef.current, limit, durationOf(element));
      if (Math.abs(allowed - target) <= 0.5) return;
      moveTo(allowed);
      const hint = seekHint(limit);
      if (hint) Toast.info(hint);
    },
    onSeeked: (event) => {
      seekingRef.current = false;
      ownSeekRef.current = false;
      const now = event.currentTarget.currentTime;
      lastTimeRef.current = now;
      snapshotRef.current.position = now;
      setPosition(now);
    },
    onRateChange: (event) => {
      const element = event.currentTarget;
      if (!rules.canSpeed && element.playbackRate !== 1) element.playbackRate = 1;
      snapshotRef.current.rate = element.playbackRate;
      setRate(element.playbackRate);
    },
    // The video cannot be loaded (its signed URL expired during a long pause, the network dropped):
    // a new session brings a new URL and resumes where the server says.
    onError: () => {
      if (closingRef.current) return;
      holdFor({ kind: 'stopped', message: '视频加载失败，请重新进入学习', restart: '重新进入' });
    },
  };

  // Hidden (another app, the phone locked): pause; the pause's beat says the page was hidden.
  useEffect(() => {
    const onVisibility = () => {
      const element = videoRef.current;
      if (document.visibilityState !== 'visible' && element && !element.paused) element.pause();
    };
    const onPageHide = () => void close();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [videoRef, close]);

  // Leaving (the player or the page) ends the session. Deferred a tick, so that StrictMode's trial
  // unmount in development (cleanup, then the effect again at once) does not end a live session.
  const pendingCloseRef = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stopTicking only reads a ref
  useEffect(() => {
    mountedRef.current = true;
    if (pendingCloseRef.current !== null) window.clearTimeout(pendingCloseRef.current);
    pendingCloseRef.current = null;
    return () => {
      pendingCloseRef.current = window.setTimeout(() => {
        mountedRef.current = false;
        stopTicking();
        void close();
      }, 0);
    };
  }, [close]);

  return {
    progress,
    block,
    refusal,
    beatFailed,
    playing,
    needsTap,
    position,
    duration,
    rate,
    limit: seekLimit(rules, { finished: progress.finished, furthest }),
    video,
    togglePlay: () => {
      const element = videoRef.current;
      if (!element) return;
      if (element.paused || element.ended) play();
      else element.pause();
    },
    seek: (target) => {
      const element = videoRef.current;
      if (!element) return;
      const limit = limitNow();
      const allowed = allowedSeek(target, element.currentTime, limit, durationOf(element));
      if (allowed + 0.5 < target) {
        const hint = seekHint(limit);
        if (hint) Toast.info(hint);
      }
      moveTo(allowed);
    },
    changeRate: (next) => {
      const element = videoRef.current;
      if (element && rules.canSpeed) element.playbackRate = next;
    },
    answerQuestion: async (letters) => {
      const current = blockRef.current;
      if (current?.kind !== 'question') throw new Error('当前没有待回答的题目');
      const result = await answerPopupQuestion(sessionId, current.question.id, letters);
      openQuestionsRef.current = openQuestionsRef.current.filter((open) => open.id !== current.question.id);
      return result;
    },
    continueAfterQuestion: () => {
      if (blockRef.current?.kind !== 'question') return;
      setHold(null);
      play();
    },
    confirmIdle: async () => {
      await confirmStudyIdle(sessionId);
      if (blockRef.current?.kind !== 'idle') return;
      setHold(null);
      play();
    },
    facePassed: () => {
      if (blockRef.current?.kind !== 'face') return;
      setHold(null);
      play();
    },
    close,
  };
}
