import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  AffiliatedStudent,
  AffiliatedUnitPage,
  AffiliationOption,
  unitAffiliationDeleteInput,
  unitAffiliationQueryInput,
  unitAffiliationSaveInput,
  unitAffiliationStudentsInput,
} from '../../contract/unit';
import type { ActorScope } from '../../core/action';
import { fieldError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { Unit } from '../unit/unit.model';
import { assertMayChangeAffiliations, assertMayReadAffiliations } from '../unit/unit.policy';
import { loadUnit } from '../unit/unit.service';
import { UnitAffiliation } from './unit-affiliation.model';
import { presentAffiliatedUnit } from './unit-affiliation.presenter';

/**
 * Unit affiliations (docs/product-decisions.md "Unit affiliations"): a unit (挂靠单位) under another
 * unit of its project (主管单位). One supervising unit per unit, no cycles, both units enabled when
 * affiliated. Writes are project staff's with the unit list (the unit policy refuses anyone else);
 * reads are staff's for every unit of their project and a unit manager's for their own unit only.
 * Writes of a project run one at a time (an advisory lock), so two writes cannot make a cycle together.
 */

/** The first key of the per-project advisory lock of affiliation writes. */
const AFFILIATION_LOCK = 4711023;

/** Waits for the project's other affiliation writes to end (released with the transaction). */
async function lockAffiliations(scope: ActorScope, transaction: Transaction): Promise<void> {
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:key, :projectId)', {
    replacements: { key: AFFILIATION_LOCK, projectId: scope.project.id },
    transaction,
  });
}

/** The units above `unitId`: its supervising unit, that one's, and so on (nearest first). */
async function supervisingChain(
  projectId: number,
  unitId: number,
  transaction?: Transaction,
): Promise<number[]> {
  const chain: number[] = [];
  let current = unitId;
  for (;;) {
    const row = await UnitAffiliation.findOne({ where: { projectId, unitId: current }, transaction });
    if (!row || row.supervisingUnitId === unitId || chain.includes(row.supervisingUnitId)) return chain;
    chain.push(row.supervisingUnitId);
    current = row.supervisingUnitId;
  }
}

/** A unit of the project the caller may read the affiliations of; else BusinessError 单位不存在. */
async function readableUnit(scope: ActorScope, unitId: number): Promise<Unit> {
  const unit = await Unit.findOne({ where: { id: unitId, projectId: scope.project.id } });
  assertMayReadAffiliations(scope, unit);
  return unit;
}

/** The ids of the units affiliated under `unitId`. */
async function affiliatedIds(
  projectId: number,
  unitId: number,
  transaction?: Transaction,
): Promise<number[]> {
  const rows = await UnitAffiliation.findAll({
    attributes: ['unitId'],
    where: { projectId, supervisingUnitId: unitId },
    transaction,
  });
  return rows.map((row) => row.unitId);
}

/** The units' names joined by 、, for messages. */
const namesOf = (units: Unit[]) => units.map((unit) => unit.name).join('、');

/**
 * Checks the units to affiliate under `supervising`: of the project (else 单位不存在, as another
 * project's), not the unit itself, enabled, under no other unit, not above it (a cycle). Throws
 * ValidationError naming `affiliatedUnitIds` (or `unitId` for a disabled supervising unit).
 */
async function checkAdditions(
  scope: ActorScope,
  supervising: Unit,
  ids: number[],
  transaction: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  if (ids.includes(supervising.id)) throw fieldError('affiliatedUnitIds', 'self', '单位不能挂靠在自身之下');
  if (supervising.status !== 'ENABLED')
    throw fieldError('unitId', 'status', `主管单位已停用，不能添加挂靠单位：${supervising.name}`);
  const units = await Unit.findAll({ where: { projectId, id: ids }, transaction });
  if (units.length !== ids.length) {
    const found = new Set(units.map((unit) => unit.id));
    throw fieldError(
      'affiliatedUnitIds',
      'exists',
      `单位不存在：${ids.filter((id) => !found.has(id)).join('、')}`,
    );
  }
  const disabled = units.filter((unit) => unit.status !== 'ENABLED');
  if (disabled.length)
    throw fieldError('affiliatedUnitIds', 'status', `单位已停用，不能挂靠：${namesOf(disabled)}`);
  const above = new Set(await supervisingChain(projectId, supervising.id, transaction));
  const cycle = units.filter((unit) => above.has(unit.id));
  if (cycle.length)
    throw fieldError(
      'affiliatedUnitIds',
      'cycle',
      `${namesOf(cycle)}是${supervising.name}的上级主管单位，挂靠关系不能成环`,
    );
  const elsewhere = await UnitAffiliation.findAll({ where: { projectId, unitId: ids }, transaction });
  if (elsewhere.length) {
    const byId = new Map(units.map((unit) => [unit.id, unit.name]));
    const parents = await Unit.findAll({
      attributes: ['id', 'name'],
      where: { projectId, id: elsewhere.map((row) => row.supervisingUnitId) },
      transaction,
    });
    const parentName = new Map(parents.map((unit) => [unit.id, unit.name]));
    const text = elsewhere
      .map((row) => `${byId.get(row.unitId)}（已挂靠在${parentName.get(row.supervisingUnitId) ?? ''}下）`)
      .join('、');
    throw fieldError('affiliatedUnitIds', 'unique', `一个单位只能有一个主管单位：${text}`);
  }
}

