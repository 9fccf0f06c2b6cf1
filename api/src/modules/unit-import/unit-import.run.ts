import { isIdCardNumber, isMobile, ROLE_SYSTEM } from '@px/config';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { countChunk, endByCounts, lockJobRow, RUN_SLICE_MS, runInSlices } from '../../core/chunked-job';
import { MOBILE_MESSAGES } from '../account/mobile.service';
import {
  addBatchChildren,
  type BatchChild,
  lockBatchOrder,
  markBatchPaid,
  newBatchNo,
} from '../order/batch-order-state';
import { BatchOrder } from '../order/order.model';
import { chinaToday, notOfferedReason } from '../train-class/class-read';
import { enrolUnitStudents } from '../train-class/enrolment.service';
import { TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { UnitClass } from '../unit-class/unit-class.model';
import { UnitImport } from './unit-import.model';

/**
 * The work of an import job (docs/product-decisions.md "Unit imports and batch orders"), in steps
 * that each commit whole, so a process killed at any point leaves no half-written student and the
 * next run carries on from the rows still pending:
 * 1. VALIDATING: every staged row is checked on its own, against the other rows and against the
 *    project; the verdicts and the next state (INVALID, or IMPORTING with a new batch order) are
 *    written in one transaction. Nothing but the staged rows is written before every row passed.
 * 2. IMPORTING: a chunk of rows at a time, under the import's row lock: accounts created (or
 *    linked), enrolments PENDING_PAY in the unit class, one child order each under the batch order,
 *    rows marked DONE (or FAILED when the project changed meanwhile) and the counts moved on.
 * 3. The end: DONE, PARTIAL (some rows failed while importing) or FAILED (none imported).
 */

/** Rows written per transaction while importing. */
export const IMPORT_CHUNK_ROWS = 500;

/** A staged row as the checks read it. */
interface StagedRow {
  id: number;
  row_no: number;
  real_name: string;
  id_card_no: string;
  mobile: string;
  id_card_lossy: boolean;
}

/** A project account found by ID number. */
interface KnownAccount {
  id: number;
  real_name: string;
  id_card_no: string;
  mobile: string | null;
  role_system: number;
  unit_id: number | null;
  status: string;
  enrolled: boolean;
}

/** A row's refusal on its own: name, ID number (with its check character), mobile. */
function ownRefusal(row: StagedRow): string | null {
  const name = row.real_name;
  if (!name) return '请填写姓名';
  if (name.length < 2 || name.length > 50) return '姓名应为 2-50 个字符';
  if (!row.id_card_no) return '请填写身份证号';
  if (row.id_card_lossy) return '身份证号请以文本格式填写（数字格式会丢失末几位）';
  if (!isIdCardNumber(row.id_card_no)) return '身份证号格式不正确（校验位不符或出生日期无效）';
  if (!row.mobile) return '请填写手机号';
  if (!isMobile(row.mobile)) return '手机号格式不正确';
  return null;
}

/**
 * A row's refusal against the project's account of its ID number: not a student, another name,
 * disabled, of another unit, or already enrolled in the class. Null when the account may be used.
 */
function accountRefusal(row: StagedRow, account: KnownAccount, unitId: number): string | null {
  if (account.role_system !== ROLE_SYSTEM.STUDENT) return '该身份证号已用于工作人员账号';
  if (account.real_name !== row.real_name) return '该身份证号已注册，但姓名与系统中的不一致';
  if (account.status !== 'ENABLED') return '该学员账号已停用';
  if (account.unit_id !== null && account.unit_id !== unitId) return '该学员属于其他单位';
  if (account.enrolled) return '该学员已报名此班级';
  return null;
}

/** The project's accounts of the ID numbers, with whether each holds an active enrolment in the class. */
async function knownAccounts(
  scope: Scope,
  projectId: number,
  classId: number,
  idCardNos: readonly string[],
  transaction?: Transaction,
): Promise<Map<string, KnownAccount>> {
  if (idCardNos.length === 0) return new Map();
  const rows = await scope.sequelize.query<KnownAccount>(
    `SELECT a.id, a.real_name, a.id_card_no, a.mobile, a.role_system, a.unit_id, a.status,
            EXISTS (SELECT 1 FROM my_class mc WHERE mc.account_id = a.id AND mc.class_id = :classId
                      AND mc.status IN ('PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED')) AS enrolled
       FROM account a
      WHERE a.project_id = :projectId AND a.deleted_at IS NULL AND a.id_card_no IN (:idCardNos)`,
    { replacements: { projectId, classId, idCardNos }, transaction, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id_card_no, { ...row, id: Number(row.id) }]));
}

