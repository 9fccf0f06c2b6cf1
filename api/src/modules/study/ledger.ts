import { createHash } from 'node:crypto';
import { canonicalJson } from '@px/config/signing';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * The study ledger (docs/regulator.md "The study ledger"): per enrolment, an append-only chain of
 * what study credited (a lesson finished, the hours rolled up, a pop-up answer, a face check, the
 * pass) and of every data correction. Each entry is written in the transaction of what it records
 * and carries the hash of the entry before it, so an entry changed, removed or slipped in behind
 * the application's back breaks the chain from there on; the enrolment's hours must also equal the
 * newest hours the chain holds. The push to the regulator carries the chain's head.
 */

export type LedgerKind = 'OPENING' | 'LESSON' | 'HOURS' | 'POPUP' | 'FACE' | 'PASSED' | 'CORRECTION';

/** What an entry records: integers, strings, booleans and null only (their JSON never changes). */
export type LedgerBody = Record<string, string | number | boolean | null>;

/** The hash an enrolment's first entry names as the one before it. */
export const LEDGER_GENESIS = '0'.repeat(64);

/** The format's version, the first line of every hashed text. */
const FORMAT = 'px-study-ledger/1';

/** The fields of an entry that its hash covers. */
export interface HashedEntry {
  myClassId: number;
  seq: number;
  kind: LedgerKind;
  recordedAt: Date;
  actorId: number | null;
  body: LedgerBody;
  prevHash: string;
}

/**
 * An entry's hash: lower-case hex SHA-256 of the UTF-8 lines format, previous hash, enrolment,
 * sequence number, kind, time (ISO 8601, UTC, milliseconds), actor (or empty) and the canonical
 * JSON of the body, joined by `\n`.
 */
