import type { Sequelize, Transaction } from 'sequelize';
import type { BeatRefusalReason } from '../../contract/study';
import type { MyClassStatus } from '../../contract/train-class';
import type { ActorScope } from '../../core/action';
import { sharedCache } from '../../core/change-feed';
import { type PreparedStatement, runPrepared } from '../../db/prepared';
import type { Awaiting, BeatOutcome, Segment } from './heartbeat';

/**
 * Where the heartbeat reads and writes a session and its lesson. Every read answers the rows'
 * versions (PostgreSQL's `xmin`, which changes with every update of a row), and the write is one
 * statement that locks both rows and writes them (and the refusal) only while both are still at
 * those versions. So a beat may be judged on what a process remembers of the previous beat of the
 * session (`rememberedBeat`) without any read: if anything wrote either row meanwhile (a pop-up
 * answer, a face check, another device, a beat served by another instance), the write changes
 * nothing, answers `undefined`, and the caller judges again under lock.
 */

/** A session and its lesson as a beat reads them. */
export interface BeatRow {
  status: string;
  my_class_id: number;
  progress_id: number;
  last_seq: number;
  last_beat_at: Date;
  last_position: number;
  awaiting: Awaiting;
  open_questions: { id: number; markSecond: number }[];
  idle_due_at: Date | null;
  face_due_at: Date | null;
  duration_seconds: number;
  credited_seconds: number;
  furthest_position: number;
  segments: Segment[];
  finished_at: Date | null;
  enrolment_status: MyClassStatus;
  /** The session row's `xmin`. */
  session_version: string;
  /** The progress row's `xmin`. */
  progress_version: string;
}

const READ_TEXT = `
  SELECT s.status, s.my_class_id, s.progress_id, s.last_seq, s.last_beat_at, s.last_position,
         s.awaiting, s.open_questions, s.idle_due_at, s.face_due_at,
         p.duration_seconds, p.credited_seconds, p.furthest_position, p.segments, p.finished_at,
         m.status AS enrolment_status, s.xmin::text AS session_version, p.xmin::text AS progress_version
    FROM study_session s
    JOIN lesson_progress p ON p.id = s.progress_id AND p.project_id = s.project_id
    JOIN my_class m ON m.id = s.my_class_id AND m.project_id = s.project_id
   WHERE s.id = $1 AND s.project_id = $2 AND s.account_id = $3`;
const READ: PreparedStatement = { name: 'study-beat-read', text: READ_TEXT };
const READ_LOCKED: PreparedStatement = {
  name: 'study-beat-read-locked',
  text: `${READ_TEXT} FOR UPDATE OF s, p`,
};

/**
 * The session of the signed-in student with its lesson, or undefined when it is not theirs. In a
 * transaction both rows are locked (the session first, as `study/start` locks them).
 */
export async function readBeat(
  scope: ActorScope,
  sessionId: string,
  transaction?: Transaction,
): Promise<BeatRow | undefined> {
  const [row] = await runPrepared<BeatRow>(
    scope.sequelize,
    transaction ? READ_LOCKED : READ,
    [sessionId, scope.project.id, scope.principal.accountId],
    transaction,
  );
  return row;
}

const WRITE_TEXT = `
  WITH durability AS (
    SELECT CASE WHEN $20::boolean THEN set_config('synchronous_commit', 'off', true) END AS setting
  ), locked AS (
    SELECT s.id FROM study_session s
      JOIN lesson_progress p ON p.id = s.progress_id AND p.project_id = s.project_id
      CROSS JOIN durability
     WHERE s.id = $1::uuid AND s.project_id = $2::int AND p.id = $3::int
       AND s.xmin = $18::xid AND p.xmin = $19::xid
       FOR UPDATE OF s, p
  ), refusal AS (
    INSERT INTO study_refusal (project_id, session_id, progress_id, seq, reason, position, created_at)
    SELECT $2::int, $1::uuid, $3::int, $4::int, $5::text, $6::float8, $7::timestamptz
      FROM locked WHERE $5::text IS NOT NULL
  ), session AS (
    UPDATE study_session s
       SET last_seq = $8::int, last_beat_at = $9::timestamptz, last_position = $10::float8,
           awaiting = $11::jsonb, credited_seconds = s.credited_seconds + $12::float8
      FROM locked
     WHERE s.id = locked.id AND $13::boolean
    RETURNING s.xmin::text AS version
  )
  UPDATE lesson_progress p
     SET credited_seconds = CASE WHEN $13::boolean THEN $14::float8 ELSE p.credited_seconds END,
         furthest_position = CASE WHEN $13::boolean THEN $15::float8 ELSE p.furthest_position END,
         segments = CASE WHEN $13::boolean THEN $16::jsonb ELSE p.segments END,
         last_position = CASE WHEN $13::boolean THEN $10::float8 ELSE p.last_position END,
         finished_at = CASE WHEN $17::boolean THEN $7::timestamptz ELSE p.finished_at END,
         refused_beats = p.refused_beats + CASE WHEN $5::text IS NOT NULL THEN 1 ELSE 0 END,
         updated_at = $7::timestamptz
    FROM locked
   WHERE p.id = $3::int AND p.project_id = $2::int
  RETURNING p.xmin::text AS progress_version,
            (SELECT version FROM session) AS session_version,
            (SELECT m.status FROM my_class m
              WHERE m.id = p.my_class_id AND m.project_id = p.project_id) AS enrolment_status`;
