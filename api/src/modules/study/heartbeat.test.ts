import {
  addSegment,
  type Beat,
  type BeatRules,
  coveredSeconds,
  judgeBeat,
  type LessonState,
  meetsFinish,
  type SessionState,
} from './heartbeat';

const START = Date.UTC(2026, 10, 26, 2, 0, 0);
const RULES: BeatRules = {
  durationSeconds: 120,
  seek: 'WATCHED',
  freeSeekWhenFinished: true,
  canSpeed: false,
  idleMinutes: 0,
  openQuestions: [],
};
const fresh = (): { session: SessionState; lesson: LessonState } => ({
  session: {
    lastSeq: 0,
    lastBeatAt: START,
    lastPosition: 0,
    awaiting: null,
    idleDueAt: null,
    faceDueAt: null,
  },
  lesson: { creditedSeconds: 0, furthestPosition: 0, segments: [], finished: false },
});

/** Plays beats at the given (seconds since start, position) pairs, as an honest or dishonest player. */
function play(
  beats: [at: number, position: number, extra?: Partial<Beat>][],
  rules: BeatRules = RULES,
  start = fresh(),
) {
  let { session, lesson } = start;
  const outcomes = [];
  let seq = session.lastSeq;
  for (const [at, position, extra] of beats) {
    const outcome = judgeBeat(
      session,
      lesson,
      { seq: ++seq, position, rate: 1, visible: true, ...extra },
      rules,
      START + at * 1000,
    );
    outcomes.push(outcome);
    ({ session, lesson } = outcome);
  }
  return { session, lesson, outcomes };
}

/** Beats every 15 s of honest play from 0 to `until` seconds. */
const honest = (until: number, from = 0, offset = 0): [number, number][] => {
  const beats: [number, number][] = [];
  for (let t = from + 15; t <= until; t += 15) beats.push([t + offset, t]);
  if ((until - from) % 15) beats.push([until + offset, until]);
  return beats;
};

test('segments merge when they touch and count within the length', () => {
  let segments = addSegment([], [0, 15]);
  segments = addSegment(segments, [30, 45]);
  segments = addSegment(segments, [15.5, 30]);
  expect(segments).toEqual([[0, 45]]);
  expect(coveredSeconds(addSegment(segments, [100, 200]), 120)).toBe(65);
});

test('honest play credits the wall time, covers the video and finishes the lesson', () => {
  const { lesson, outcomes } = play(honest(120));
  expect(outcomes.every((o) => o.refusal === null)).toBe(true);
  expect(lesson).toMatchObject({ creditedSeconds: 120, furthestPosition: 120, finished: true });
  expect(outcomes.filter((o) => o.finishedNow)).toHaveLength(1);
  expect(meetsFinish(lesson, 120)).toBe(true);
});

test('seeking ahead past what was watched is refused and sent back; within it is a seek, not credit', () => {
  const { lesson, outcomes } = play([
    [15, 15],
    [30, 90],
    [45, 30],
  ]);
  expect(outcomes[1]).toMatchObject({
    refusal: 'SEEK_AHEAD',
    credited: 0,
    action: { kind: 'SEEK_TO', position: 15 },
  });
  expect(outcomes[2]).toMatchObject({ refusal: null, credited: 15 });
  expect(lesson.creditedSeconds).toBe(30);
  expect(lesson.furthestPosition).toBe(30);
  // Back within what was watched: allowed, not credited.
  const back = play([[60, 5]], RULES, { session: outcomes[2].session, lesson });
  expect(back.outcomes[0]).toMatchObject({ refusal: 'SEEK', credited: 0 });
});

test('free seeking moves the player without credit; the jumped stretch is not watched', () => {
  const { lesson, outcomes } = play(
    [
      [15, 15],
      [30, 100],
      [45, 115],
    ],
    { ...RULES, seek: 'FREE' },
  );
  expect(outcomes.map((o) => o.refusal)).toEqual([null, 'SEEK', null]);
  expect(lesson.creditedSeconds).toBe(30);
  expect(lesson.segments).toEqual([
    [0, 15],
    [100, 115],
  ]);
  expect(lesson.finished).toBe(false);
});

