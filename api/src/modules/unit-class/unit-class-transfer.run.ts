import { QueryTypes, type Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { countChunk, endByCounts, lockJobRow, runInSlices } from '../../core/chunked-job';
import { moveToUnitClass } from '../train-class/enrolment.service';
import { UnitClass } from './unit-class.model';
import { UnitClassTransfer } from './unit-class-transfer.model';
import { LEFT_STATUSES } from './unit-class-transfer.service';

/**
 * The work of a transfer job (docs/product-decisions.md "Unit class transfers"): a chunk of pending
 * records per transaction, under the transfer's row lock. Each enrolment is locked and checked
 * again (still the source's, not refunded or changed out); a moved one changes only its unit class
 * (and, across units, its student's account unit); every record ends OK or FAILED with its reason
 * and the counts move on in the same commit. A killed process loses at most the chunk in flight, and
 * a second run at once finds the lock, then only the records still pending.
 */

/** Records moved per transaction. */
export const TRANSFER_CHUNK_ROWS = 500;

export const NOT_IN_SOURCE = '该学员不在转出单位班级中（可能已转出、退款或转班）';

/** A pending record with its enrolment as it stands now (null when it is not the project's). */
interface PendingRecord {
  id: string;
  my_class_id: number;
  account_id: number | null;
}

interface Enrolment {
  id: number;
  account_id: number;
  unit_class_id: number | null;
  status: string;
}

interface Outcome {
  id: string;
  status: 'OK' | 'FAILED';
  reason: string | null;
}

/** Why the target takes no students now (gone or closed), else null. */
async function targetRefusal(transfer: UnitClassTransfer, transaction: Transaction): Promise<string | null> {
  const target = await UnitClass.findOne({
    attributes: ['id', 'state', 'classId'],
    where: { id: transfer.toUnitClassId, projectId: transfer.projectId },
    transaction,
  });
  if (!target || target.classId !== transfer.classId) return '转入单位班级不存在';
  if (target.state !== 'OPEN') return '转入单位班级已关闭';
  return null;
}

/** Moves a chunk's enrolments that are still the source's; answers each record's outcome. */
async function moveChunk(
  scope: Scope,
  transfer: UnitClassTransfer,
  records: readonly PendingRecord[],
  transaction: Transaction,
): Promise<Outcome[]> {
  const { projectId } = transfer;
  const enrolments = await scope.sequelize.query<Enrolment>(
    `SELECT id, account_id, unit_class_id, status FROM my_class
      WHERE project_id = :projectId AND id IN (:ids) ORDER BY id FOR UPDATE`,
    {
      replacements: { projectId, ids: records.map((record) => record.my_class_id) },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  const byId = new Map(enrolments.map((row) => [Number(row.id), row]));
  const left: readonly string[] = LEFT_STATUSES;
  const moved: Enrolment[] = [];
  const outcomes = records.map((record): Outcome => {
    const enrolment = byId.get(record.my_class_id);
    const inSource =
      record.account_id !== null &&
      enrolment !== undefined &&
      enrolment.unit_class_id === transfer.fromUnitClassId &&
      !left.includes(enrolment.status);
    if (!enrolment || !inSource) return { id: record.id, status: 'FAILED', reason: NOT_IN_SOURCE };
    moved.push(enrolment);
    return { id: record.id, status: 'OK', reason: null };
  });
  if (moved.length) {
    await moveToUnitClass(
      scope,
      { projectId, unitClassId: transfer.toUnitClassId, ids: moved.map((row) => row.id) },
      transaction,
    );
    if (transfer.toUnitId !== transfer.fromUnitId)
      await scope.sequelize.query(
        `UPDATE account SET unit_id = :unitId, updated_at = NOW()
          WHERE project_id = :projectId AND id IN (:ids) AND unit_id IS DISTINCT FROM :unitId`,
        {
          replacements: {
            projectId,
            unitId: transfer.toUnitId,
            ids: [...new Set(moved.map((row) => row.account_id))],
          },
          transaction,
        },
      );
  }
  return outcomes;
}

/** Writes each record's outcome in one statement. */
async function writeOutcomes(scope: Scope, outcomes: readonly Outcome[], transaction: Transaction) {
  await scope.sequelize.query(
    `UPDATE unit_class_transfer_record r SET status = v.status, reason = v.reason, processed_at = NOW()
       FROM unnest(CAST(ARRAY[:ids] AS BIGINT[]), CAST(ARRAY[:statuses] AS VARCHAR[]),
                   CAST(ARRAY[:reasons] AS VARCHAR[])) AS v(id, status, reason)
      WHERE r.id = v.id AND r.status = 'PENDING'`,
    {
      replacements: {
        ids: outcomes.map((outcome) => outcome.id),
        statuses: outcomes.map((outcome) => outcome.status),
        reasons: outcomes.map((outcome) => outcome.reason),
      },
      transaction,
    },
  );
}

/**
 * One chunk: moves the next pending records under the transfer's lock, or ends the transfer (DONE,
 * PARTIAL or FAILED by its counts) when none is left. Answers whether records remain.
 */
async function transferChunk(scope: Scope, transferId: number): Promise<boolean> {
  return scope.sequelize.transaction(async (transaction) => {
    const transfer = await lockJobRow(UnitClassTransfer, transferId, transaction);
    if (transfer?.status !== 'RUNNING') return false;
    const records = await scope.sequelize.query<PendingRecord>(
      `SELECT id, my_class_id, account_id FROM unit_class_transfer_record
        WHERE transfer_id = :transferId AND status = 'PENDING' ORDER BY id LIMIT :limit`,
      { replacements: { transferId, limit: TRANSFER_CHUNK_ROWS }, transaction, type: QueryTypes.SELECT },
    );
    if (records.length === 0) {
      await endByCounts(transfer, '没有学员转移成功', transaction);
      return false;
    }
    const refusal = await targetRefusal(transfer, transaction);
    const outcomes = refusal
      ? records.map((record): Outcome => ({ id: record.id, status: 'FAILED', reason: refusal }))
      : await moveChunk(scope, transfer, records, transaction);
    await writeOutcomes(scope, outcomes, transaction);
    const ok = outcomes.filter((outcome) => outcome.status === 'OK').length;
    await countChunk(transfer, outcomes.length, ok, transaction);
    return true;
  });
}

/**
 * Runs a transfer from wherever it stands until it ends or its time slice is spent. Answers whether
 * work remains (the job then sends itself again). Safe to run twice, even at once.
 */
export function runTransfer(scope: Scope, transferId: number): Promise<boolean> {
  return runInSlices(() => transferChunk(scope, transferId));
}