/**
 * One affiliation write under `unitId`, as project staff with the unit list (ForbiddenError
 * otherwise; BusinessError 单位不存在 for a unit out of reach), one at a time per project: `change`
 * gets the supervising unit and the ids affiliated under it and answers the audit detail of what it
 * changed (`action` on the unit), or null when nothing changed (no audit).
 */
async function writeAffiliations(
  scope: ActorScope,
  { unitId }: { unitId: number },
  action: string,
  change: (
    supervising: Unit,
    current: number[],
    transaction: Transaction,
  ) => Promise<Record<string, unknown> | null>,
): Promise<null> {
  assertMayChangeAffiliations(scope);
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    await lockAffiliations(scope, transaction);
    const supervising = await loadUnit(scope, unitId, transaction);
    const current = await affiliatedIds(projectId, supervising.id, transaction);
    const detail = await change(supervising, current, transaction);
    if (detail)
      await audit(
        scope,
        { action, projectId, targetType: 'unit', targetId: supervising.id, detail },
        transaction,
      );
  });
  return null;
}

/** Releases the units `ids` from under `supervising`. */
async function release(
  projectId: number,
  supervising: Unit,
  ids: number[],
  transaction: Transaction,
): Promise<void> {
  await UnitAffiliation.destroy({
    where: { projectId, supervisingUnitId: supervising.id, unitId: ids },
    transaction,
  });
}

/**
 * `unit/affiliation-save`: sets the units affiliated under `unitId` to `affiliatedUnitIds`, adding
 * the new ones (checked as `checkAdditions` says) and removing the ones left out. Project staff with
 * the unit list only (ForbiddenError otherwise); BusinessError 单位不存在 for a unit out of reach.
 * Audited (`unit.affiliation-save` with what was added and removed) when anything changed.
 */
export async function saveAffiliations(
  scope: ActorScope,
  input: z.output<typeof unitAffiliationSaveInput>,
): Promise<null> {
  const projectId = scope.project.id;
  return writeAffiliations(
    scope,
    input,
    'unit.affiliation-save',
    async (supervising, current, transaction) => {
      const added = input.affiliatedUnitIds.filter((id) => !current.includes(id));
      const removed = current.filter((id) => !input.affiliatedUnitIds.includes(id));
      if (added.length) await checkAdditions(scope, supervising, added, transaction);
      if (removed.length) await release(projectId, supervising, removed, transaction);
      if (added.length)
        await UnitAffiliation.bulkCreate(
          added.map((unitId) => ({
            projectId,
            unitId,
            supervisingUnitId: supervising.id,
            createdBy: scope.principal.accountId,
          })),
          { transaction },
        );
      return added.length || removed.length ? { added, removed } : null;
    },
  );
}

/**
 * `unit/affiliation-delete`: releases the listed units from under `unitId`; each must be affiliated
 * under it (else ValidationError naming `affiliatedUnitIds`). Project staff with the unit list only.
 * Audited (`unit.affiliation-delete`).
 */
export async function deleteAffiliations(
  scope: ActorScope,
  input: z.output<typeof unitAffiliationDeleteInput>,
): Promise<null> {
  return writeAffiliations(
    scope,
    input,
    'unit.affiliation-delete',
    async (supervising, current, transaction) => {
      const strangers = input.affiliatedUnitIds.filter((id) => !current.includes(id));
      if (strangers.length)
        throw fieldError('affiliatedUnitIds', 'exists', `未挂靠在本单位下：${strangers.join('、')}`);
      await release(scope.project.id, supervising, input.affiliatedUnitIds, transaction);
      return { removed: input.affiliatedUnitIds };
    },
  );
}

/**
 * `unit/affiliation-query`: a page of the units affiliated under `unitId` (by name) with their
 * student counts (student accounts of the unit), and the unit's own supervising unit. A unit manager
 * reads their own unit's only; any other unit answers BusinessError 单位不存在.
 */
