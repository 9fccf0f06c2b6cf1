import { DEMO } from '@px/api';
import type { BeatRefusalReason, HeartbeatAnswer, StudyStart } from '@px/api/contract';
import { idCardCheckChar } from '@px/config';
import type { Client } from 'pg';
import { type Envelope, post, signIn } from './api-client';
import { nextBeat, type Play, type Player, type SentBeat, startPlay } from './players';

/**
 * The study heartbeat under load: students made for the bench, each enrolled in a demo class and
 * playing one session of its lesson (one per autocannon connection), and the audit that checks,
 * after each run, that the database credited exactly what the answers said.
 */

/**
 * The demo videos last 5 to 12 s, so an honest player would finish the lesson within a run and its
 * later beats would credit nothing; the bench lengthens the played video to an hour in its own
 * throwaway database (the server never reads the file while crediting).
 */
const LESSON_SECONDS = 3600;
/** Floating-point slack when comparing sums of credited seconds. */
const EPSILON = 1e-6;
/** The most a beat credits (`BEAT_CAP_SECONDS` of the heartbeat judge). */
const BEAT_CAP_SECONDS = 20;

interface BeatAnswer {
  seq: number;
  credited: number;
  refusal: BeatRefusalReason | null;
}

/** One student's session, played by one connection. */
export interface StudyPlay extends Play {
  token: string;
  sessionId: string;
  /** The session's play URL (`study/start`'s `url`: an HLS master playlist for a packaged video). */
  playUrl: string;
  /** Answers and dropped beats since the last settle. */
  answers: BeatAnswer[];
  dropped: SentBeat[];
  /** Every answered refusal and dropped beat of the whole bench, for the final audit. */
  refusalsAnswered: Map<number, BeatRefusalReason>;
  seqsCredited: number[];
  seqsDropped: Set<number>;
  /** The session's credited seconds in the database at the last settle. */
  creditedAtSettle: number;
}

/** What the answers of one run said. */
export interface StudyTally {
  run: string;
  answered: number;
  credited: number;
  creditedSeconds: number;
  /** Answered without credit and without refusal (no position advance). */
  zeroCredit: number;
  refused: number;
  refusedBy: Partial<Record<BeatRefusalReason, number>>;
  /** Answers other than success (respCode), with the first message. */
  failed: number;
  firstFailure: string | null;
  /** Beats whose answer never came (the connection closed at the end of the run, or timed out). */
  dropped: number;
  /** Seconds the database credited for dropped beats (read back at the settle). */
  droppedCreditedSeconds: number;
}

export interface StudyBench {
  player: Player<StudyPlay>;
  classId: number;
  lessonId: number;
  tally: StudyTally;
  runs: StudyTally[];
  /** What the database disagreed with, in words; empty when every check passed. */
  mismatches: string[];
}

const emptyTally = (run: string): StudyTally => ({
  run,
  answered: 0,
  credited: 0,
  creditedSeconds: 0,
  zeroCredit: 0,
  refused: 0,
  refusedBy: {},
  failed: 0,
  firstFailure: null,
  dropped: 0,
  droppedCreditedSeconds: 0,
});

/** Runs `task` over `items`, at most `limit` at a time, answering the results in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function one<T>(db: Client, sql: string, values: unknown[], what: string): Promise<T> {
  const { rows } = await db.query(sql, values);
  const row = rows[0] as T | undefined;
  if (!row) throw new Error(`${what} not found`);
  return row;
}

/**
 * Prepares `count` study sessions on the demo project: the demo class with a single lesson and no
 * pop-up question (with `packaged`, the lesson set to play a demo video of our own HLS package; its
 * video lengthened, see LESSON_SECONDS), `count` students made in the database with the demo
 * student's password hash and enrolled there (STUDYING), each signed in through the real login and
 * `study/start`ed through the API. Throws when the demo data lacks
 * such a class or a call fails.
 */
