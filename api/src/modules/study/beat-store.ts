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

// The statements themselves are the functions of migration 0090 (PL/pgSQL prepares and plans them
// once per server connection, which works through a transaction pooler too).
const READ: PreparedStatement = {
  name: 'study-beat-read',
  text: 'SELECT * FROM study_beat_read($1::uuid, $2::int, $3::int, false)',
};
const READ_LOCKED: PreparedStatement = {
  name: 'study-beat-read-locked',
  text: 'SELECT * FROM study_beat_read($1::uuid, $2::int, $3::int, true)',
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

const WRITE: PreparedStatement = {
  name: 'study-beat-write',
  text: `SELECT * FROM study_beat_write($1::uuid, $2::int, $3::int, $4::int, $5::text, $6::float8,
    $7::timestamptz, $8::int, $9::timestamptz, $10::float8, $11::jsonb, $12::float8, $13::boolean,
    $14::float8, $15::float8, $16::jsonb, $17::boolean, $18::xid, $19::xid, $20::boolean)`,
};

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