/** Mobiles of the project's students among `mobiles`. */
async function takenMobiles(
  scope: Scope,
  projectId: number,
  mobiles: readonly string[],
  transaction?: Transaction,
): Promise<Set<string>> {
  if (mobiles.length === 0) return new Set();
  const rows = await scope.sequelize.query<{ mobile: string }>(
    `SELECT mobile FROM account WHERE project_id = :projectId AND role_system = :student
        AND deleted_at IS NULL AND mobile IN (:mobiles)`,
    {
      replacements: { projectId, student: ROLE_SYSTEM.STUDENT, mobiles },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  return new Set(rows.map((row) => row.mobile));
}

/** Writes each row's verdict (status and error) in one statement. */
async function writeVerdicts(
  scope: Scope,
  verdicts: readonly {
    id: number;
    status: 'VALID' | 'FAILED' | 'DONE';
    error: string | null;
    accountId?: number;
    orderId?: number;
  }[],
  transaction: Transaction,
): Promise<void> {
  if (verdicts.length === 0) return;
  await scope.sequelize.query(
    `UPDATE unit_import_row r
        SET status = v.status, error = v.error, account_id = v.account_id, order_id = v.order_id
       FROM unnest(CAST(ARRAY[:ids] AS BIGINT[]), CAST(ARRAY[:statuses] AS VARCHAR[]),
                   CAST(ARRAY[:errors] AS VARCHAR[]), CAST(ARRAY[:accountIds] AS INTEGER[]),
                   CAST(ARRAY[:orderIds] AS INTEGER[])) AS v(id, status, error, account_id, order_id)
      WHERE r.id = v.id`,
    {
      replacements: {
        ids: verdicts.map((verdict) => verdict.id),
        statuses: verdicts.map((verdict) => verdict.status),
        errors: verdicts.map((verdict) => verdict.error),
        accountIds: verdicts.map((verdict) => verdict.accountId ?? null),
        orderIds: verdicts.map((verdict) => verdict.orderId ?? null),
      },
      transaction,
    },
  );
}

/** Why the unit class no longer takes students (closed, or its class not offered today), else null. */
async function unitClassRefusal(
  importRow: UnitImport,
  now: Date,
  transaction: Transaction,
): Promise<{ refusal: string | null; trainClass: TrainClass | null; unitClass: UnitClass | null }> {
  const unitClass = await UnitClass.findOne({
    where: { id: importRow.unitClassId, projectId: importRow.projectId },
    transaction,
  });
  if (!unitClass) return { refusal: '单位班级不存在', trainClass: null, unitClass: null };
  const trainClass = await TrainClass.findOne({
    where: { id: unitClass.classId, projectId: importRow.projectId },
    transaction,
  });
  if (!trainClass) return { refusal: '班级不存在', trainClass: null, unitClass };
  if (unitClass.state !== 'OPEN') return { refusal: '单位班级已关闭', trainClass, unitClass };
  const plan = await TrainPlan.findOne({
    attributes: ['status'],
    where: { id: trainClass.planId, projectId: importRow.projectId },
    transaction,
  });
  const reason = notOfferedReason(trainClass, plan?.status ?? '', chinaToday(now));
  return { refusal: reason ? '班级已下架或不在报名时间内' : null, trainClass, unitClass };
}

/** Ends an import that cannot go on with a message (nothing of it is written). */
async function failImport(importRow: UnitImport, message: string, transaction: Transaction): Promise<void> {
  await importRow.update(
    { status: 'FAILED', message, finishedAt: new Date(), failedCount: importRow.total - importRow.okCount },
    { transaction },
  );
}

/**
 * Step 1: checks every staged row and writes the verdicts; with any refusal the import ends INVALID
 * (nothing else written), else a batch order is created and the import moves to IMPORTING.
 */
async function validate(scope: Scope, importId: number, now: Date): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const importRow = await lockJobRow(UnitImport, importId, transaction);
    if (importRow?.status !== 'VALIDATING') return;
    const { refusal, trainClass } = await unitClassRefusal(importRow, now, transaction);
    if (refusal || !trainClass) return failImport(importRow, refusal ?? '班级不存在', transaction);
    const rows = await scope.sequelize.query<StagedRow>(
      `SELECT id, row_no, real_name, id_card_no, mobile, id_card_lossy FROM unit_import_row
        WHERE import_id = :importId ORDER BY row_no`,
      { replacements: { importId }, transaction, type: QueryTypes.SELECT },
    );
    const refusals = new Map<number, string>();
    const firstOf = { id: new Map<string, number>(), mobile: new Map<string, number>() };
    for (const row of rows) {
      const own = ownRefusal(row);
      if (own) {
        refusals.set(row.id, own);
        continue;
      }
      const sameId = firstOf.id.get(row.id_card_no);
      const sameMobile = firstOf.mobile.get(row.mobile);
      if (sameId !== undefined) refusals.set(row.id, `与第 ${sameId} 行身份证号重复`);
      else if (sameMobile !== undefined) refusals.set(row.id, `与第 ${sameMobile} 行手机号重复`);
      firstOf.id.set(row.id_card_no, firstOf.id.get(row.id_card_no) ?? row.row_no);
      firstOf.mobile.set(row.mobile, firstOf.mobile.get(row.mobile) ?? row.row_no);
    }
    const checked = rows.filter((row) => !refusals.has(row.id));
    const accounts = await knownAccounts(
      scope,
      importRow.projectId,
      trainClass.id,
      checked.map((row) => row.id_card_no),
      transaction,
    );
    const fresh = checked.filter((row) => !accounts.has(row.id_card_no));
    const mobiles = await takenMobiles(
      scope,
      importRow.projectId,
      fresh.map((row) => row.mobile),
      transaction,
    );
    for (const row of checked) {
      const account = accounts.get(row.id_card_no);
      const reason = account
        ? accountRefusal(row, account, importRow.unitId)
        : mobiles.has(row.mobile)
          ? MOBILE_MESSAGES.MOBILE_TAKEN
          : null;
      if (reason) refusals.set(row.id, reason);
    }
    await writeVerdicts(
      scope,
      rows.map((row) => {
        const error = refusals.get(row.id) ?? null;
        return { id: row.id, status: error ? 'FAILED' : 'VALID', error };
      }),
      transaction,
    );
    const failed = refusals.size;
    if (failed > 0) {
      await importRow.update(
        {
          status: 'INVALID',
          processed: rows.length,
          okCount: rows.length - failed,
          failedCount: failed,
          finishedAt: new Date(),
        },
        { transaction },
      );
      return;
    }
    const batch = await BatchOrder.create(
      {
        projectId: importRow.projectId,
        unitId: importRow.unitId,
        unitClassId: importRow.unitClassId,
        batchNo: newBatchNo(now),
        status: 'CREATED',
        createdBy: importRow.createdBy,
      },
      { transaction },
    );
    await importRow.update(
      { status: 'IMPORTING', batchOrderId: batch.id, processed: 0, okCount: 0, failedCount: 0 },
      { transaction },
    );
  });
}

