import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  UnitClassItem,
  UnitClassOption,
  UnitClassState,
  UnitClassStudent,
  unitClassOptionsInput,
  unitClassPageInput,
  unitClassSaveInput,
  unitClassStudentsInput,
} from '../../contract/unit-class';
import type { ActorScope } from '../../core/action';
import { BusinessError, fieldError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { namesById, rowsById } from '../../db/lookups';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { chinaToday, classHours, notOfferedReason, offeredWhere } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { Unit } from '../unit/unit.model';
import { managedUnitId, visibleUnitRowsWhere } from '../unit/unit.policy';
import { loadUnit } from '../unit/unit.service';
import { UnitClass } from './unit-class.model';
import { UNIT_CLASS_NOT_FOUND } from './unit-class.policy';
import { presentUnitClass, presentUnitClassStudent, unitClassFacts } from './unit-class.presenter';
import { UnitClassTransfer } from './unit-class-transfer.model';

/**
 * Unit classes (docs/product-decisions.md "Unit classes"): a unit's purchase group for one class.
 * Every read and write passes the unit policy: project staff reach every unit of their project, a
 * unit manager only their own unit's unit classes (another unit's answer 单位班级不存在).
 *
 * Students: the enrolments bought through the unit class (`my_class.unit_class_id`, set by the
 * unit's student import, `modules/unit-import`).
 */

export { UNIT_CLASS_NOT_FOUND };

/** The unit classes the caller may see: their project's, a unit manager's own unit's only. */
export const visibleWhere = (scope: ActorScope): WhereOptions => visibleUnitRowsWhere(scope);

/**
 * The enrolments that are a unit class's students: those bought through it (`my_class.unit_class_id`,
 * set by the unit's import), in any state but the ones that left (refunded, changed out).
 */
function studentsWhere(projectId: number, unitClassId: number): WhereOptions<MyClass> {
  return {
    projectId,
    unitClassId,
    status: { [Op.notIn]: ['REFUNDED', 'CHANGED_OUT'] },
  } as WhereOptions<MyClass>;
}

async function studentCount(row: UnitClass, transaction?: Transaction): Promise<number> {
  return MyClass.count({ where: studentsWhere(row.projectId, row.id), transaction });
}

/** The student count of each of the unit classes `ids` of the project (one query; see studentsWhere). */
export async function studentCounts(projectId: number, ids: number[]): Promise<Map<number, number>> {
  const rows =
    (await UnitClass.sequelize?.query<{ id: number; count: string }>(
      `SELECT unit_class_id AS id, COUNT(*) AS count FROM my_class
        WHERE project_id = :projectId AND unit_class_id IN (:ids) AND status NOT IN ('REFUNDED', 'CHANGED_OUT')
        GROUP BY unit_class_id`,
      { replacements: { projectId, ids }, type: QueryTypes.SELECT },
    )) ?? [];
  return new Map(rows.map((row) => [Number(row.id), Number(row.count)]));
}

/** The transfer records naming each of the unit classes `ids` of the project (either end; one query). */
async function transferCounts(projectId: number, ids: number[]): Promise<Map<number, number>> {
  const rows =
    (await UnitClass.sequelize?.query<{ id: number; count: string }>(
      `SELECT id, COUNT(*) AS count FROM (
         SELECT from_unit_class_id AS id FROM unit_class_transfer
          WHERE project_id = :projectId AND from_unit_class_id IN (:ids)
         UNION ALL
         SELECT to_unit_class_id AS id FROM unit_class_transfer
          WHERE project_id = :projectId AND to_unit_class_id IN (:ids)
       ) ends GROUP BY id`,
      { replacements: { projectId, ids }, type: QueryTypes.SELECT },
    )) ?? [];
  return new Map(rows.map((row) => [Number(row.id), Number(row.count)]));
}

/** Unit classes as lists and details show them (their names and counts loaded for the page). */
async function unitClassItems(scope: ActorScope, rows: UnitClass[]): Promise<UnitClassItem[]> {
  if (rows.length === 0) return [];
  const projectId = rows[0].projectId;
  const ids = rows.map((row) => row.id);
  const [counts, transfers, units, classes] = await Promise.all([
    studentCounts(projectId, ids),
    transferCounts(projectId, ids),
    namesById(
      Unit,
      rows.map((row) => row.unitId),
      { where: { projectId } },
    ),
    rowsById(
      TrainClass,
      rows.map((row) => row.classId),
      { where: { projectId } },
    ),
  ]);
  return rows.map((row) =>
    presentUnitClass(scope, row, {
      unitName: units.get(row.unitId) ?? '',
      trainClass: classes.get(row.classId),
      students: counts.get(row.id) ?? 0,
      transfers: transfers.get(row.id) ?? 0,
    }),
  );
}

/** One unit class the caller may see (locked inside a transaction); else BusinessError 单位班级不存在. */
export async function loadUnitClass(
  scope: ActorScope,
  id: number,
  transaction?: Transaction,
): Promise<UnitClass> {
  const row = await UnitClass.findOne({
    where: { ...visibleWhere(scope), id } as WhereOptions<UnitClass>,
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!row) throw new BusinessError(UNIT_CLASS_NOT_FOUND);
  return row;
}

/** A page of the visible unit classes, newest first. */
export async function pageUnitClasses(
  scope: ActorScope,
  input: z.output<typeof unitClassPageInput>,
): Promise<PageAnswer<UnitClassItem>> {
  const projectId = scope.project.id;
  const where: WhereOptions = {
    ...(input.unitId ? { unitId: input.unitId } : {}),
    ...(input.classId ? { classId: input.classId } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.state ? { state: input.state } : {}),
    ...(input.year
      ? {
          classId: {
            ...(input.classId ? { [Op.eq]: input.classId } : {}),
            [Op.in]: UnitClass.sequelize?.literal(
              `(SELECT id FROM train_class WHERE project_id = ${Number(projectId)} AND year = ${Number(input.year)})`,
            ),
          },
        }
      : {}),
  };
  return newestFirstPage(
    UnitClass,
    { [Op.and]: [visibleWhere(scope), where] } as WhereOptions<UnitClass>,
    input,
    (rows) => unitClassItems(scope, rows),
  );
}

/** One unit class. */
export async function getUnitClass(scope: ActorScope, id: number): Promise<UnitClassItem> {
  const [item] = await unitClassItems(scope, [await loadUnitClass(scope, id)]);
  return item;
}

const NOT_OFFERED_TEXT = {
  OFF_SHELF: '该班级未上架或其培训计划未发布，不能创建单位班级',
  ENROL_CLOSED: '该班级不在报名时间内，不能创建单位班级',
} as const;

/**
 * Creates a unit class for an offered class of the project, or updates one (its class and unit stay).
 * A unit manager's is always of their own unit. Audited. Throws ValidationError naming the field,
 * BusinessError 单位班级不存在 / 单位不存在.
 */
export async function saveUnitClass(
  scope: ActorScope,
  input: z.output<typeof unitClassSaveInput>,
): Promise<UnitClassItem> {
  const projectId = scope.project.id;
  const id = await scope.sequelize.transaction(async (transaction) => {
    const fields = {
      plannedStudents: input.plannedStudents,
      contactName: input.contactName ?? null,
      contactMobile: input.contactMobile ?? null,
      remark: input.remark ?? null,
    };
    if (input.id) {
      const row = await loadUnitClass(scope, input.id, transaction);
      const cls = await TrainClass.findOne({ where: { projectId, id: row.classId }, transaction });
      await row.update({ ...fields, name: input.name ?? cls?.name ?? row.name }, { transaction });
      await audit(
        scope,
        {
          action: 'unit-class.update',
          projectId,
          targetType: 'unit-class',
          targetId: row.id,
          detail: fields,
        },
        transaction,
      );
      return row.id;
    }
    const unitId = managedUnitId(scope) ?? input.unitId;
    if (!unitId) throw fieldError('unitId', 'required', '请选择单位');
    const unit = await loadUnit(scope, unitId, transaction);
    if (unit.status !== 'ENABLED') throw fieldError('unitId', 'status', '该单位已停用');
    if (!input.classId) throw fieldError('classId', 'required', '请选择班级');
    const cls = await TrainClass.findOne({ where: { projectId, id: input.classId }, transaction });
    if (!cls) throw fieldError('classId', 'exists', '班级不存在');
    const plan = await TrainPlan.findOne({ where: { projectId, id: cls.planId }, transaction });
    const reason = notOfferedReason(cls, plan?.status ?? '', chinaToday());
    if (reason) throw fieldError('classId', 'offered', NOT_OFFERED_TEXT[reason]);
    const row = await UnitClass.create(
      {
        ...fields,
        projectId,
        unitId: unit.id,
        classId: cls.id,
        name: input.name ?? cls.name,
        createdBy: scope.principal.accountId,
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'unit-class.create',
        projectId,
        targetType: 'unit-class',
        targetId: row.id,
        detail: { unitId: unit.id, classId: cls.id, name: row.name },
      },
      transaction,
    );
    return row.id;
  });
  return getUnitClass(scope, id);
}

/** Deletes a unit class; refused once it has students or transfer records. Audited. */
export async function deleteUnitClass(scope: ActorScope, id: number): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const row = await loadUnitClass(scope, id, transaction);
    const students = await studentCount(row, transaction);
    // Transfer records name both ends; they stay, so the unit class does too (it may be closed).
    const transfers = students
      ? 0
      : await UnitClassTransfer.count({
          where: { projectId: row.projectId, [Op.or]: [{ fromUnitClassId: id }, { toUnitClassId: id }] },
          transaction,
        });
    authorize(scope, 'unit-class.delete', { ...unitClassFacts(row), students, transfers });
    await row.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'unit-class.delete',
        projectId: scope.project.id,
        targetType: 'unit-class',
        targetId: id,
        detail: { unitId: row.unitId, classId: row.classId, name: row.name },
      },
      transaction,
    );
  });
}