test('2x playback credits nothing where speed is off, and never more than the clock where it is on', () => {
  const off = play([
    [15, 30, { rate: 2 }],
    [30, 60, { rate: 2 }],
  ]);
  expect(off.outcomes.map((o) => o.refusal)).toEqual(['SPEED', 'SPEED']);
  expect(off.lesson.creditedSeconds).toBe(0);
  // A player lying about its rate runs ahead of the clock: a seek, refused.
  const lying = play([[15, 30]]);
  expect(lying.outcomes[0]?.refusal).toBe('SEEK_AHEAD');
  // Speed allowed: 30 s of video in 15 s credits 15 s.
  const on = play([[15, 30, { rate: 2 }]], { ...RULES, canSpeed: true });
  expect(on.outcomes[0]).toMatchObject({ refusal: null, credited: 15 });
});

test('replayed or reordered sequence numbers change nothing', () => {
  const first = play([
    [15, 15],
    [30, 30],
  ]);
  const replay = judgeBeat(
    first.session,
    first.lesson,
    { seq: 2, position: 45, rate: 1, visible: true },
    RULES,
    START + 45_000,
  );
  expect(replay).toMatchObject({ refusal: 'OUT_OF_ORDER', credited: 0 });
  expect(replay.session).toBe(first.session);
  expect(replay.lesson).toBe(first.lesson);
  const older = judgeBeat(
    first.session,
    first.lesson,
    { seq: 1, position: 45, rate: 1, visible: true },
    RULES,
    START + 45_000,
  );
  expect(older.refusal).toBe('OUT_OF_ORDER');
});

test('beats faster than wall time are not credited', () => {
  // Beats every second claiming 15 s of progress each.
  const { lesson, outcomes } = play([
    [1, 15],
    [2, 30],
    [3, 45],
  ]);
  expect(outcomes.map((o) => o.refusal)).toEqual(['SEEK_AHEAD', 'SEEK_AHEAD', 'SEEK_AHEAD']);
  expect(lesson.creditedSeconds).toBe(0);
});

test('a long gap credits at most the cap; a hidden page credits nothing', () => {
  const gap = play([[120, 20]]);
  expect(gap.outcomes[0]).toMatchObject({ refusal: null, credited: 20 });
  const hidden = play([[15, 15, { visible: false }]]);
  expect(hidden.outcomes[0]).toMatchObject({ refusal: 'HIDDEN', credited: 0 });
});

test('a pop-up question pauses crediting until it is answered', () => {
  const rules = { ...RULES, openQuestions: [{ id: 7, markSecond: 20 }] };
  const { session, outcomes } = play(
    [
      [15, 15],
      [30, 20],
      [45, 35],
    ],
    rules,
  );
  expect(outcomes[1]).toMatchObject({
    refusal: null,
    action: { kind: 'QUESTION', questionId: 7, markSecond: 20 },
  });
  expect(outcomes[2]).toMatchObject({ refusal: 'AWAITING_QUESTION', credited: 0 });
  expect(session.awaiting).toEqual({ kind: 'QUESTION', questionId: 7 });
});

test('an anti-idle prompt falls due and holds crediting; so does a face check', () => {
  const idle = play(honest(45), RULES, {
    ...fresh(),
    session: { ...fresh().session, idleDueAt: START + 30_000 },
  });
  expect(idle.outcomes.map((o) => o.action.kind)).toEqual(['CONTINUE', 'IDLE_PROMPT', 'IDLE_PROMPT']);
  expect(idle.outcomes[2]?.refusal).toBe('AWAITING_IDLE');
  const face = play(honest(30), RULES, {
    ...fresh(),
    session: { ...fresh().session, faceDueAt: START + 15_000 },
  });
  expect(face.outcomes[0]?.action.kind).toBe('FACE_CHECK');
  expect(face.outcomes[1]?.refusal).toBe('AWAITING_FACE');
});

test('once finished, seeking is free when the project says so', () => {
  const done = play(honest(120));
  const after = play([[135, 10]], RULES, { session: done.session, lesson: done.lesson });
  expect(after.outcomes[0]?.refusal).toBe('SEEK');
  const strict = play(
    [
      [135, 10],
      [150, 60],
    ],
    { ...RULES, freeSeekWhenFinished: false },
    {
      session: done.session,
      lesson: { ...done.lesson, furthestPosition: 30 },
    },
  );
  expect(strict.outcomes[1]?.refusal).toBe('SEEK_AHEAD');
});
