import { Op, type Transaction, UniqueConstraintError, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer, RecordStatus } from '../../contract/common';
import { DICTIONARY_TYPE } from '../../contract/dictionary';
import type {
  RegionUnitNode,
  UnitItem,
  UnitOption,
  UnitTrainItem,
  UnitTrainTypeItem,
  unitListInput,
  unitSaveInput,
  unitTrainListInput,
} from '../../contract/unit';
import type { ActorScope } from '../../core/action';
import { BusinessError, fieldError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { dictionaryCodes, listDictionary } from '../dictionary/dictionary.service';
import { isWithinRegion, regionName, regionPath, regionPrefix } from '../dictionary/regions';
import { Unit } from './unit.model';
import {
  assertMayChangeTrainTypes,
  assertMayCreateUnit,
  assertMayManageUnit,
  managedUnitId,
  mayChangeTrainTypes,
  type UnitPolicyScope,
  visibleUnitsWhere,
} from './unit.policy';
import { presentUnit, presentUnitTrainRow } from './unit.presenter';

/**
 * The units of a project. Every read and write goes through the unit policy (`unit.policy.ts`):
 * project staff reach every unit of their project, a unit manager only their own.
 */

/** `where` narrowed to the units the caller may see (the policy's fragment beside it, never merged over it). */
const visible = (scope: UnitPolicyScope, where: WhereOptions<Unit> = {}): WhereOptions<Unit> => ({
  [Op.and]: [visibleUnitsWhere(scope), where],
});

/**
 * One unit the caller may manage (locked for update inside a transaction); a missing unit, another
 * project's, or for a unit manager another unit's, all answer BusinessError 单位不存在.
 */
export async function loadUnit(scope: UnitPolicyScope, id: number, transaction?: Transaction): Promise<Unit> {
  const unit = await Unit.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  assertMayManageUnit(scope, unit);
  return unit;
}

/**
 * One page of the project's units, ordered by name. `regionCode` selects a province, city or
 * county and everything under it; `name` and `creditCode` match parts.
 */
export async function listUnits(
  scope: ActorScope,
  input: z.output<typeof unitListInput>,
): Promise<PageAnswer<UnitItem>> {
  const where: WhereOptions<Unit> = {
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.creditCode ? { creditCode: { [Op.iLike]: containsPattern(input.creditCode) } } : {}),
    ...(input.regionCode ? { regionCode: { [Op.startsWith]: regionPrefix(input.regionCode) } } : {}),
    ...(input.trainType ? { trainTypes: { [Op.contains]: [input.trainType] } } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  return modelPage(
    Unit,
    {
      where: visible(scope, where),
      order: [
        ['name', 'ASC'],
        ['id', 'ASC'],
      ],
    },
    input,
    (rows) => rows.map(presentUnit),
  );
}

/** One unit's details; throws 单位不存在 for a unit the caller may not see. */
export async function getUnit(scope: ActorScope, id: number): Promise<UnitItem> {
  return presentUnit(await loadUnit(scope, id));
}

/** Refuses training-type codes that the project's `train-type` dictionary does not have. */
async function checkTrainTypes(scope: ActorScope, trainTypes: string[], transaction?: Transaction) {
  const known = await dictionaryCodes(scope.project.id, DICTIONARY_TYPE.TRAIN_TYPE, transaction);
  const unknown = trainTypes.filter((code) => !known.has(code));
  if (unknown.length) throw fieldError('trainTypes', 'exists', `培训类型不存在：${unknown.join('、')}`);
}

/**
 * Creates or updates a unit. Creating needs project staff with the unit list screen; a unit manager
 * edits only their own unit and not its training types (the unit policy). The name and credit code
 * are unique in the project, the region lies within the project's area, the training types exist.
 * Audited. Throws ValidationError naming the field, BusinessError 单位不存在, ForbiddenError.
 */
export async function saveUnit(scope: ActorScope, input: z.output<typeof unitSaveInput>): Promise<UnitItem> {
  if (!input.id) assertMayCreateUnit(scope);
  const projectId = scope.project.id;
  const area = String(scope.project.settings.projectArea);
  if (!isWithinRegion(input.regionCode, area))
    throw fieldError(
      'regionCode',
      'region',
      `所在地区须在项目区域${regionName(area) ? `（${regionName(area)}）` : ''}内`,
    );
  const others = { projectId, ...(input.id ? { id: { [Op.ne]: input.id } } : {}) };
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      const existing = input.id ? await loadUnit(scope, input.id, transaction) : null;
      const trainTypes = input.trainTypes ?? existing?.trainTypes ?? [];
      assertMayChangeTrainTypes(scope, existing?.trainTypes ?? [], trainTypes);
      if (input.trainTypes && mayChangeTrainTypes(scope))
        await checkTrainTypes(scope, input.trainTypes, transaction);
      if (await Unit.count({ where: { ...others, name: input.name }, transaction }))
        throw fieldError('name', 'unique', '单位名称已存在');
      if (
        input.creditCode &&
        (await Unit.count({ where: { ...others, creditCode: input.creditCode }, transaction }))
      )
        throw fieldError('creditCode', 'unique', '统一社会信用代码已被其他单位使用');
      const fields = {
        name: input.name,
        creditCode: input.creditCode ?? null,
        contactName: input.contactName ?? null,
        contactMobile: input.contactMobile ?? null,
        regionCode: input.regionCode,
        address: input.address ?? null,
        trainTypes,
        remark: input.remark ?? null,
      };
      let unit: Unit;
      if (!existing) {
        unit = await Unit.create({ projectId, ...fields }, { transaction });
      } else {
        await existing.update(fields, { transaction });
        unit = existing;
      }
      await audit(
        scope,
        {
          action: existing ? 'unit.update' : 'unit.create',
          projectId,
          targetType: 'unit',
          targetId: unit.id,
          detail: fields,
        },
        transaction,
      );
      return presentUnit(unit);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const field = JSON.stringify(error.fields ?? {}).includes('credit_code') ? 'creditCode' : 'name';
      throw fieldError(
        field,
        'unique',
        field === 'name' ? '单位名称已存在' : '统一社会信用代码已被其他单位使用',
      );
    }
    throw error;
  }
}