/** Closes (CLOSED) or opens (OPEN) a unit class; the same state again is refused. Audited. */
export async function setUnitClassState(scope: ActorScope, id: number, state: UnitClassState): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const row = await loadUnitClass(scope, id, transaction);
    authorize(scope, state === 'CLOSED' ? 'unit-class.close' : 'unit-class.open', unitClassFacts(row));
    await row.update({ state }, { transaction });
    await audit(
      scope,
      {
        action: state === 'CLOSED' ? 'unit-class.close' : 'unit-class.open',
        projectId: scope.project.id,
        targetType: 'unit-class',
        targetId: id,
      },
      transaction,
    );
  });
}

/** A page of a unit class's students (see the module comment), newest enrolment first. */
export async function unitClassStudents(
  scope: ActorScope,
  input: z.output<typeof unitClassStudentsInput>,
): Promise<PageAnswer<UnitClassStudent>> {
  const projectId = scope.project.id;
  const row = await loadUnitClass(scope, input.id);
  const where = studentsWhere(projectId, row.id);
  const nameWhere = input.name
    ? ({
        accountId: {
          [Op.in]: MyClass.sequelize?.literal(
            `(SELECT id FROM account WHERE project_id = ${Number(projectId)} AND real_name ILIKE ${MyClass.sequelize.escape(containsPattern(input.name))})`,
          ),
        },
      } as WhereOptions<MyClass>)
    : {};
  const listWhere = { [Op.and]: [where, nameWhere], projectId } as WhereOptions<MyClass>;
  return newestFirstPage(MyClass, listWhere, input, async (rows) => {
    const accounts = new Map(
      (await Account.findAll({ where: { projectId, id: rows.map((r) => r.accountId) } })).map((a) => [
        a.id,
        a,
      ]),
    );
    const cls = await TrainClass.findOne({ where: { projectId, id: row.classId } });
    const hours = (await classHours(projectId, [row.classId])).get(row.classId);
    const hideElective = scope.project.settings.hideElective === 1;
    return rows.map((enrolment) =>
      presentUnitClassStudent(enrolment, accounts.get(enrolment.accountId), {
        requiredTenths: hours?.requiredTenths ?? 0,
        electiveTenths: hideElective ? 0 : (cls?.electiveHoursTenths ?? 0),
      }),
    );
  });
}

/** The project's offered classes (on the shelf, plan published, enrolment open), newest year first. */
export async function unitClassOptions(
  scope: ActorScope,
  input: z.output<typeof unitClassOptionsInput>,
): Promise<UnitClassOption[]> {
  const rows = await TrainClass.findAll({
    where: {
      ...offeredWhere(chinaToday()),
      projectId: scope.project.id,
      ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    } as WhereOptions<TrainClass>,
    order: [
      ['year', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 200,
  });
  return rows.map((cls) => ({
    id: cls.id,
    name: cls.name,
    year: cls.year,
    enrolStartDate: cls.enrolStartDate,
    enrolEndDate: cls.enrolEndDate,
  }));
}