export async function prepareStudy(
  apiUrl: string,
  db: Client,
  count: number,
  { packaged = false }: { packaged?: boolean } = {},
): Promise<StudyBench> {
  const project = await one<{ id: number }>(
    db,
    'SELECT id FROM project WHERE code = $1',
    [DEMO.projectCode],
    'the demo project',
  );
  const target = await one<{ class_id: number; lesson_id: number; resource_id: number }>(
    db,
    `SELECT c.id AS class_id, l.id AS lesson_id, l.resource_id
       FROM train_class c
       JOIN train_class_course tc ON tc.class_id = c.id
       JOIN course_lesson l ON l.course_id = tc.course_id
      WHERE c.project_id = $1 AND c.on_shelf
        AND CURRENT_DATE BETWEEN c.study_start_date AND c.study_end_date
        AND NOT EXISTS (SELECT 1 FROM resource_question q WHERE q.resource_id = l.resource_id)
        AND (SELECT count(*) FROM train_class_course tc2 JOIN course_lesson l2 ON l2.course_id = tc2.course_id
              WHERE tc2.class_id = c.id) = 1
      ORDER BY c.sort, c.id
      LIMIT 1`,
    [project.id],
    'a demo class with one lesson without pop-up questions',
  );
  if (packaged) {
    // That class's lesson plays the 云点播 video: it plays a video of our own package instead.
    const video = await one<{ id: number }>(
      db,
      `SELECT r.id FROM resource r
        WHERE r.project_id = $1 AND r.status = 'READY' AND r.hls IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM resource_question q WHERE q.resource_id = r.id)
        ORDER BY r.id LIMIT 1`,
      [project.id],
      'a packaged demo video without pop-up questions',
    );
    await db.query('UPDATE course_lesson SET resource_id = $2 WHERE id = $1', [target.lesson_id, video.id]);
    target.resource_id = video.id;
  }
  await db.query('UPDATE resource SET duration_seconds = GREATEST(duration_seconds, $2) WHERE id = $1', [
    target.resource_id,
    LESSON_SECONDS,
  ]);
  // Mobiles 199 + four digits of this run + the student's number, so a reused database takes them too.
  const prefix = `199${String(Date.now() % 10_000).padStart(4, '0')}`;
  // Each with a valid ID number of its own: the demo project asks for the profile before study.
  // A birth date and sequence number per student, from an offset of this run (a reused database).
  const offset = (Date.now() % 10_000) * 1_000;
  const idCardNos = Array.from({ length: count }, (_, index) => {
    const k = offset + index;
    const birth = `${1950 + (k % 50)}${String(1 + (Math.floor(k / 50) % 12)).padStart(2, '0')}${String(1 + (Math.floor(k / 600) % 28)).padStart(2, '0')}`;
    const first17 = `110101${birth}${String(Math.floor(k / 16_800) % 1000).padStart(3, '0')}`;
    return `${first17}${idCardCheckChar(first17)}`;
  });
  const { rows: students } = await db.query<{ id: number; mobile: string }>(
    `INSERT INTO account (project_id, unit_id, role_id, role_system, real_name, mobile, id_card_no, password_hash)
     SELECT a.project_id, a.unit_id, a.role_id, a.role_system, '压测学员' || n, $3 || lpad(n::text, 4, '0'),
            ($5::text[])[n], a.password_hash
       FROM account a, generate_series(1, $2::int) AS n
      WHERE a.project_id = $1 AND a.role_system = 3 AND a.mobile = $4
     RETURNING id, mobile`,
    [project.id, count, prefix, DEMO.accounts.student.mobile, idCardNos],
  );
  if (students.length !== count) throw new Error('the demo student is missing');
  const { rows: enrolments } = await db.query<{ id: number; account_id: number }>(
    `INSERT INTO my_class (project_id, account_id, class_id, status)
     SELECT $1, account_id, $3, 'STUDYING' FROM unnest($2::int[]) AS account_id
     RETURNING id, account_id`,
    [project.id, students.map((student) => student.id), target.class_id],
  );
  const enrolmentOf = new Map(enrolments.map((row) => [row.account_id, row.id]));

  const plays = await mapLimit(students, 4, async (student): Promise<StudyPlay> => {
    const token = await signIn(
      apiUrl,
      { account: student.mobile, password: DEMO.accounts.student.password },
      3,
    );
    const start = await post<StudyStart>(
      `${apiUrl}/api/study/start.action`,
      { myClassId: enrolmentOf.get(student.id), lessonId: target.lesson_id },
      token,
    );
    return {
      ...startPlay(start.resumePosition),
      token,
      sessionId: start.sessionId,
      playUrl: start.url,
      answers: [],
      dropped: [],
      refusalsAnswered: new Map(),
      seqsCredited: [],
      seqsDropped: new Set(),
      creditedAtSettle: 0,
    };
  });

  const bench: StudyBench = {
    player: {
      plays,
      request: (play, beat) => ({
        headers: { 'Content-Type': 'application/json', token: play.token },
        body: JSON.stringify({
          sessionId: play.sessionId,
          seq: beat.seq,
          position: beat.position,
          rate: 1,
          visible: true,
        }),
      }),
      answered: (play, beat, status, body) => recordAnswer(bench, play, beat, status, body),
      dropped: (play, beat) => {
        play.dropped.push(beat);
        play.seqsDropped.add(beat.seq);
        bench.tally.dropped += 1;
      },
    },
    classId: target.class_id,
    lessonId: target.lesson_id,
    tally: emptyTally('(not started)'),
    runs: [],
    mismatches: [],
  };
  return bench;
}

