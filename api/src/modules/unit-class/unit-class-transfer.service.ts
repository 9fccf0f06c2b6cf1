import { Op, QueryTypes, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  UnitClassTransferRecord as TransferRecordView,
  UnitClassTransferTarget,
  UnitClassTransferView,
  unitClassTransferInput,
  unitClassTransferRecordsInput,
} from '../../contract/unit-class-transfer';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { namesById } from '../../db/lookups';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { Unit } from '../unit/unit.model';
import { managedUnitId } from '../unit/unit.policy';
import { UnitClass } from './unit-class.model';
import {
  presentTransferRecord,
  presentUnitClassTransfer,
  type TransferRecordRow,
} from './unit-class.presenter';
import { loadUnitClass, studentCounts, visibleWhere } from './unit-class.service';
import { UnitClassTransfer } from './unit-class-transfer.model';

/**
 * Starting and following transfers of students between unit classes of one class
 * (docs/product-decisions.md "Unit class transfers"). Starting checks both ends under the unit
 * class policy and stages one record per student; the job (`unit-class-transfer.run.ts`) moves them.
 * A unit manager reaches only transfers touching their own unit; another's answer as missing.
 */

const TRANSFER_NOT_FOUND = '转移记录不存在';

/** The enrolment states that are no longer a unit class's student (see "Unit classes"). */
export const LEFT_STATUSES = ['REFUNDED', 'CHANGED_OUT'] as const;

/** The transfers the caller may see: their project's; a unit manager's, those from or to their unit. */
function visibleTransfersWhere(scope: ActorScope): WhereOptions<UnitClassTransfer> {
  const own = managedUnitId(scope);
  return {
    projectId: scope.project.id,
    ...(own === null ? {} : { [Op.or]: [{ fromUnitId: own }, { toUnitId: own }] }),
  } as WhereOptions<UnitClassTransfer>;
}

/** Transfers as answered (one query for the names of their unit classes). */
async function transferViews(rows: UnitClassTransfer[]): Promise<UnitClassTransferView[]> {
  if (rows.length === 0) return [];
  const names = await namesById(
    UnitClass,
    rows.flatMap((row) => [row.fromUnitClassId, row.toUnitClassId]),
    { where: { projectId: rows[0].projectId } },
  );
  return rows.map((row) => presentUnitClassTransfer(row, names));
}

/**
 * `unit-class/transfer`: checks both unit classes, stages a PENDING record per student (the chosen
 * enrolments, or every student of the source) and queues the job, in one transaction; audited.
 * Throws BusinessError 单位班级不存在 for an end out of reach (a unit manager: another unit's), and
 * for the same unit class, another class, a closed target or disabled target unit, a transfer of the
 * source still running, or a source without students (when moving all).
 */
export async function startTransfer(
  scope: ActorScope,
  input: z.output<typeof unitClassTransferInput>,
): Promise<UnitClassTransferView> {
  const projectId = scope.project.id;
  if (input.fromId === input.toId) throw new BusinessError('转入单位班级不能与转出单位班级相同');
  const target = await loadUnitClass(scope, input.toId);
  const created = await scope.sequelize.transaction(async (transaction) => {
    // The source is locked, so two transfers of it cannot start at once.
    const source = await loadUnitClass(scope, input.fromId, transaction);
    if (source.classId !== target.classId) throw new BusinessError('只能转移到同一班级的其他单位班级');
    if (target.state !== 'OPEN') throw new BusinessError('转入单位班级已关闭，不能转入学员');
    const targetUnit = await Unit.findOne({ where: { projectId, id: target.unitId }, transaction });
    if (targetUnit?.status !== 'ENABLED') throw new BusinessError('转入单位班级所属单位已停用');
    const running = await UnitClassTransfer.count({
      where: { projectId, fromUnitClassId: source.id, status: 'RUNNING' },
      transaction,
    });
    if (running) throw new BusinessError('该单位班级有正在进行的转移，请等它完成后再转移');
    const transfer = await UnitClassTransfer.create(
      {
        projectId,
        classId: source.classId,
        fromUnitClassId: source.id,
        toUnitClassId: target.id,
        fromUnitId: source.unitId,
        toUnitId: target.unitId,
        status: 'RUNNING',
        total: 0,
        createdBy: scope.principal.accountId,
      },
      { transaction },
    );
    const common = {
      transferId: transfer.id,
      projectId,
      fromId: source.id,
      toId: target.id,
      createdBy: scope.principal.accountId,
      left: [...LEFT_STATUSES],
    };
    // A chosen enrolment that is not the source's is staged without its account (nothing of it is
    // shown) and fails in the job with its reason.
    const staged = input.myClassIds
      ? await scope.sequelize.query(
          `INSERT INTO unit_class_transfer_record
             (transfer_id, project_id, my_class_id, account_id, from_unit_class_id, to_unit_class_id, created_by, created_at)
           SELECT :transferId, :projectId, chosen.id, mc.account_id, :fromId, :toId, :createdBy, NOW()
             FROM unnest(CAST(ARRAY[:ids] AS INTEGER[])) WITH ORDINALITY AS chosen(id, n)
             LEFT JOIN my_class mc ON mc.id = chosen.id AND mc.project_id = :projectId
                   AND mc.unit_class_id = :fromId AND mc.status NOT IN (:left)
            ORDER BY chosen.n
           RETURNING id`,
          { replacements: { ...common, ids: input.myClassIds }, transaction, type: QueryTypes.SELECT },
        )
      : await scope.sequelize.query(
          `INSERT INTO unit_class_transfer_record
             (transfer_id, project_id, my_class_id, account_id, from_unit_class_id, to_unit_class_id, created_by, created_at)
           SELECT :transferId, :projectId, mc.id, mc.account_id, :fromId, :toId, :createdBy, NOW()
             FROM my_class mc
            WHERE mc.project_id = :projectId AND mc.unit_class_id = :fromId AND mc.status NOT IN (:left)
            ORDER BY mc.id
           RETURNING id`,
          { replacements: common, transaction, type: QueryTypes.SELECT },
        );
    if (staged.length === 0) throw new BusinessError('该单位班级没有可转移的学员');
    await transfer.update({ total: staged.length }, { transaction });
    await audit(
      scope,
      {
        action: 'unit-class.transfer',
        projectId,
        targetType: 'unit-class-transfer',
        targetId: transfer.id,
        detail: {
          fromId: source.id,
          toId: target.id,
          students: staged.length,
          chosen: input.myClassIds !== undefined,
        },
      },
      transaction,
    );
    await scope.jobs.send('unit-class-transfer.run', { transferId: transfer.id }, { transaction });
    return transfer;
  });
  const [view] = await transferViews([created]);
  return view;
}