export async function queryAffiliations(
  scope: ActorScope,
  input: z.output<typeof unitAffiliationQueryInput>,
): Promise<AffiliatedUnitPage> {
  const projectId = scope.project.id;
  const unit = await readableUnit(scope, input.unitId);
  const from = 'FROM unit_affiliation ua JOIN unit u ON u.id = ua.unit_id AND u.project_id = ua.project_id';
  const filter = new SqlFilter('ua.project_id = :projectId AND ua.supervising_unit_id = :unitId', {
    projectId,
    unitId: unit.id,
  })
    .contains(['u.name'], 'name', input.name, 'ILIKE')
    .bind({ student: ROLE_SYSTEM.STUDENT });
  const query = {
    select: `SELECT u.id, u.name, u.credit_code, u.region_code, u.status, ua.created_at AS affiliated_at,
        (SELECT COUNT(*) FROM account a WHERE a.project_id = ua.project_id AND a.unit_id = u.id
            AND a.role_system = :student AND a.deleted_at IS NULL) AS student_count
       ${from}`,
    countFrom: from,
    filter,
    orderBy: 'u.name, u.id',
  };
  const page = await sqlPageAnswer(scope.sequelize, query, input, presentAffiliatedUnit);
  const parent = await UnitAffiliation.findOne({ where: { projectId, unitId: unit.id } });
  const supervising = parent
    ? await Unit.findOne({ attributes: ['id', 'name'], where: { projectId, id: parent.supervisingUnitId } })
    : null;
  return { ...page, supervisingUnit: supervising ? { id: supervising.id, name: supervising.name } : null };
}

/**
 * `unit/affiliation-options`: the units the picker offers to affiliate under `unitId`: enabled units
 * of the project, not the unit itself, not above it (a cycle) and under no unit yet (those already
 * under it included), by name. Project staff with the unit list; 单位不存在 for a unit out of reach.
 */
export async function affiliationOptions(scope: ActorScope, unitId: number): Promise<AffiliationOption[]> {
  assertMayChangeAffiliations(scope);
  const projectId = scope.project.id;
  const unit = await loadUnit(scope, unitId);
  const above = await supervisingChain(projectId, unit.id);
  const taken = (await UnitAffiliation.findAll({ attributes: ['unitId'], where: { projectId } })).map(
    (row) => row.unitId,
  );
  const units = await Unit.findAll({
    attributes: ['id', 'name', 'creditCode'],
    where: { projectId, status: 'ENABLED', id: { [Op.notIn]: [unit.id, ...above, ...taken] } },
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return units.map((row) => ({ id: row.id, name: row.name, creditCode: row.creditCode }));
}

/**
 * `unit/affiliation-students`: a page of the students (student accounts) of the units affiliated
 * under `unitId`, newest first, ID numbers masked, each with their enrolments (any state but
 * refunded or changed out) and how many of them are passed. Filters: one affiliated unit (another
 * unit gives an empty page), part of the name, the whole ID number, part of the mobile. A unit
 * manager reads their own unit's only; any other unit answers BusinessError 单位不存在.
 */
export async function affiliationStudents(
  scope: ActorScope,
  input: z.output<typeof unitAffiliationStudentsInput>,
): Promise<PageAnswer<AffiliatedStudent>> {
  const projectId = scope.project.id;
  const unit = await readableUnit(scope, input.unitId);
  const affiliated = await affiliatedIds(projectId, unit.id);
  const unitIds = input.affiliatedUnitId
    ? affiliated.filter((id) => id === input.affiliatedUnitId)
    : affiliated;
  const empty = { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  if (unitIds.length === 0) return empty;
  const and: WhereOptions<Account>[] = [{ projectId, roleSystem: ROLE_SYSTEM.STUDENT, unitId: unitIds }];
  if (input.name) and.push({ realName: { [Op.iLike]: containsPattern(input.name) } });
  if (input.idCardNo) and.push({ idCardNo: input.idCardNo });
  if (input.mobile) and.push({ mobile: { [Op.like]: containsPattern(input.mobile) } });
  return modelPage(
    Account,
    {
      where: { [Op.and]: and },
      order: [['id', 'DESC']],
    },
    input,
    async (rows) => {
      if (rows.length === 0) return [];
      const counts = await scope.sequelize.query<{ account_id: number; enrolments: string; passed: string }>(
        `SELECT account_id,
          COUNT(*) FILTER (WHERE status NOT IN ('REFUNDED', 'CHANGED_OUT')) AS enrolments,
          COUNT(*) FILTER (WHERE status = 'PASSED') AS passed
         FROM my_class WHERE project_id = :projectId AND account_id IN (:ids)
        GROUP BY account_id`,
        { replacements: { projectId, ids: rows.map((row) => row.id) }, type: QueryTypes.SELECT },
      );
      const byAccount = new Map(counts.map((row) => [Number(row.account_id), row]));
      const unitName = await namesById(Unit, unitIds, { where: { projectId } });
      return rows.map((row) => ({
        accountId: row.id,
        realName: row.realName,
        idCardNo: row.idCardNo ? maskIdCardNumber(row.idCardNo) : null,
        mobile: row.mobile,
        unitId: row.unitId as number,
        unitName: unitName.get(row.unitId as number) ?? '',
        status: row.status,
        enrolmentCount: Number(byAccount.get(row.id)?.enrolments ?? 0),
        passedCount: Number(byAccount.get(row.id)?.passed ?? 0),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
}