function recordAnswer(bench: StudyBench, play: StudyPlay, beat: SentBeat, status: number, body: string) {
  const tally = bench.tally;
  let answer: Envelope<HeartbeatAnswer> | null = null;
  try {
    answer = JSON.parse(body) as Envelope<HeartbeatAnswer>;
  } catch {
    answer = null;
  }
  if (status !== 200 || answer?.respCode !== 200) {
    tally.failed += 1;
    tally.firstFailure ??= `HTTP ${status}: ${body.slice(0, 200)}`;
    // A failed call changed nothing, or did it? The settle compares with the database either way.
    play.dropped.push(beat);
    play.seqsDropped.add(beat.seq);
    return;
  }
  const { credited, refusal } = answer.attribute;
  play.answers.push({ seq: beat.seq, credited, refusal });
  tally.answered += 1;
  if (refusal) {
    tally.refused += 1;
    tally.refusedBy[refusal] = (tally.refusedBy[refusal] ?? 0) + 1;
    play.refusalsAnswered.set(beat.seq, refusal);
  } else if (credited > 0) {
    tally.credited += 1;
    tally.creditedSeconds += credited;
    play.seqsCredited.push(beat.seq);
  } else tally.zeroCredit += 1;
}

/** Starts counting the answers of a run. */
export function beginStudyRun(bench: StudyBench, run: string): void {
  bench.tally = emptyTally(run);
}

/**
 * A small run by plain requests, as the tests make one (through PgBouncer, on PostgreSQL 15): every
 * play sends a beat a second for `rounds` seconds to `apiUrl`, then the run is settled. Answers its
 * tally.
 */
export async function studyInRounds(
  apiUrl: string,
  bench: StudyBench,
  db: Client,
  run: string,
  rounds = 4,
): Promise<StudyTally> {
  beginStudyRun(bench, run);
  for (let round = 0; round < rounds; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all(
      bench.player.plays.map(async (play) => {
        const beat = nextBeat(play);
        const { headers, body } = bench.player.request(play, beat);
        const answer = await fetch(`${apiUrl}/api/study/heartbeat.action`, { method: 'POST', headers, body });
        bench.player.answered(play, beat, answer.status, await answer.text());
      }),
    );
  }
  return settleStudyRun(bench, db);
}

interface SessionRow {
  id: string;
  last_seq: number;
  session_credited: number;
  progress_credited: number;
}