/** `unit-class/transfer-progress`: where a transfer stands; else BusinessError 转移记录不存在. */
export async function transferProgress(scope: ActorScope, id: number): Promise<UnitClassTransferView> {
  const row = await UnitClassTransfer.findOne({
    where: { [Op.and]: [visibleTransfersWhere(scope), { id }] } as WhereOptions<UnitClassTransfer>,
  });
  if (!row) throw new BusinessError(TRANSFER_NOT_FOUND);
  const [view] = await transferViews([row]);
  return view;
}

/**
 * `unit-class/transfer-records`: a page of the records of transfers in or out of a unit class the
 * caller may see (optionally of one transfer), newest first, with the student's and both ends' names.
 */
export async function transferRecords(
  scope: ActorScope,
  input: z.output<typeof unitClassTransferRecordsInput>,
): Promise<PageAnswer<TransferRecordView>> {
  const unitClass = await loadUnitClass(scope, input.id);
  return sqlPageAnswer<TransferRecordRow, TransferRecordView>(
    scope.sequelize,
    {
      select: `SELECT r.id, r.transfer_id, r.my_class_id, r.account_id, a.real_name, a.mobile,
            r.from_unit_class_id, fc.name AS from_name, fu.name AS from_unit_name,
            r.to_unit_class_id, tc.name AS to_name, tu.name AS to_unit_name,
            r.status, r.reason, r.created_by, COALESCE(c.real_name, c.account_name) AS creator_name,
            r.created_at, r.processed_at
       FROM unit_class_transfer_record r
       JOIN unit_class fc ON fc.id = r.from_unit_class_id
       JOIN unit fu ON fu.id = fc.unit_id
       JOIN unit_class tc ON tc.id = r.to_unit_class_id
       JOIN unit tu ON tu.id = tc.unit_id
       LEFT JOIN account a ON a.id = r.account_id
       LEFT JOIN account c ON c.id = r.created_by`,
      countFrom: 'FROM unit_class_transfer_record r',
      filter: new SqlFilter(
        'r.project_id = :projectId AND (r.from_unit_class_id = :id OR r.to_unit_class_id = :id)',
        { projectId: scope.project.id, id: unitClass.id },
      ).equals('r.transfer_id', 'transferId', input.transferId),
      orderBy: 'r.id DESC',
    },
    input,
    (row) => presentTransferRecord(row, unitClass.id),
  );
}

/**
 * `unit-class/transfer-targets`: the open unit classes of the same class, other than this one, that
 * the caller may move its students to (a unit manager: their own unit's), own unit's first.
 */
export async function transferTargets(scope: ActorScope, id: number): Promise<UnitClassTransferTarget[]> {
  const projectId = scope.project.id;
  const source = await loadUnitClass(scope, id);
  const rows = await UnitClass.findAll({
    where: {
      [Op.and]: [visibleWhere(scope), { classId: source.classId, state: 'OPEN', id: { [Op.ne]: source.id } }],
    } as WhereOptions<UnitClass>,
    order: [
      [UnitClass.sequelize?.literal(`unit_id = ${Number(source.unitId)}`) ?? 'unitId', 'DESC'],
      ['unitId', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: 200,
  });
  if (rows.length === 0) return [];
  const counts = await studentCounts(
    projectId,
    rows.map((row) => row.id),
  );
  const units = await namesById(
    Unit,
    rows.map((row) => row.unitId),
    { where: { projectId } },
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    unitId: row.unitId,
    unitName: units.get(row.unitId) ?? '',
    studentCount: counts.get(row.id) ?? 0,
  }));
}