/** A row's outcome in a chunk. */
interface Outcome {
  id: number;
  status: 'DONE' | 'FAILED';
  error: string | null;
  accountId?: number;
  orderId?: number;
}

/**
 * Step 2, one chunk: enrols the next pending rows under the import's lock, or ends the import when
 * none is left. Answers whether rows remain.
 */
async function importChunk(scope: Scope, importId: number, now: Date): Promise<boolean> {
  return scope.sequelize.transaction(async (transaction) => {
    const importRow = await lockJobRow(UnitImport, importId, transaction);
    if (importRow?.status !== 'IMPORTING' || importRow.batchOrderId === null) return false;
    const batch = await lockBatchOrder(importRow.projectId, importRow.batchOrderId, transaction);
    if (!batch) return false;
    const rows = await scope.sequelize.query<StagedRow>(
      `SELECT id, row_no, real_name, id_card_no, mobile, id_card_lossy FROM unit_import_row
        WHERE import_id = :importId AND status = 'VALID' ORDER BY row_no LIMIT :limit`,
      { replacements: { importId, limit: IMPORT_CHUNK_ROWS }, transaction, type: QueryTypes.SELECT },
    );
    if (rows.length === 0) {
      await finish(scope, importRow, batch, transaction);
      return false;
    }
    const { refusal, trainClass } = await unitClassRefusal(importRow, now, transaction);
    const outcomes: Outcome[] = [];
    if (refusal || !trainClass || batch.status !== 'CREATED') {
      const reason = refusal ?? '批量订单已不是待支付状态';
      for (const row of rows) outcomes.push({ id: row.id, status: 'FAILED', error: reason });
    } else {
      outcomes.push(...(await enrolRows(scope, importRow, batch, trainClass, rows, transaction)));
    }
    await writeVerdicts(scope, outcomes, transaction);
    const ok = outcomes.filter((outcome) => outcome.status === 'DONE').length;
    await countChunk(importRow, outcomes.length, ok, transaction);
    return true;
  });
}