async function readSessions(db: Client, bench: StudyBench): Promise<Map<string, SessionRow>> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id, s.last_seq, s.credited_seconds AS session_credited, p.credited_seconds AS progress_credited
       FROM study_session s JOIN lesson_progress p ON p.id = s.progress_id
      WHERE s.id = ANY($1::uuid[])`,
    [bench.player.plays.map((play) => play.sessionId)],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const fingerprint = (rows: Map<string, SessionRow>) =>
  [...rows.values()].map((row) => `${row.last_seq}:${row.session_credited}`).join(',');

/**
 * Ends a run: waits until the API has finished the beats still in flight (the sessions stop
 * changing), then checks each session against the answers: its credited seconds must be what it
 * had plus the credits answered, in lesson progress and session alike. autocannon closes its
 * connections at the end of a run, so each session's last beat is processed but never answered:
 * the difference is put down to those dropped beats, allowed only up to what they could earn
 * (their advance), so a wrong credit smaller than that in the same session would go unnoticed.
 * Answers the run's tally.
 */
export async function settleStudyRun(bench: StudyBench, db: Client): Promise<StudyTally> {
  let rows = await readSessions(db, bench);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await readSessions(db, bench);
    const stable = fingerprint(again) === fingerprint(rows);
    rows = again;
    if (stable) break;
  }
  const tally = bench.tally;
  for (const play of bench.player.plays) {
    const row = rows.get(play.sessionId);
    if (!row) {
      bench.mismatches.push(`${tally.run}: session ${play.sessionId} missing`);
      continue;
    }
    const expected = [...play.answers]
      .sort((a, b) => a.seq - b.seq)
      .reduce((sum, answer) => sum + answer.credited, play.creditedAtSettle);
    const difference = row.session_credited - expected;
    // A dropped beat the API processed moved the session's last sequence number to it (or past it).
    const processed = play.dropped.filter((beat) => row.last_seq >= beat.seq);
    const droppedCap = processed.reduce((sum, beat) => sum + Math.min(beat.advance, BEAT_CAP_SECONDS), 0);
    if (difference < -EPSILON || difference > droppedCap + EPSILON)
      bench.mismatches.push(
        `${tally.run}: session ${play.sessionId} credited ${row.session_credited} s, answers say ${expected} s` +
          ` (+ at most ${droppedCap} s for ${processed.length} dropped beats the API processed)`,
      );
    else if (difference > EPSILON) tally.droppedCreditedSeconds += difference;
    if (Math.abs(row.progress_credited - row.session_credited) > EPSILON)
      bench.mismatches.push(
        `${tally.run}: lesson progress of ${play.sessionId} credited ${row.progress_credited} s, its session ${row.session_credited} s`,
      );
    play.creditedAtSettle = row.session_credited;
    play.answers = [];
    play.dropped = [];
  }
  bench.runs.push(tally);
  return tally;
}

/** The final audit of the study scenarios, as written to the results. */
export interface StudyAudit {
  sessions: number;
  beatsAnswered: number;
  beatsCredited: number;
  beatsRefused: number;
  beatsDropped: number;
  creditedSecondsAnswered: number;
  creditedSecondsOfDroppedBeats: number;
  creditedSecondsInDatabase: number;
  refusalRowsInDatabase: number;
  /** Checks that failed, in words; empty when the database holds exactly what was answered. */
  mismatches: string[];
}

/**
 * Checks the whole bench against the database: the lesson progress rows hold the credits answered
 * plus those of dropped beats; every refusal answered is recorded once with its reason and no other
 * refusal is recorded except for dropped beats; no sequence number was credited twice or both
 * credited and refused.
 */
export async function auditStudy(bench: StudyBench, db: Client): Promise<StudyAudit> {
  const sessionIds = bench.player.plays.map((play) => play.sessionId);
  const { rows: totals } = await db.query<{ credited: number | null }>(
    `SELECT sum(p.credited_seconds) AS credited
       FROM lesson_progress p JOIN study_session s ON s.progress_id = p.id
      WHERE s.id = ANY($1::uuid[])`,
    [sessionIds],
  );
  const { rows: refusals } = await db.query<{ session_id: string; seq: number; reason: string }>(
    'SELECT session_id, seq, reason FROM study_refusal WHERE session_id = ANY($1::uuid[])',
    [sessionIds],
  );
  const mismatches = [...bench.mismatches];
  const recorded = new Map<string, string[]>();
  for (const row of refusals) {
    const key = `${row.session_id}:${row.seq}`;
    recorded.set(key, [...(recorded.get(key) ?? []), row.reason]);
  }
  for (const play of bench.player.plays) {
    const credited = new Set(play.seqsCredited);
    if (credited.size !== play.seqsCredited.length)
      mismatches.push(`session ${play.sessionId}: a sequence number was credited twice`);
    for (const [seq, reason] of play.refusalsAnswered) {
      const reasons = recorded.get(`${play.sessionId}:${seq}`) ?? [];
      if (reasons.length !== 1 || reasons[0] !== reason)
        mismatches.push(`session ${play.sessionId} seq ${seq}: refused ${reason}, recorded [${reasons}]`);
    }
  }
  const playOf = new Map(bench.player.plays.map((play) => [play.sessionId, play]));
  for (const row of refusals) {
    const play = playOf.get(row.session_id);
    if (play?.refusalsAnswered.has(row.seq) || play?.seqsDropped.has(row.seq)) continue;
    mismatches.push(
      `session ${row.session_id} seq ${row.seq}: refusal ${row.reason} recorded, never answered`,
    );
  }
  for (const play of bench.player.plays)
    for (const seq of play.seqsCredited)
      if (recorded.has(`${play.sessionId}:${seq}`))
        mismatches.push(`session ${play.sessionId} seq ${seq}: credited and also recorded as refused`);

  const sum = (pick: (tally: StudyTally) => number) =>
    bench.runs.reduce((total, run) => total + pick(run), 0);
  const creditedSecondsAnswered = sum((run) => run.creditedSeconds);
  const creditedSecondsOfDroppedBeats = sum((run) => run.droppedCreditedSeconds);
  const creditedSecondsInDatabase = Number(totals[0]?.credited ?? 0);
  if (Math.abs(creditedSecondsInDatabase - creditedSecondsAnswered - creditedSecondsOfDroppedBeats) > 1e-3)
    mismatches.push(
      `database credited ${creditedSecondsInDatabase} s, answers ${creditedSecondsAnswered} s + dropped ${creditedSecondsOfDroppedBeats} s`,
    );
  return {
    sessions: bench.player.plays.length,
    beatsAnswered: sum((run) => run.answered),
    beatsCredited: sum((run) => run.credited),
    beatsRefused: sum((run) => run.refused),
    beatsDropped: sum((run) => run.dropped + run.failed),
    creditedSecondsAnswered,
    creditedSecondsOfDroppedBeats,
    creditedSecondsInDatabase,
    refusalRowsInDatabase: refusals.length,
    mismatches,
  };
}