const WRITE: PreparedStatement = { name: 'study-beat-write', text: WRITE_TEXT };

/** One beat's result to store: the judged outcome (null for a session no longer active) and why nothing was credited. */
export interface BeatWrite {
  seq: number;
  position: number;
  outcome: BeatOutcome | null;
  refusal: BeatRefusalReason | null;
  now: Date;
  /**
   * Commit the beat's transaction without waiting for the write-ahead log to reach the disk
   * (`synchronous_commit = off` for that transaction only). Given outside a transaction: the beat is
   * then its own transaction; in one, it would apply to all the transaction wrote.
   */
  asynchronousCommit?: boolean;
}

/**
 * Stores a beat judged on `row`: the refusal (when there is one), the session moved on (unless it
 * is stopped or the beat came out of order) and its lesson. Answers the rows as they now are, or
 * undefined when either row is no longer at the version `row` was read at (nothing written).
 *
 * With `asynchronousCommit` the statement itself sets `synchronous_commit = off` for its
 * transaction (no round trip added), so the answer does not wait for the write-ahead log to reach
 * the disk (see `heartbeat` in session.service.ts for when and why).
 */
export async function writeBeat(
  scope: ActorScope,
  sessionId: string,
  row: BeatRow,
  { seq, position, outcome, refusal, now, asynchronousCommit = false }: BeatWrite,
  transaction?: Transaction,
): Promise<BeatRow | undefined> {
  const moved = outcome !== null && outcome.refusal !== 'OUT_OF_ORDER';
  const [written] = await runPrepared<
    Pick<BeatRow, 'session_version' | 'progress_version' | 'enrolment_status'>
  >(
    scope.sequelize,
    WRITE,
    [
      sessionId,
      scope.project.id,
      row.progress_id,
      seq,
      refusal,
      position,
      now,
      outcome?.session.lastSeq ?? row.last_seq,
      new Date(outcome?.session.lastBeatAt ?? row.last_beat_at.getTime()),
      outcome?.session.lastPosition ?? row.last_position,
      JSON.stringify(outcome?.session.awaiting ?? null),
      outcome?.credited ?? 0,
      moved,
      outcome?.lesson.creditedSeconds ?? row.credited_seconds,
      outcome?.lesson.furthestPosition ?? row.furthest_position,
      JSON.stringify(outcome?.lesson.segments ?? row.segments),
      outcome?.finishedNow ?? false,
      row.session_version,
      row.progress_version,
      asynchronousCommit,
    ],
    transaction,
  );
  if (!written) return undefined;
  const stored: BeatRow = {
    ...row,
    enrolment_status: written.enrolment_status,
    progress_version: written.progress_version,
    session_version: written.session_version ?? row.session_version,
  };
  if (!moved) return stored;
  return {
    ...stored,
    last_seq: outcome.session.lastSeq,
    last_beat_at: new Date(outcome.session.lastBeatAt),
    last_position: outcome.session.lastPosition,
    awaiting: outcome.session.awaiting,
    credited_seconds: outcome.lesson.creditedSeconds,
    furthest_position: outcome.lesson.furthestPosition,
    segments: outcome.lesson.segments,
    finished_at: outcome.finishedNow ? now : row.finished_at,
  };
}

/**
 * The sessions this process last read or wrote, about 1 KB each: forgotten after five minutes
 * without a beat, and all at once whenever the change feed loses the database (a restart or a
 * failover may have lost what was written, and versions with it). Without a change feed (tests,
 * scripts) nothing is remembered and each beat reads its rows.
 */
const rememberedOf = (sequelize: Sequelize) =>
  sharedCache<BeatRow>(sequelize, 'study-beats', { tables: [], maxEntries: 20_000, maxAgeMs: 5 * 60_000 });

const rememberedKey = (scope: ActorScope, sessionId: string) =>
  `${scope.project.id}|${scope.principal.accountId}|${sessionId}`;

/** The session as this process last read or wrote it (possibly stale: `writeBeat` checks), if recent. */
export function rememberedBeat(scope: ActorScope, sessionId: string): BeatRow | undefined {
  return rememberedOf(scope.sequelize)?.peek(rememberedKey(scope, sessionId));
}

/** Remembers the session as it now is (or forgets it: undefined). */
export function rememberBeat(scope: ActorScope, sessionId: string, row: BeatRow | undefined): void {
  const remembered = rememberedOf(scope.sequelize);
  const key = rememberedKey(scope, sessionId);
  if (row) remembered?.set(key, row);
  else remembered?.delete(key);
}
