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
  sendPartingHeartbeat,
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
  /**
   * Seconds played since the last answered beat, as the server will count them (wall time: a 2x
   * second counts half); shown added to the credited time until the next answer confirms or drops them.
   */
  pendingSeconds: number;
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
  /** A last beat of what was played (or `study/end` alone); resolves when the session is over. */
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
/** Positions closer than this are the same place (nothing played between two beats). */
const SAME_POSITION_SECONDS = 0.05;

/**
 * One study session of a lesson, driving its `<video>` (domain.md "Study and anti-cheat: the
 * server decides"): resumes at `resumePosition`, beats every `rules.beatIntervalSeconds` while
 * playing and on pause, end and hide (`{ sessionId, seq, position, rate, visible }`, one at a time,
 * numbered in order), and does what each answer says: SEEK_TO jumps back, QUESTION pauses at the
 * mark with the question, IDLE_PROMPT and FACE_CHECK pause for the student, STOP ends the beats.
 * It also stops at a question's mark by itself (the beat then tells whether the server asks it) and
 * keeps seeking within the rules. No beat is sent while something holds the player, nor one that
 * would report nothing played while paused. The page hidden sends a beat of the stretch played
 * until then (and pauses), closing or leaving the page a last beat (`last`, which ends the session),
 * both with `keepalive` so they reach the server after the page is gone (docs/product-decisions.md
 * "The player"); `study/end` alone when nothing was played since the last beat.
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
  const [pendingSeconds, setPendingSeconds] = useState(0);
  const [furthest, setFurthest] = useState(Math.max(start.furthestPosition, start.resumePosition));

  // What the event handlers read and change between renders.
  const blockRef = useRef<PlayerBlock | null>(initialBlock);
  const finishedRef = useRef(start.finished);
  const furthestRef = useRef(Math.max(start.furthestPosition, start.resumePosition));
  const lastTimeRef = useRef(start.resumePosition);
  const openQuestionsRef = useRef<readonly PlayerQuestion[]>(start.questions);
  const seqRef = useRef(0);
  /** The highest sequence number answered: an older beat's late answer changes nothing. */
  const answeredSeqRef = useRef(0);
  /** The position the last beat sent reported (where the server counts the next stretch from). */
  const sentPositionRef = useRef(start.resumePosition);
  /** Seconds played since the last beat was sent, and those of the beat on its way (`pendingSeconds`). */
  const unsentRef = useRef(0);
  const inFlightRef = useRef(0);
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

  const showPending = () => setPendingSeconds(unsentRef.current + inFlightRef.current);

  /** What was played since the last beat goes with the beat now sent (`seq`). */
  const takeBeat = (position: number): number => {
    seqRef.current += 1;
    sentPositionRef.current = position;
    inFlightRef.current += unsentRef.current;
    unsentRef.current = 0;
    return seqRef.current;
  };

  /** Nothing was played since the last beat: a beat now would report nothing. */
  const nothingPlayedSince = (position: number) =>
    !playingRef.current &&
    !stoppedAtMarkRef.current &&
    Math.abs(position - sentPositionRef.current) < SAME_POSITION_SECONDS;

  /** Does what the answer to beat `seq` says (nothing when a later beat was answered already). */
  const apply = (seq: number, answer: HeartbeatAnswer) => {
    if (seq <= answeredSeqRef.current) return;
    answeredSeqRef.current = seq;
    if (seq === seqRef.current) inFlightRef.current = 0;
    showPending();
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

  /** Where the video stands now (as last seen once it is gone), in what a beat sends. */
  const whereNow = () => {
    const element = videoRef.current;
    return {
      position: tenths(element ? element.currentTime : snapshotRef.current.position),
      rate: beatRate(element ? element.playbackRate : snapshotRef.current.rate),
    };
  };

  /** A beat that did not reach the server: its stretch goes with the next one (the server still counts from before it). */
  const beatLost = (seq: number) => {
    if (seq === seqRef.current) {
      unsentRef.current += inFlightRef.current;
      inFlightRef.current = 0;
      showPending();
    }
    setBeatFailed(true);
  };

  /** Sends one beat now (unless something holds the player, or nothing was played since the last one). */
  const sendBeat = async () => {
    if (blockRef.current) return;
    const { position, rate: playbackRate } = whereNow();
    if (nothingPlayedSince(position)) return;
    const seq = takeBeat(position);
    const beat: HeartbeatPayload = {
      sessionId,
      seq,
      position,
      rate: playbackRate,
      visible: document.visibilityState === 'visible',
    };
    try {
      const answer = await sendHeartbeat(beat);
      if (mountedRef.current && !closingRef.current) apply(seq, answer);
    } catch (error) {
      if (!mountedRef.current || closingRef.current) return;
      if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'cancelled'))
        beatLost(seq);
      else holdFor({ kind: 'stopped', message: messageOf(error), restart: '重新进入' });
    }
  };

  /**
   * The beat of a page being hidden or left (or a player closed): what was played until now, sent
   * with `keepalive` before this returns, so it reaches the server even when the page is gone.
   * The stretch it reports was played in sight (the page hides after it), so it says `visible`.
   * `last` ends the session with it. Answers null when there is nothing to report (something holds
   * the player, or nothing was played since the last beat).
   */
  const sendPartingBeat = (last: boolean): Promise<void> | null => {
    if (blockRef.current) return null;
    const { position, rate: playbackRate } = whereNow();
    if (nothingPlayedSince(position)) return null;
    stopTicking();
    const seq = takeBeat(position);
    const beat: HeartbeatPayload = { sessionId, seq, position, rate: playbackRate, visible: true };
    return sendPartingHeartbeat(last ? { ...beat, last: true } : beat).then(
      (answer) => {
        if (mountedRef.current && !closingRef.current) apply(seq, answer);
      },
      () => {
        if (mountedRef.current && !closingRef.current) beatLost(seq);
      },
    );
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

  /**
   * Ends the session: the last beat (`last`, which ends it) when something was played since the
   * beat before, else `study/end`. With `leaving` (the page is going away) both go at once, before
   * this returns; otherwise after the beat on its way is answered. Both outlive the page.
   */
  // biome-ignore lint/correctness/useExhaustiveDependencies: what it calls reads only refs and the session's constants
  const close = useCallback(
    (leaving = false): Promise<void> => {
      if (closingRef.current) return closingRef.current;
      stopTicking();
      const finish = () => {
        // Read before pausing: the pause would say nothing is playing any more.
        const last = sendPartingBeat(true);
        playingRef.current = false;
        videoRef.current?.pause();
        return last ?? endStudy(sessionId).then(() => undefined);
      };
      const closing = (leaving ? finish() : queueRef.current.then(finish)).catch(() => undefined);
      closingRef.current = closing;
      return closing;
    },
    [sessionId],
  );

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
      if (!blockRef.current && !closingRef.current && document.visibilityState === 'visible') {
        // Counted as the server will: wall time, so a second at 2x is half a second.
        unsentRef.current += (now - from) / Math.max(1, element.playbackRate);
        showPending();
      }
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

  // Hidden (another app, the phone locked, WeChat in the background): a beat of what was played in
  // sight goes at once (the page may never come back), then the video pauses. Left (reloaded,
  // closed, navigated away): the last beat ends the session. Back from the browser's page cache
  // after that: the session is over, a new one starts from 重新进入.
  // biome-ignore lint/correctness/useExhaustiveDependencies: sendPartingBeat and holdFor read only refs and the session's constants
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible' || closingRef.current) return;
      // Paused first, so the beat and the position the pause leaves agree.
      videoRef.current?.pause();
      void sendPartingBeat(false);
    };
    const onPageHide = () => void close(true);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && closingRef.current)
        holdFor({ kind: 'stopped', message: '学习已暂停，请重新进入', restart: '重新进入' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
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
    pendingSeconds,
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