/**
 * Enrols a chunk of checked rows: checks them again against the project as it is now (another
 * import or a registration may have come between), creates the accounts of new students (no
 * password: they sign in by SMS code or WeChat, or set one with 忘记密码) in the unit, gives
 * existing students without a unit this one, enrols each PENDING_PAY in the unit class and adds
 * their child orders to the batch.
 */
async function enrolRows(
  scope: Scope,
  importRow: UnitImport,
  batch: BatchOrder,
  trainClass: TrainClass,
  rows: readonly StagedRow[],
  transaction: Transaction,
): Promise<Outcome[]> {
  const { projectId, unitId } = importRow;
  const outcomes = new Map<number, Outcome>();
  const accounts = await knownAccounts(
    scope,
    projectId,
    trainClass.id,
    rows.map((row) => row.id_card_no),
    transaction,
  );
  const fresh = rows.filter((row) => !accounts.has(row.id_card_no));
  const mobiles = await takenMobiles(
    scope,
    projectId,
    fresh.map((row) => row.mobile),
    transaction,
  );
  const accountOf = new Map<number, number>();
  for (const row of rows) {
    const account = accounts.get(row.id_card_no);
    const reason = account
      ? accountRefusal(row, account, unitId)
      : mobiles.has(row.mobile)
        ? MOBILE_MESSAGES.MOBILE_TAKEN
        : null;
    if (reason) outcomes.set(row.id, { id: row.id, status: 'FAILED', error: reason });
    else if (account) accountOf.set(row.id, account.id);
  }
  const toCreate = fresh.filter((row) => !outcomes.has(row.id));
  if (toCreate.length) {
    const [role] = await scope.sequelize.query<{ id: number }>(
      "SELECT id FROM role WHERE project_id = :projectId AND code = 'student' AND role_system = :student",
      { replacements: { projectId, student: ROLE_SYSTEM.STUDENT }, transaction, type: QueryTypes.SELECT },
    );
    if (!role) throw new Error(`project ${projectId} has no student role`);
    const created = await scope.sequelize.query<{ id: number; id_card_no: string }>(
      `INSERT INTO account (project_id, unit_id, role_id, role_system, real_name, id_card_no, mobile,
                            status, need_complete, created_at, updated_at)
       SELECT :projectId, :unitId, :roleId, :student, real_name, id_card_no, mobile, 'ENABLED', FALSE, NOW(), NOW()
         FROM unnest(CAST(ARRAY[:names] AS VARCHAR[]), CAST(ARRAY[:idCardNos] AS VARCHAR[]),
                     CAST(ARRAY[:mobiles] AS VARCHAR[])) AS r(real_name, id_card_no, mobile)
       ON CONFLICT DO NOTHING
       RETURNING id, id_card_no`,
      {
        replacements: {
          projectId,
          unitId,
          roleId: role.id,
          student: ROLE_SYSTEM.STUDENT,
          names: toCreate.map((row) => row.real_name),
          idCardNos: toCreate.map((row) => row.id_card_no),
          mobiles: toCreate.map((row) => row.mobile),
        },
        transaction,
        type: QueryTypes.SELECT,
      },
    );
    const createdIds = new Map(created.map((row) => [row.id_card_no, Number(row.id)]));
    for (const row of toCreate) {
      const id = createdIds.get(row.id_card_no);
      if (id) accountOf.set(row.id, id);
      else
        outcomes.set(row.id, {
          id: row.id,
          status: 'FAILED',
          error: '导入期间该身份证号或手机号已被注册，请重新导入此行',
        });
    }
  }
  const linked = [...accountOf.values()];
  if (linked.length)
    await scope.sequelize.query(
      'UPDATE account SET unit_id = :unitId, updated_at = NOW() WHERE id IN (:linked) AND unit_id IS NULL',
      { replacements: { unitId, linked }, transaction },
    );
  const rowsToEnrol = rows.filter((row) => accountOf.has(row.id));
  const enrolmentOf = await enrolUnitStudents(
    scope,
    {
      projectId,
      classId: trainClass.id,
      unitClassId: importRow.unitClassId,
      accountIds: rowsToEnrol.map((row) => accountOf.get(row.id) ?? 0),
    },
    transaction,
  );
  const children: BatchChild[] = [];
  for (const row of rowsToEnrol) {
    const accountId = accountOf.get(row.id) ?? 0;
    const myClassId = enrolmentOf.get(accountId);
    if (!myClassId) {
      outcomes.set(row.id, { id: row.id, status: 'FAILED', error: '该学员已报名此班级' });
      continue;
    }
    children.push({
      accountId,
      myClassId,
      classId: trainClass.id,
      className: trainClass.name,
      classYear: trainClass.year,
      amountFen: trainClass.amountFen,
    });
  }
  const orderIds = await addBatchChildren(
    scope,
    batch,
    children,
    { source: 'STAFF', actorId: importRow.createdBy, reason: '单位导入学员' },
    transaction,
  );
  for (const row of rowsToEnrol) {
    if (outcomes.has(row.id)) continue;
    const accountId = accountOf.get(row.id) ?? 0;
    outcomes.set(row.id, {
      id: row.id,
      status: 'DONE',
      error: null,
      accountId,
      orderId: orderIds.get(accountId),
    });
  }
  return rows.map((row) => outcomes.get(row.id) ?? { id: row.id, status: 'FAILED', error: '导入失败' });
}

