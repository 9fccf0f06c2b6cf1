import { Op, type Order, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  CMS_PLACE_STATUS,
  type CmsApplyCounts,
  type CmsApplyStatus,
  type CmsBatchOption,
  type CmsBatchRow,
  type cmsBatchPageInput,
  type cmsBatchSaveInput,
  type OpenCmsBatch,
} from '../../contract/cms';
import type { PageAnswer } from '../../contract/common';
import { VOCATION_MESSAGES } from '../../contract/dictionary';
import type { ActorScope, TenantScope } from '../../core/action';
import {
  BusinessError,
  type FieldError,
  fieldError,
  uniqueRefusal,
  ValidationError,
} from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { authorize, type PolicyScope } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { pickVocation } from '../dictionary/vocation.service';
import { chinaToday } from '../train-class/class-read';
import { CmsApply, CmsBatch, CmsScore, CmsSubject } from './cms.model';
import {
  batchAbilities,
  batchScoreAbilities,
  CMS_BATCH_NOT_FOUND,
  type CmsBatchFacts,
  SCORES_PUBLISHED,
  windowOpen,
} from './cms.policy';
import { emptyCounts, presentBatch, presentBatchOption, presentOpenBatch, tenthsOf } from './cms.presenter';

/**
 * Examination batches (docs/product-decisions.md "CMS"): staff of 报名管理 create and change them
 * with their subjects, every CMS page chooses among them, and `/registerCms` lists the open ones.
 */