/**
 * The units the caller may see grouped by region, province -> city -> county, listing only regions
 * that have units; a unit sits in the node of its own region (a county, or a city or province).
 * Units without a region come last under 未设置地区 (code '').
 */
export async function unitBaseTree(scope: ActorScope): Promise<RegionUnitNode[]> {
  const units = await Unit.findAll({
    where: visible(scope),
    attributes: ['id', 'name', 'status', 'regionCode'],
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const roots: RegionUnitNode[] = [];
  const nodes = new Map<string, RegionUnitNode>();
  const nodeOf = (code: string, siblings: RegionUnitNode[]): RegionUnitNode => {
    let node = nodes.get(code);
    if (!node) {
      node = { code, name: code ? (regionName(code) ?? code) : '未设置地区', units: [], children: [] };
      nodes.set(code, node);
      siblings.push(node);
    }
    return node;
  };
  let unplaced: RegionUnitNode | null = null;
  for (const unit of units) {
    const path = unit.regionCode ? regionPath(unit.regionCode) : [];
    let node: RegionUnitNode;
    if (!path.length) {
      unplaced ??= { code: '', name: '未设置地区', units: [], children: [] };
      node = unplaced;
    } else {
      let siblings = roots;
      node = nodeOf(path[0], siblings);
      for (const code of path.slice(1)) {
        siblings = node.children;
        node = nodeOf(code, siblings);
      }
    }
    node.units.push({ id: unit.id, name: unit.name, status: unit.status });
  }
  const sortTree = (list: RegionUnitNode[]) => {
    list.sort((a, b) => a.code.localeCompare(b.code));
    for (const node of list) sortTree(node.children);
  };
  sortTree(roots);
  return unplaced ? [...roots, unplaced] : roots;
}

/** The enabled units the caller may see as id/name pairs, by name, for selects. */
export async function allUnitOptions(scope: ActorScope): Promise<UnitOption[]> {
  const units = await Unit.findAll({
    where: visible(scope, { status: 'ENABLED' }),
    attributes: ['id', 'name'],
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return units.map((unit) => ({ id: unit.id, name: unit.name }));
}

/**
 * Sets the training types of one or more units in one transaction; refuses the whole change when
 * any id is not a unit the caller may manage (naming `field`'s ids), or when the caller may not
 * choose training types. Audited per unit.
 */
export async function updateTrainTypes(
  scope: ActorScope,
  ids: number[],
  trainTypes: string[],
  field: 'id' | 'ids',
): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    await checkTrainTypes(scope, trainTypes, transaction);
    const units = await Unit.findAll({
      where: visible(scope, { id: ids }),
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (units.length !== ids.length) {
      if (field === 'id') throw new BusinessError('单位不存在');
      const found = new Set(units.map((unit) => unit.id));
      const missing = ids.filter((id) => !found.has(id));
      throw fieldError('ids', 'exists', `单位不存在：${missing.join('、')}`);
    }
    for (const unit of units) assertMayChangeTrainTypes(scope, unit.trainTypes, trainTypes);
    await Unit.update({ trainTypes }, { where: { projectId, id: ids }, transaction });
    for (const unit of units)
      await audit(
        scope,
        {
          action: 'unit.train-types',
          projectId,
          targetType: 'unit',
          targetId: unit.id,
          detail: { before: unit.trainTypes, after: trainTypes },
        },
        transaction,
      );
  });
}

/** Enables or disables a unit the caller may manage. Audited. Throws 单位不存在. */
export async function setUnitStatus(scope: ActorScope, id: number, status: RecordStatus): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const unit = await loadUnit(scope, id, transaction);
    if (unit.status === status) return;
    await unit.update({ status }, { transaction });
    await audit(
      scope,
      {
        action: status === 'DISABLED' ? 'unit.disable' : 'unit.enable',
        projectId: scope.project.id,
        targetType: 'unit',
        targetId: id,
      },
      transaction,
    );
  });
}