/**
 * Step 3: ends the import by its counts; a batch with no child order is cancelled, one that costs
 * nothing (free classes) is paid at once as FREE.
 */
async function finish(
  scope: Scope,
  importRow: UnitImport,
  batch: BatchOrder,
  transaction: Transaction,
): Promise<void> {
  await endByCounts(importRow, '没有学员导入成功', transaction);
  if (batch.status !== 'CREATED') return;
  if (batch.orderCount === 0) {
    await batch.update({ status: 'CANCELLED', cancelledAt: new Date() }, { transaction });
  } else if (batch.totalFen === 0) {
    await markBatchPaid(
      scope,
      batch,
      { channel: 'FREE', paidFen: 0, paidAt: new Date(), remark: '免费班级，导入即开通' },
      { source: 'SYSTEM', actorId: null, reason: '免费班级' },
      transaction,
    );
  }
}

/**
 * Runs an import from wherever it stands until it ends or its time slice is spent. Answers whether
 * work remains (the job then sends itself again). Safe to run twice at once: each step locks the
 * import and takes only rows still pending.
 */
export async function runImport(scope: Scope, importId: number, now = new Date()): Promise<boolean> {
  const started = Date.now();
  await validate(scope, importId, now);
  return runInSlices(() => importChunk(scope, importId, now), RUN_SLICE_MS - (Date.now() - started));
}
