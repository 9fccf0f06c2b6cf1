/**
 * The study heartbeat: how the server decides, beat by beat, what a student's player may be
 * credited (domain.md "Study and anti-cheat: the server decides"). Pure: it takes the session and
 * lesson state as stored, one beat and the server's clock, and answers the new state, the seconds
 * credited (or why none) and what the player must do next. `session.service` stores the result.
 */

/** How often the player beats. */
export const BEAT_INTERVAL_SECONDS = 15;
/** The most one beat credits, however long since the last one (a stalled player is not paid for). */
export const BEAT_CAP_SECONDS = 20;
/** Slack for rounding, buffering and timer jitter, in seconds of video. */
export const POSITION_TOLERANCE_SECONDS = 2;
/** A lesson is finished when this share of it was watched ... */
export const FINISH_COVERAGE = 0.95;
/** ... and this share of its length credited. */
export const FINISH_CREDITED = 0.9;

/** Where the student may seek: anywhere, within what was watched, or nowhere ahead. */
export type SeekRule = 'FREE' | 'WATCHED' | 'NONE';

/** Why a beat credited nothing. */
export type BeatRefusal =
  /** Its sequence number is not above the last one (replayed or reordered). */
  | 'OUT_OF_ORDER'
  /** The page was hidden (another tab, the phone locked). */
  | 'HIDDEN'
  /** Faster than 1x where the project does not allow speed. */
  | 'SPEED'
  /** The position jumped (a seek, or a player running faster than the clock): moved, not credited. */
  | 'SEEK'
  /** A jump past what was watched where that is not allowed: the player is sent back. */
  | 'SEEK_AHEAD'
  /** Waiting for the answer to a pop-up question. */
  | 'AWAITING_QUESTION'
  /** Waiting for the student to confirm they are still there. */
  | 'AWAITING_IDLE'
  /** Waiting for a face check to pass. */
  | 'AWAITING_FACE';

/** What the session waits for before it credits again. */
export type Awaiting = { kind: 'QUESTION'; questionId: number } | { kind: 'IDLE' } | { kind: 'FACE' } | null;

/** A watched stretch of the video, in seconds `[start, end]`. */
export type Segment = [number, number];

/** The state of one study session (one device playing one lesson). */
export interface SessionState {
  lastSeq: number;
  /** Server time of the last beat (or of the start), ms since the epoch. */
  lastBeatAt: number;
  /** The position the last beat (or the start) reported, seconds. */
  lastPosition: number;
  awaiting: Awaiting;
  /** When the next anti-idle prompt is due (ms), or null when prompts are off. */
  idleDueAt: number | null;
  /** When the next face check is due (ms), or null when none is. */
  faceDueAt: number | null;
}

/** What the student has of one lesson, across sessions. */
export interface LessonState {
  creditedSeconds: number;
  furthestPosition: number;
  segments: Segment[];
  finished: boolean;
}

/** One beat as the player sends it. */
export interface Beat {
  seq: number;
  /** Seconds into the video. */
  position: number;
  /** Playback rate (1 = normal). */
  rate: number;
  /** Whether the page is visible. */
  visible: boolean;
}

/** The lesson's rules for this student. */
export interface BeatRules {
  durationSeconds: number;
  seek: SeekRule;
  /** Seeking is free once the lesson is finished (`finishVideoCanSeek`). */
  freeSeekWhenFinished: boolean;
  canSpeed: boolean;
  /** Minutes between anti-idle prompts (`videoTaskTime`); 0 = off. */
  idleMinutes: number;
  /** Pop-up questions of the video not yet answered by the student: id and second mark. */
  openQuestions: readonly { id: number; markSecond: number }[];
}

/** What the player is told to do after a beat. */
export type BeatAction =
  | { kind: 'CONTINUE' }
  | { kind: 'SEEK_TO'; position: number }
  | { kind: 'QUESTION'; questionId: number; markSecond: number }
  | { kind: 'IDLE_PROMPT' }
  | { kind: 'FACE_CHECK' };

export interface BeatOutcome {
  session: SessionState;
  lesson: LessonState;
  credited: number;
  refusal: BeatRefusal | null;
  action: BeatAction;
  /** The lesson became finished with this beat. */
  finishedNow: boolean;
}

/** Adds a watched stretch to sorted, disjoint segments, merging those that touch (within a second). */
export function addSegment(segments: readonly Segment[], added: Segment): Segment[] {
  const [from, to] = added[0] <= added[1] ? added : [added[1], added[0]];
  const result: Segment[] = [];
  let current: Segment = [from, to];
  let placed = false;
  for (const segment of segments) {
    if (segment[1] + 1 < current[0]) result.push(segment);
    else if (current[1] + 1 < segment[0]) {
      if (!placed) {
        result.push(current);
        placed = true;
      }
      result.push(segment);
    } else current = [Math.min(segment[0], current[0]), Math.max(segment[1], current[1])];
  }
  if (!placed) result.push(current);
  return result.sort((a, b) => a[0] - b[0]);
}

/** Seconds covered by segments, within the video's length. */
export function coveredSeconds(segments: readonly Segment[], durationSeconds: number): number {
  return segments.reduce(
    (sum, [from, to]) => sum + Math.max(0, Math.min(to, durationSeconds) - Math.max(from, 0)),
    0,
  );
}