/**
 * `unit/train-type`: the training types units may be given (the project's dictionary `train-type`,
 * shared entries overridden by the project's own), each with how many units the caller sees have
 * it; types no longer in the dictionary but still on units are listed after them by code.
 */
export async function unitTrainTypes(scope: ActorScope): Promise<UnitTrainTypeItem[]> {
  const items = await listDictionary(scope.project.id, DICTIONARY_TYPE.TRAIN_TYPE);
  const units = await Unit.findAll({ where: visible(scope), attributes: ['trainTypes'] });
  const counts = new Map<string, number>();
  for (const unit of units)
    for (const code of new Set(unit.trainTypes)) counts.set(code, (counts.get(code) ?? 0) + 1);
  const known = new Set(items.map((item) => item.code));
  const stale = [...counts.keys()].filter((code) => !known.has(code)).sort();
  return [
    ...items.map((item) => ({
      code: item.code,
      label: item.label,
      sort: item.sort,
      unitCount: counts.get(item.code) ?? 0,
    })),
    ...stale.map((code) => ({
      code,
      label: code,
      sort: Number.MAX_SAFE_INTEGER,
      unitCount: counts.get(code) ?? 0,
    })),
  ];
}

/**
 * `unit/train-list`: the classes the unit's students are trained in, newest enrolment first. An
 * enrolment counts for the unit when it came through one of the unit's unit classes, or when its
 * student belongs to the unit (registered or imported under it); refunded and changed-out
 * enrolments do not count. A unit manager sees their own unit only; another unit answers 单位不存在.
 */
export async function unitTrainList(
  scope: ActorScope,
  input: z.output<typeof unitTrainListInput>,
): Promise<PageAnswer<UnitTrainItem>> {
  const unitId = input.unitId ?? managedUnitId(scope) ?? undefined;
  if (unitId === undefined) throw fieldError('unitId', 'required', '请选择单位');
  const unit = await loadUnit(scope, unitId);
  const from = `FROM my_class m
      JOIN account a ON a.id = m.account_id AND a.project_id = m.project_id
      JOIN train_class c ON c.id = m.class_id AND c.project_id = m.project_id
      LEFT JOIN unit_class uc ON uc.id = m.unit_class_id AND uc.project_id = m.project_id`;
  const filter = new SqlFilter('m.project_id = :projectId', { projectId: scope.project.id })
    .where('(uc.unit_id = :unitId OR a.unit_id = :unitId)', { unitId: unit.id })
    .where(`m.status NOT IN ('REFUNDED', 'CHANGED_OUT')`)
    .contains(['c.name'], 'className', input.className, 'ILIKE')
    .equals('c.year', 'year', input.year);
  const query = {
    select: `SELECT c.id AS class_id, c.name AS class_name, c.year,
        to_char(c.study_start_date, 'YYYY-MM-DD') AS study_start_date,
        to_char(c.study_end_date, 'YYYY-MM-DD') AS study_end_date,
        count(*) AS enrolled,
        count(*) FILTER (WHERE m.status = 'PENDING_PAY') AS pending_pay,
        count(*) FILTER (WHERE m.status = 'STUDYING') AS studying,
        count(*) FILTER (WHERE m.status = 'FINISHED_STUDY') AS finished_study,
        count(*) FILTER (WHERE m.status = 'PASSED') AS passed,
        max(m.created_at) AS last_enrolled_at
     ${from}`,
    countFrom: from,
    filter,
    groupBy: 'c.id, c.name, c.year, c.study_start_date, c.study_end_date',
    countOf: 'DISTINCT m.class_id',
    orderBy: 'last_enrolled_at DESC, c.id DESC',
  };
  return sqlPageAnswer(scope.sequelize, query, input, presentUnitTrainRow);
}