/** The subjects of batches in their order, by batch. */
export async function subjectsOf(
  projectId: number,
  batchIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, CmsSubject[]>> {
  const rows = batchIds.length
    ? await CmsSubject.findAll({
        where: { projectId, batchId: [...batchIds] },
        order: [
          ['sort', 'ASC'],
          ['id', 'ASC'],
        ],
        transaction,
      })
    : [];
  const byBatch = new Map<number, CmsSubject[]>();
  for (const row of rows) byBatch.set(row.batchId, [...(byBatch.get(row.batchId) ?? []), row]);
  return byBatch;
}

/** How many applications of each batch are in each state. */
export async function countsOf(
  scope: TenantScope,
  batchIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, CmsApplyCounts>> {
  const rows = batchIds.length
    ? await scope.sequelize.query<{ batch_id: number; status: CmsApplyStatus; n: number }>(
        `SELECT batch_id, status, COUNT(*)::int AS n FROM cms_apply
          WHERE project_id = :projectId AND batch_id IN (:batchIds) GROUP BY batch_id, status`,
        {
          replacements: { projectId: scope.project.id, batchIds: [...batchIds] },
          type: QueryTypes.SELECT,
          transaction,
        },
      )
    : [];
  const counts = new Map<number, CmsApplyCounts>();
  for (const row of rows) {
    const entry = counts.get(row.batch_id) ?? emptyCounts();
    entry[row.status] = row.n;
    counts.set(row.batch_id, entry);
  }
  return counts;
}

/** Applications holding a place of the batch (not cancelled). */
export const placesTaken = (counts: CmsApplyCounts): number =>
  CMS_PLACE_STATUS.reduce((sum, status) => sum + counts[status], 0);

/** Registered candidates of each batch with at least one score. */
async function scoredOf(
  scope: TenantScope,
  batchIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, number>> {
  const rows = batchIds.length
    ? await scope.sequelize.query<{ batch_id: number; n: number }>(
        `SELECT a.batch_id, COUNT(DISTINCT a.id)::int AS n FROM cms_apply a
           JOIN cms_score s ON s.apply_id = a.id AND s.project_id = a.project_id
          WHERE a.project_id = :projectId AND a.batch_id IN (:batchIds) AND a.status IN ('PAID', 'SCORED')
          GROUP BY a.batch_id`,
        {
          replacements: { projectId: scope.project.id, batchIds: [...batchIds] },
          type: QueryTypes.SELECT,
          transaction,
        },
      )
    : [];
  return new Map(rows.map((row) => [row.batch_id, row.n]));
}

/** The facts the batch policy reads, by batch. */
export async function batchFacts(
  scope: TenantScope,
  batches: readonly CmsBatch[],
  transaction?: Transaction,
): Promise<Map<number, CmsBatchFacts & { counts: CmsApplyCounts }>> {
  const ids = batches.map((batch) => batch.id);
  const counts = await countsOf(scope, ids, transaction);
  const scored = await scoredOf(scope, ids, transaction);
  return new Map(
    batches.map((batch) => {
      const batchCounts = counts.get(batch.id) ?? emptyCounts();
      return [
        batch.id,
        {
          projectId: batch.projectId,
          applications: Object.values(batchCounts).reduce((sum, n) => sum + n, 0),
          scoresPublished: batch.scoresPublishedAt !== null,
          scored: scored.get(batch.id) ?? 0,
          counts: batchCounts,
        },
      ];
    }),
  );
}

/** Batches as the back office shows them: subjects, counts, whether open, abilities. */
async function batchRows(
  scope: ActorScope,
  batches: CmsBatch[],
  transaction?: Transaction,
): Promise<CmsBatchRow[]> {
  const subjects = await subjectsOf(
    scope.project.id,
    batches.map((batch) => batch.id),
    transaction,
  );
  const facts = await batchFacts(scope, batches, transaction);
  const today = chinaToday(scope.providers.clock.now());
  return batches.map((batch) => {
    const fact = facts.get(batch.id) as CmsBatchFacts & { counts: CmsApplyCounts };
    return presentBatch(batch, {
      subjects: subjects.get(batch.id) ?? [],
      counts: fact.counts,
      open: windowOpen(batch, today),
      abilities: batchAbilities(scope, fact),
    });
  });
}

/** A batch of the project, locked for the transaction when one is given. Throws 考试批次不存在. */
export async function findBatch(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<CmsBatch> {
  const batch = await CmsBatch.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!batch) throw new BusinessError(CMS_BATCH_NOT_FOUND);
  return batch;
}

/** Batches by their registration window, the newest first. */
const NEWEST_WINDOW_FIRST: Order = [
  ['applyFrom', 'DESC'],
  ['id', 'DESC'],
];

/** `cms-batch/page`: the project's batches, newest window first. */
export async function pageBatches(
  scope: ActorScope,
  input: z.output<typeof cmsBatchPageInput>,
): Promise<PageAnswer<CmsBatchRow>> {
  const where: WhereOptions<CmsBatch> = {
    projectId: scope.project.id,
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.enabled === undefined ? {} : { status: input.enabled ? 'ENABLED' : 'DISABLED' }),
  };
  return modelPage(CmsBatch, { where, order: NEWEST_WINDOW_FIRST }, input, (rows) => batchRows(scope, rows));
}

/** `cms-batch/detail`. Throws 考试批次不存在. */
export async function getBatch(scope: ActorScope, id: number): Promise<CmsBatchRow> {
  const [row] = await batchRows(scope, [await findBatch(scope, id)]);
  return row as CmsBatchRow;
}

/** `cms-batch/options`: every batch of the project, newest window first, with its levels and subjects. */
export async function batchOptions(scope: ActorScope): Promise<CmsBatchOption[]> {
  const batches = await CmsBatch.findAll({
    where: { projectId: scope.project.id },
    order: NEWEST_WINDOW_FIRST,
    limit: 500,
  });
  const subjects = await subjectsOf(
    scope.project.id,
    batches.map((batch) => batch.id),
  );
  const facts = await batchFacts(scope, batches);
  return batches.map((batch) =>
    presentBatchOption(
      batch,
      subjects.get(batch.id) ?? [],
      batchScoreAbilities(scope, facts.get(batch.id) as CmsBatchFacts),
    ),
  );
}

/** `cms-batch/open-list` (public): the batches taking applications today, with the places left. */
export async function openBatches(scope: TenantScope): Promise<OpenCmsBatch[]> {
  const today = chinaToday(scope.providers.clock.now());
  const batches = await CmsBatch.findAll({
    where: {
      projectId: scope.project.id,
      status: 'ENABLED',
      applyFrom: { [Op.lte]: today },
      applyTo: { [Op.gte]: today },
    },
    order: [
      ['applyTo', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const ids = batches.map((batch) => batch.id);
  const subjects = await subjectsOf(scope.project.id, ids);
  const counts = await countsOf(scope, ids);
  return batches.map((batch) =>
    presentOpenBatch(batch, subjects.get(batch.id) ?? [], placesTaken(counts.get(batch.id) ?? emptyCounts())),
  );
}

type SaveInput = z.output<typeof cmsBatchSaveInput>;

/** The refusals of a change against what the batch already holds (levels applied for, places, scored subjects). */
async function changeRefusals(
  scope: ActorScope,
  batch: CmsBatch,
  input: SaveInput,
  current: CmsSubject[],
  transaction: Transaction,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const [counts] = [(await countsOf(scope, [batch.id], transaction)).get(batch.id) ?? emptyCounts()];
  const taken = placesTaken(counts);
  if (input.capacity < taken)
    errors.push({ field: 'capacity', rule: 'min', message: `不能少于已占用的名额 ${taken} 个` });
  const levelsInUse = (
    await CmsApply.findAll({
      attributes: ['skillLevel'],
      where: { projectId: batch.projectId, batchId: batch.id },
      group: ['skillLevel'],
      transaction,
    })
  ).map((row) => row.skillLevel);
  const dropped = levelsInUse.filter((level) => !input.levels.includes(level));
  if (dropped.length) errors.push({ field: 'levels', rule: 'used', message: '已有考生报考的等级不能取消' });
  const kept = new Set(input.subjects.flatMap((subject) => (subject.id ? [subject.id] : [])));
  const unknown = [...kept].filter((id) => !current.some((subject) => subject.id === id));
  if (unknown.length) errors.push({ field: 'subjects', rule: 'exists', message: '考试科目不存在' });
  const removed = current.filter((subject) => !kept.has(subject.id));
  if (removed.length) {
    const scored = await CmsScore.count({
      where: { projectId: batch.projectId, subjectId: removed.map((subject) => subject.id) },
      transaction,
    });
    if (scored) errors.push({ field: 'subjects', rule: 'used', message: '已有成绩的科目不能删除' });
  }
  const subjectsChanged =
    removed.length > 0 ||
    input.subjects.some((subject) => {
      const was = current.find((row) => row.id === subject.id);
      return (
        !was ||
        was.fullTenths !== tenthsOf(subject.fullMark) ||
        was.passTenths !== tenthsOf(subject.passMark) ||
        was.name !== subject.name
      );
    });
  if (subjectsChanged && batch.scoresPublishedAt)
    errors.push({ field: 'subjects', rule: 'published', message: SCORES_PUBLISHED });
  return errors;
}

/**
 * `cms-batch/save`: creates a batch or changes one of the project, with its subjects (kept by id,
 * added, removed); audited. The occupation is a 职业 or 工种 of the vocational resource tree by code
 * (its name kept to print); the batch's own code is kept as it is even if its node was disabled or
 * renamed since. Throws ValidationError naming the fields: a name in use, an occupation the tree
 * does not offer, an unknown or disabled certificate template, capacity below the places taken, a
 * level applied for dropped, a scored subject removed, subjects changed after publishing.
 */
export async function saveBatch(scope: ActorScope, input: SaveInput): Promise<CmsBatchRow> {
  const projectId = scope.project.id;
  const id = await scope.sequelize
    .transaction(async (transaction) => {
      const errors: FieldError[] = [];
      const saved = input.id ? await findBatch(scope, input.id, transaction) : null;
      const occupation = await pickVocation(
        input.occupationCode,
        saved && { code: saved.occupationCode, name: saved.occupation },
        transaction,
      );
      if (!occupation)
        errors.push({ field: 'occupationCode', rule: 'exists', message: VOCATION_MESSAGES.NOT_PICKABLE });
      if (input.certificateTemplateId) {
        const template = await CertificateTemplate.findOne({
          where: { id: input.certificateTemplateId, projectId, status: 'ENABLED' },
          transaction,
        });
        if (!template)
          errors.push({ field: 'certificateTemplateId', rule: 'exists', message: '证书模板不存在或已停用' });
      }
      const values = {
        name: input.name,
        occupation: occupation?.name ?? '',
        occupationCode: occupation?.code ?? null,
        levels: input.levels,
        feeFen: input.fee,
        applyFrom: input.applyFrom,
        applyTo: input.applyTo,
        capacity: input.capacity,
        requiredFields: input.requiredFields,
        notice: input.notice ?? null,
        status: input.enabled ? ('ENABLED' as const) : ('DISABLED' as const),
        issueCertificate: input.issueCertificate,
        certificateTemplateId: input.certificateTemplateId ?? null,
        issuer: input.issuer ?? null,
      };
      let batch: CmsBatch;
      let current: CmsSubject[] = [];
      if (saved) {
        batch = saved;
        current = (await subjectsOf(projectId, [batch.id], transaction)).get(batch.id) ?? [];
        errors.push(...(await changeRefusals(scope, batch, input, current, transaction)));
        if (errors.length) throw new ValidationError(errors);
        await batch.update(values, { transaction });
      } else {
        if (errors.length) throw new ValidationError(errors);
        batch = await CmsBatch.create(
          { projectId, ...values, createdBy: scope.principal.accountId },
          { transaction },
        );
      }
      const kept = new Set(input.subjects.flatMap((subject) => (subject.id ? [subject.id] : [])));
      const removed = current.filter((subject) => !kept.has(subject.id)).map((subject) => subject.id);
      if (removed.length) await CmsSubject.destroy({ where: { projectId, id: removed }, transaction });
      // Names are unique per batch: park the kept ones first so that two may swap names.
      for (const subject of current.filter((row) => kept.has(row.id)))
        await subject.update({ name: `#${subject.id}` }, { transaction });
      for (const [sort, subject] of input.subjects.entries()) {
        const values = {
          name: subject.name,
          fullTenths: tenthsOf(subject.fullMark),
          passTenths: tenthsOf(subject.passMark),
          sort,
        };
        const existing = current.find((row) => row.id === subject.id);
        if (existing) await existing.update(values, { transaction });
        else await CmsSubject.create({ projectId, batchId: batch.id, ...values }, { transaction });
      }
      await audit(
        scope,
        {
          action: input.id ? 'cms-batch.update' : 'cms-batch.create',
          projectId,
          targetType: 'cms_batch',
          targetId: batch.id,
          detail: {
            name: input.name,
            occupationCode: values.occupationCode,
            fee: input.fee,
            capacity: input.capacity,
            enabled: input.enabled,
          },
        },
        transaction,
      );
      return batch.id;
    })
    .catch(uniqueRefusal(fieldError('name', 'unique', '批次名称已存在')));
  return getBatch(scope, id);
}

/** `cms-batch/delete`: a batch nobody applied to, with its subjects and sittings; audited. */
export async function deleteBatch(scope: ActorScope, id: number): Promise<null> {
  await scope.sequelize.transaction(async (transaction) => {
    const batch = await findBatch(scope, id, transaction);
    const facts = (await batchFacts(scope, [batch], transaction)).get(batch.id) as CmsBatchFacts;
    authorize(scope as PolicyScope, 'cms-batch.delete', facts);
    await batch.destroy({ transaction });
    await audit(
      scope,
      { action: 'cms-batch.delete', projectId: scope.project.id, targetType: 'cms_batch', targetId: id },
      transaction,
    );
  });
  return null;
}