export function entryHash(entry: HashedEntry): string {
  const text = [
    FORMAT,
    entry.prevHash,
    String(entry.myClassId),
    String(entry.seq),
    entry.kind,
    entry.recordedAt.toISOString(),
    entry.actorId === null ? '' : String(entry.actorId),
    canonicalJson(entry.body),
  ].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The advisory-lock class of ledger appends (the second key is the enrolment). */
const LEDGER_LOCK = 24_042;

export interface LedgerRow {
  id: string;
  project_id: number;
  my_class_id: number;
  seq: number;
  kind: LedgerKind;
  body: LedgerBody;
  actor_id: number | null;
  recorded_at: Date;
  prev_hash: string;
  hash: string;
}

/** What an append records. */
export interface LedgerAppend {
  projectId: number;
  myClassId: number;
  kind: LedgerKind;
  body: LedgerBody;
  actorId?: number | null;
  at: Date;
}

/**
 * Appends an entry to its enrolment's chain in `transaction` (the transaction of what it records):
 * appends of one enrolment wait for each other (a transaction-scoped advisory lock), so each names
 * the newest entry as its previous. Answers the new head. Only migration 0042's backfill passes no
 * transaction (it runs inside the caller's, which may be a restore's own; nothing else writes then).
 */
export async function appendLedger(
  sequelize: Sequelize,
  entry: LedgerAppend,
  transaction: Transaction | undefined,
): Promise<{ seq: number; hash: string }> {
  await sequelize.query('SELECT pg_advisory_xact_lock(:lock, :myClassId)', {
    replacements: { lock: LEDGER_LOCK, myClassId: entry.myClassId },
    transaction,
  });
  const [last] = await sequelize.query<{ seq: number; hash: string }>(
    `SELECT seq, hash FROM study_ledger WHERE project_id = :projectId AND my_class_id = :myClassId
      ORDER BY seq DESC LIMIT 1`,
    {
      replacements: { projectId: entry.projectId, myClassId: entry.myClassId },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? LEDGER_GENESIS;
  // Stored at the precision it is hashed at (PostgreSQL keeps microseconds, the hash milliseconds).
  const recordedAt = new Date(entry.at.getTime());
  const actorId = entry.actorId ?? null;
  const hash = entryHash({
    myClassId: entry.myClassId,
    seq,
    kind: entry.kind,
    recordedAt,
    actorId,
    body: entry.body,
    prevHash,
  });
  await sequelize.query(
    `INSERT INTO study_ledger (project_id, my_class_id, seq, kind, body, actor_id, recorded_at, prev_hash, hash)
     VALUES (:projectId, :myClassId, :seq, :kind, CAST(:body AS jsonb), :actorId, :recordedAt, :prevHash, :hash)`,
    {
      replacements: {
        projectId: entry.projectId,
        myClassId: entry.myClassId,
        seq,
        kind: entry.kind,
        body: canonicalJson(entry.body),
        actorId,
        recordedAt,
        prevHash,
        hash,
      },
      transaction,
    },
  );
  return { seq, hash };
}

/** The newest hash of an enrolment's chain, or null when it has no entry. */
export async function ledgerHead(
  sequelize: Sequelize,
  projectId: number,
  myClassId: number,
  transaction?: Transaction,
): Promise<string | null> {
  return (await ledgerHeads(sequelize, projectId, [myClassId], transaction)).get(myClassId) ?? null;
}

/** The ledger's newest hash of each enrolment of `myClassIds` that has entries. */
export async function ledgerHeads(
  sequelize: Sequelize,
  projectId: number,
  myClassIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const rows = await sequelize.query<{ my_class_id: number; hash: string }>(
    `SELECT DISTINCT ON (my_class_id) my_class_id, hash FROM study_ledger
      WHERE project_id = :projectId AND my_class_id IN (:myClassIds)
      ORDER BY my_class_id, seq DESC`,
    { replacements: { projectId, myClassIds: [...myClassIds] }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((row) => [row.my_class_id, row.hash]));
}

/** The hours (tenths) and status an enrolment stands at, as HOURS, OPENING and hour corrections record them. */
export const hoursBody = (enrolment: {
  requiredTenths: number;
  electiveTenths: number;
  status: string;
}): LedgerBody => ({
  requiredTenths: enrolment.requiredTenths,
  electiveTenths: enrolment.electiveTenths,
  status: enrolment.status,
});

/**
 * Starts the chain of every enrolment (of `projectId`, or of all projects) that has hours credited
 * or has finished study but no entry yet: an OPENING entry with the hours it stands at (migration
 * 0042 for what was studied before the ledger; the demo seed for enrolments it makes directly).
 * Answers how many chains it started.
 */
export async function openLedgers(
  sequelize: Sequelize,
  projectId: number | null,
  now: Date,
  transaction: Transaction | undefined,
): Promise<number> {
  const rows = await sequelize.query<{
    id: number;
    project_id: number;
    required_tenths: number;
    elective_tenths: number;
    status: string;
  }>(
    `SELECT m.id, m.project_id, m.required_tenths, m.elective_tenths, m.status FROM my_class m
      WHERE (CAST(:projectId AS integer) IS NULL OR m.project_id = :projectId)
        AND (m.required_tenths + m.elective_tenths > 0 OR m.status IN ('FINISHED_STUDY', 'PASSED'))
        AND NOT EXISTS (SELECT 1 FROM study_ledger l WHERE l.my_class_id = m.id)
      ORDER BY m.id`,
    { replacements: { projectId }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows)
    await appendLedger(
      sequelize,
      {
        projectId: row.project_id,
        myClassId: row.id,
        kind: 'OPENING',
        body: hoursBody({
          requiredTenths: row.required_tenths,
          electiveTenths: row.elective_tenths,
          status: row.status,
        }),
        at: now,
      },
      transaction,
    );
  return rows.length;
}

/** Why an entry does not match (the first of its enrolment's chain found wrong). */
export type LedgerProblem =
  | 'SEQ_GAP' // an entry is missing (or numbered out of order) before this one
  | 'PREV_MISMATCH' // the entry does not name the hash of the one before it
  | 'HASH_MISMATCH' // the entry's content no longer gives its hash
  | 'HOURS_MISMATCH'; // the enrolment's hours differ from the newest hours of its chain

export const LEDGER_PROBLEM_TEXT: Record<LedgerProblem, string> = {
  SEQ_GAP: '序号不连续：此前的账本条目缺失或被插入',
  PREV_MISMATCH: '前一条哈希不符：此前的条目被改动或替换',
  HASH_MISMATCH: '内容与哈希不符：此条目被改动',
  HOURS_MISMATCH: '班级学时与账本最新记录不一致：学时被绕过应用改动',
};

export interface LedgerMismatch {
  projectId: number;
  myClassId: number;
  /** The first entry that does not match (for HOURS_MISMATCH: the newest hours entry). */
  entryId: string | null;
  seq: number | null;
  kind: LedgerKind | null;
  problem: LedgerProblem;
}

export interface LedgerVerification {
  enrolments: number;
  entries: number;
  mismatches: LedgerMismatch[];
}

/** How many enrolments a verification reads at a time. */
const VERIFY_BATCH = 500;

/**
 * Recomputes the chains of a project's enrolments (or every project's, `projectId` null; or one
 * enrolment's) and names, per enrolment, the first entry that does not match: a gap in the
 * numbering, an entry not naming its predecessor's hash, an entry whose content no longer gives its
 * hash; then the enrolment's hours against the newest hours the chain holds. Reads in batches of
 * enrolments; changes nothing.
 */
export async function verifyLedgers(
  sequelize: Sequelize,
  where: { projectId: number | null; myClassId?: number },
  transaction?: Transaction,
): Promise<LedgerVerification> {
  const result: LedgerVerification = { enrolments: 0, entries: 0, mismatches: [] };
  let after = 0;
  for (;;) {
    const ids = (
      await sequelize.query<{ my_class_id: number }>(
        `SELECT DISTINCT my_class_id FROM study_ledger
          WHERE (CAST(:projectId AS integer) IS NULL OR project_id = :projectId)
            AND (CAST(:myClassId AS integer) IS NULL OR my_class_id = :myClassId)
            AND my_class_id > :after
          ORDER BY my_class_id LIMIT ${VERIFY_BATCH}`,
        {
          replacements: { projectId: where.projectId, myClassId: where.myClassId ?? null, after },
          type: QueryTypes.SELECT,
          transaction,
        },
      )
    ).map((row) => row.my_class_id);
    if (!ids.length) return result;
    after = ids[ids.length - 1] ?? after;
    const rows = await sequelize.query<LedgerRow>(
      `SELECT id, project_id, my_class_id, seq, kind, body, actor_id, recorded_at, prev_hash, hash
         FROM study_ledger WHERE my_class_id IN (:ids) ORDER BY my_class_id, seq`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction },
    );
    const enrolments = new Map(
      (
        await sequelize.query<{ id: number; required_tenths: number; elective_tenths: number }>(
          'SELECT id, required_tenths, elective_tenths FROM my_class WHERE id IN (:ids)',
          { replacements: { ids }, type: QueryTypes.SELECT, transaction },
        )
      ).map((row) => [row.id, row]),
    );
    const chains = new Map<number, LedgerRow[]>();
    for (const row of rows) {
      const chain = chains.get(row.my_class_id) ?? [];
      chain.push(row);
      chains.set(row.my_class_id, chain);
    }
    for (const [myClassId, chain] of chains) {
      result.enrolments++;
      result.entries += chain.length;
      const mismatch = chainMismatch(chain, enrolments.get(myClassId));
      if (mismatch) result.mismatches.push(mismatch);
    }
  }
}

/** The first mismatch of one enrolment's chain (entries in seq order), or null. */
function chainMismatch(
  chain: readonly LedgerRow[],
  enrolment: { required_tenths: number; elective_tenths: number } | undefined,
): LedgerMismatch | null {
  let prev = LEDGER_GENESIS;
  let hours: LedgerRow | null = null;
  for (const [index, row] of chain.entries()) {
    const at = (problem: LedgerProblem): LedgerMismatch => ({
      projectId: row.project_id,
      myClassId: row.my_class_id,
      entryId: String(row.id),
      seq: row.seq,
      kind: row.kind,
      problem,
    });
    if (row.seq !== index + 1) return at('SEQ_GAP');
    if (row.prev_hash !== prev) return at('PREV_MISMATCH');
    const recomputed = entryHash({
      myClassId: row.my_class_id,
      seq: row.seq,
      kind: row.kind,
      recordedAt: new Date(row.recorded_at),
      actorId: row.actor_id,
      body: row.body,
      prevHash: row.prev_hash,
    });
    if (recomputed !== row.hash) return at('HASH_MISMATCH');
    if (typeof row.body.requiredTenths === 'number' && typeof row.body.electiveTenths === 'number')
      hours = row;
    prev = row.hash;
  }
  if (
    hours &&
    enrolment &&
    (hours.body.requiredTenths !== enrolment.required_tenths ||
      hours.body.electiveTenths !== enrolment.elective_tenths)
  )
    return {
      projectId: hours.project_id,
      myClassId: hours.my_class_id,
      entryId: String(hours.id),
      seq: hours.seq,
      kind: hours.kind,
      problem: 'HOURS_MISMATCH',
    };
  return null;
}

/** An enrolment's entries in order (the archive shows them). */
export async function ledgerEntries(
  sequelize: Sequelize,
  projectId: number,
  myClassId: number,
): Promise<LedgerRow[]> {
  return sequelize.query<LedgerRow>(
    `SELECT id, project_id, my_class_id, seq, kind, body, actor_id, recorded_at, prev_hash, hash
       FROM study_ledger WHERE project_id = :projectId AND my_class_id = :myClassId ORDER BY seq`,
    { replacements: { projectId, myClassId }, type: QueryTypes.SELECT },
  );
}