/** Whether a lesson's watching meets the finish rule: coverage >= 95% and credited >= 90% of its length. */
export function meetsFinish(
  lesson: Pick<LessonState, 'creditedSeconds' | 'segments'>,
  durationSeconds: number,
): boolean {
  if (durationSeconds <= 0) return false;
  return (
    coveredSeconds(lesson.segments, durationSeconds) >= FINISH_COVERAGE * durationSeconds &&
    lesson.creditedSeconds >= FINISH_CREDITED * durationSeconds
  );
}

/** Whether the student may be at `position` after a jump. */
function mayJumpTo(position: number, lesson: LessonState, rules: BeatRules): boolean {
  if (rules.seek === 'FREE' || (lesson.finished && rules.freeSeekWhenFinished)) return true;
  return position <= lesson.furthestPosition + POSITION_TOLERANCE_SECONDS;
}

/**
 * Judges one beat at server time `now` (ms). The rules, in order: a sequence number not above the
 * last one is refused and changes nothing; a hidden page, a rate above 1x where speed is off, or
 * a session waiting for an answer credit nothing; a position that moved more than the clock allows
 * (backwards, or ahead faster than `wall x rate` + slack) is a seek: not credited, and sent back to
 * the furthest position watched when seeking there is not allowed. Otherwise the beat credits
 * `min(wall time, position advance, BEAT_CAP_SECONDS)`, the stretch counts as watched, and the
 * furthest position moves on. Then: a pop-up question passed pauses the session, a due anti-idle
 * prompt or face check too. The lesson finishes by `meetsFinish`.
 */
export function judgeBeat(
  session: SessionState,
  lesson: LessonState,
  beat: Beat,
  rules: BeatRules,
  now: number,
): BeatOutcome {
  const unchanged = (refusal: BeatRefusal, action: BeatAction = { kind: 'CONTINUE' }): BeatOutcome => ({
    session,
    lesson,
    credited: 0,
    refusal,
    action,
    finishedNow: false,
  });
  if (beat.seq <= session.lastSeq) return unchanged('OUT_OF_ORDER');

  const position = Math.min(Math.max(beat.position, 0), rules.durationSeconds);
  const wall = Math.max(0, (now - session.lastBeatAt) / 1000);
  const advance = position - session.lastPosition;
  const moved: SessionState = { ...session, lastSeq: beat.seq, lastBeatAt: now, lastPosition: position };
  const refused = (
    refusal: BeatRefusal,
    action: BeatAction = { kind: 'CONTINUE' },
    at = moved,
  ): BeatOutcome => ({
    session: at,
    lesson,
    credited: 0,
    refusal,
    action,
    finishedNow: false,
  });

  if (session.awaiting) {
    const action: BeatAction =
      session.awaiting.kind === 'QUESTION'
        ? {
            kind: 'QUESTION',
            questionId: session.awaiting.questionId,
            markSecond:
              rules.openQuestions.find(
                (q) => q.id === (session.awaiting as { questionId: number }).questionId,
              )?.markSecond ?? session.lastPosition,
          }
        : session.awaiting.kind === 'IDLE'
          ? { kind: 'IDLE_PROMPT' }
          : { kind: 'FACE_CHECK' };
    return refused(`AWAITING_${session.awaiting.kind}`, action);
  }
  if (!beat.visible) return refused('HIDDEN');
  const speedAllowed = rules.canSpeed ? Math.max(beat.rate, 1) : 1;
  if (beat.rate > 1.001 && !rules.canSpeed) return refused('SPEED');
  if (advance < -POSITION_TOLERANCE_SECONDS || advance > wall * speedAllowed + POSITION_TOLERANCE_SECONDS) {
    if (advance > 0 && !mayJumpTo(position, lesson, rules)) {
      const back = Math.min(lesson.furthestPosition, rules.durationSeconds);
      return refused('SEEK_AHEAD', { kind: 'SEEK_TO', position: back }, { ...moved, lastPosition: back });
    }
    return refused('SEEK');
  }

  const credited = Math.max(0, Math.min(wall, advance, BEAT_CAP_SECONDS));
  const segments =
    advance > 0 ? addSegment(lesson.segments, [session.lastPosition, position]) : lesson.segments;
  const next: LessonState = {
    creditedSeconds: Math.min(lesson.creditedSeconds + credited, rules.durationSeconds),
    furthestPosition: Math.max(lesson.furthestPosition, position),
    segments,
    finished: lesson.finished,
  };
  const finishedNow = !lesson.finished && meetsFinish(next, rules.durationSeconds);
  if (finishedNow) next.finished = true;

  let action: BeatAction = { kind: 'CONTINUE' };
  let awaiting: Awaiting = null;
  const passed = rules.openQuestions
    .filter((q) => q.markSecond > session.lastPosition && q.markSecond <= position + 0.5)
    .sort((a, b) => a.markSecond - b.markSecond)[0];
  if (passed) {
    awaiting = { kind: 'QUESTION', questionId: passed.id };
    action = { kind: 'QUESTION', questionId: passed.id, markSecond: passed.markSecond };
  } else if (session.faceDueAt !== null && now >= session.faceDueAt) {
    awaiting = { kind: 'FACE' };
    action = { kind: 'FACE_CHECK' };
  } else if (session.idleDueAt !== null && now >= session.idleDueAt) {
    awaiting = { kind: 'IDLE' };
    action = { kind: 'IDLE_PROMPT' };
  }
  return {
    session: { ...moved, awaiting },
    lesson: next,
    credited,
    refusal: null,
    action,
    finishedNow,
  };
}
