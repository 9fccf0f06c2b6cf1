import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  CMS_APPLY_STATUS_LABEL,
  type CmsApplyDetail,
  type CmsApplyRow,
  type CmsApplyStatus,
  type CmsBatchApproveAnswer,
  type cmsApplyFiltersInput,
  type cmsApplyPageInput,
  EDUCATION_LABEL,
} from '../../contract/cms';
import type { PageAnswer } from '../../contract/common';
import { SKILL_LEVEL_LABELS } from '../../contract/my-certificate';
import { type ActorScope, FileResult, type TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newestFirstBatches, newestFirstPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { chinaDateTime, exportXlsx, type XlsxColumn } from '../../core/xlsx';
import { namesById, rowsById } from '../../db/lookups';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { PayOrder } from '../order/order.model';
import { chinaToday } from '../train-class/class-read';
import { Unit } from '../unit/unit.model';
import { CmsApply, CmsApplyLog, CmsBatch, CmsFeeOrder, CmsSitting } from './cms.model';
import { applyFacts, applyStaffAbilities, CMS_APPLY_NOT_FOUND } from './cms.policy';
import { presentApplyDetail, presentApplyRow } from './cms.presenter';

/**
 * Applications as staff of 报名管理 see them (docs/product-decisions.md "CMS"): the filtered list and
 * its export, the detail with the photo, approving (a free batch registers the candidate at once),
 * rejecting with a reason and approving many at once. State changes are logged (`cms_apply_log`).
 */

/** Who moves an application, and why. */
export interface ApplyActor {
  actorId: number | null;
  reason?: string | null;
}

/**
 * Moves a (locked) application to `to` with `changes`, writing its log row, in the caller's
 * transaction.
 */
export async function moveApply(
  apply: CmsApply,
  to: CmsApplyStatus,
  actor: ApplyActor,
  transaction: Transaction,
  changes: Partial<CmsApply['_creationAttributes']> = {},
): Promise<void> {
  const from = apply.status;
  await apply.update({ ...changes, status: to }, { transaction });
  await CmsApplyLog.create(
    {
      projectId: apply.projectId,
      applyId: apply.id,
      fromStatus: from,
      toStatus: to,
      actorId: actor.actorId,
      reason: actor.reason ?? null,
    },
    { transaction },
  );
}

/** An application of the project, locked for the transaction when one is given. Throws 报名记录不存在. */
export async function findApply(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<CmsApply> {
  const apply = await CmsApply.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!apply) throw new BusinessError(CMS_APPLY_NOT_FOUND);
  return apply;
}

/** The batches of applications, by id. */
export function batchesOf(
  projectId: number,
  applies: readonly CmsApply[],
  transaction?: Transaction,
): Promise<Map<number, CmsBatch>> {
  return rowsById(
    CmsBatch,
    applies.map((apply) => apply.batchId),
    { where: { projectId }, transaction },
  );
}

/** The sittings of applications, by id. */
export function sittingsOf(
  projectId: number,
  applies: readonly CmsApply[],
  transaction?: Transaction,
): Promise<Map<number, CmsSitting>> {
  return rowsById(
    CmsSitting,
    applies.map((apply) => apply.sittingId),
    { where: { projectId }, transaction },
  );
}

/** Names of accounts (staff who audited, acted; deleted ones too), by id. */
async function accountNames(
  projectId: number,
  ids: readonly (number | null)[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const accounts = await rowsById(Account, ids, {
    where: { [Op.or]: [{ projectId }, { projectId: null }] },
    attributes: ['id', 'realName', 'accountName'],
    withDeleted: true,
    transaction,
  });
  return new Map([...accounts].map(([id, row]) => [id, row.realName || row.accountName || '']));
}

/** Applications as the staff list shows them. */
async function applyRows(
  scope: ActorScope,
  applies: CmsApply[],
  transaction?: Transaction,
): Promise<CmsApplyRow[]> {
  const projectId = scope.project.id;
  const batches = await batchesOf(projectId, applies, transaction);
  const sittings = await sittingsOf(projectId, applies, transaction);
  const units = await namesById(
    Unit,
    applies.map((apply) => apply.unitId),
    { where: { projectId }, transaction },
  );
  const auditors = await accountNames(
    projectId,
    applies.map((apply) => apply.auditedBy),
    transaction,
  );
  const today = chinaToday(scope.providers.clock.now());
  return applies.map((apply) => {
    const batch = batches.get(apply.batchId);
    return presentApplyRow(apply, {
      batch,
      unitName: apply.unitId ? (units.get(apply.unitId) ?? null) : null,
      sitting: apply.sittingId ? sittings.get(apply.sittingId) : undefined,
      auditorName: apply.auditedBy ? (auditors.get(apply.auditedBy) ?? null) : null,
      abilities: applyStaffAbilities(scope, applyFacts(apply, batch, today)),
    });
  });
}

/** A person filter: part of the name, or exactly an ID number or a mobile. */
export function personWhere(text: string): WhereOptions<CmsApply> {
  return {
    [Op.or]: [
      { realName: { [Op.iLike]: containsPattern(text) } },
      { idCardNo: text.toUpperCase() },
      { mobile: text },
    ],
  };
}

function listWhere(scope: TenantScope, input: z.output<typeof cmsApplyFiltersInput>) {
  const and: WhereOptions<CmsApply>[] = [{ projectId: scope.project.id }];
  if (input.batchId) and.push({ batchId: input.batchId });
  if (input.status) and.push({ status: input.status });
  if (input.skillLevel) and.push({ skillLevel: input.skillLevel });
  if (input.student) and.push(personWhere(input.student));
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and } as WhereOptions<CmsApply>;
}

/** `cms-apply/page`: the project's applications, filtered, newest first. */
export function pageApplies(
  scope: ActorScope,
  input: z.output<typeof cmsApplyPageInput>,
): Promise<PageAnswer<CmsApplyRow>> {
  return newestFirstPage(CmsApply, listWhere(scope, input), input, (rows) => applyRows(scope, rows));
}

/** `cms-apply/detail`: one application with the full ID number, its seat, fee orders and history. */
export async function getApplyDetail(scope: ActorScope, id: number): Promise<CmsApplyDetail> {
  const apply = await findApply(scope, id);
  const [row] = await applyRows(scope, [apply]);
  const projectId = scope.project.id;
  const sitting = apply.sittingId
    ? await CmsSitting.findOne({ where: { projectId, id: apply.sittingId } })
    : null;
  const links = await CmsFeeOrder.findAll({ where: { projectId, applyId: apply.id } });
  const orders = links.length
    ? await PayOrder.findAll({
        where: { projectId, id: links.map((link) => link.orderId) },
        order: [['id', 'ASC']],
      })
    : [];
  const logs = await CmsApplyLog.findAll({ where: { projectId, applyId: apply.id }, order: [['id', 'ASC']] });
  const actors = await accountNames(
    projectId,
    logs.map((log) => log.actorId),
  );
  return presentApplyDetail(row as CmsApplyRow, apply, {
    sitting: sitting ?? undefined,
    orders,
    logs,
    actors,
  });
}

/** The ID photo of an application: JPEG or PNG as stored. Throws when it has none. */
export async function applyPhoto(scope: TenantScope, apply: CmsApply): Promise<FileResult> {
  if (!apply.photoKey) throw new BusinessError('该报名没有上传证件照');
  const stream = await scope.providers.storage.get(apply.photoKey);
  return new FileResult(stream, apply.photoKey.endsWith('.png') ? 'image/png' : 'image/jpeg');
}

/** `cms-apply/photo`: the photo of an application of the project (staff). */
export async function staffApplyPhoto(scope: ActorScope, id: number): Promise<FileResult> {
  return applyPhoto(scope, await findApply(scope, id));
}

/**
 * Approves a locked SUBMITTED application: APPROVED (待缴费), or for a free batch straight on to
 * PAID (已报名). Refused by the policy otherwise.
 */
async function approveLocked(scope: ActorScope, apply: CmsApply, transaction: Transaction): Promise<void> {
  const batch = await CmsBatch.findOne({
    where: { projectId: apply.projectId, id: apply.batchId },
    transaction,
  });
  const now = scope.providers.clock.now();
  authorize(scope, 'cms-apply.approve', applyFacts(apply, batch ?? undefined, chinaToday(now)));
  const actor = { actorId: scope.principal.accountId };
  await moveApply(apply, 'APPROVED', actor, transaction, {
    auditedBy: scope.principal.accountId,
    auditedAt: now,
    rejectReason: null,
  });
  if ((batch?.feeFen ?? 0) === 0)
    await moveApply(apply, 'PAID', { ...actor, reason: '免费考试，审核通过即报名成功' }, transaction, {
      paidAt: now,
    });
}

/** `cms-apply/approve`: staff approve a submitted application; audited. */
export async function approveApply(scope: ActorScope, id: number): Promise<CmsApplyRow> {
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const locked = await findApply(scope, id, transaction);
    await approveLocked(scope, locked, transaction);
    await audit(
      scope,
      { action: 'cms-apply.approve', projectId: scope.project.id, targetType: 'cms_apply', targetId: id },
      transaction,
    );
    return locked;
  });
  const [row] = await applyRows(scope, [apply]);
  return row as CmsApplyRow;
}

/** `cms-apply/reject`: staff reject a submitted application with the reason the candidate reads; audited. */
export async function rejectApply(
  scope: ActorScope,
  input: { id: number; reason: string },
): Promise<CmsApplyRow> {
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const locked = await findApply(scope, input.id, transaction);
    const batch = await CmsBatch.findOne({
      where: { projectId: locked.projectId, id: locked.batchId },
      transaction,
    });
    const now = scope.providers.clock.now();
    authorize(scope, 'cms-apply.reject', applyFacts(locked, batch ?? undefined, chinaToday(now)));
    await moveApply(
      locked,
      'REJECTED',
      { actorId: scope.principal.accountId, reason: input.reason },
      transaction,
      {
        rejectReason: input.reason,
        auditedBy: scope.principal.accountId,
        auditedAt: now,
      },
    );
    await audit(
      scope,
      {
        action: 'cms-apply.reject',
        projectId: scope.project.id,
        targetType: 'cms_apply',
        targetId: input.id,
        detail: { reason: input.reason },
      },
      transaction,
    );
    return locked;
  });
  const [row] = await applyRows(scope, [apply]);
  return row as CmsApplyRow;
}

/**
 * `cms-apply/batch-approve`: approves each of the chosen applications on its own (one refused
 * never stops the others); answers how many were approved and why each other one was not.
 */
export async function batchApprove(scope: ActorScope, ids: number[]): Promise<CmsBatchApproveAnswer> {
  const answer: CmsBatchApproveAnswer = { approved: 0, refused: [] };
  for (const id of ids) {
    let realName = '';
    try {
      await scope.sequelize.transaction(async (transaction) => {
        const apply = await findApply(scope, id, transaction);
        realName = apply.realName;
        await approveLocked(scope, apply, transaction);
      });
      answer.approved += 1;
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      answer.refused.push({ id, realName, reason: error.message });
    }
  }
  await audit(scope, {
    action: 'cms-apply.batch-approve',
    projectId: scope.project.id,
    targetType: 'cms_apply',
    detail: { ids, approved: answer.approved },
  });
  return answer;
}

const yuan = (fen: number) => fen / 100;

/** The export's columns (the full ID number: staff of 报名管理 submit it to the examining authority). */
const EXPORT_COLUMNS: readonly XlsxColumn<CmsApplyRow & { fullIdCardNo: string }>[] = [
  { header: '考试批次', width: 28, value: (row) => row.batchName },
  { header: '职业（工种）', width: 14, value: (row) => row.occupation },
  { header: '报考等级', width: 14, value: (row) => SKILL_LEVEL_LABELS[row.skillLevel] },
  { header: '姓名', width: 12, value: (row) => row.realName },
  { header: '身份证号', width: 22, numFmt: '@', value: (row) => row.fullIdCardNo },
  { header: '手机号', width: 14, numFmt: '@', value: (row) => row.mobile },
  { header: '文化程度', width: 12, value: (row) => (row.education ? EDUCATION_LABEL[row.education] : '') },
  { header: '工作年限', width: 10, value: (row) => row.workYears },
  { header: '工作单位', width: 24, value: (row) => row.unitName },
  { header: '状态', width: 10, value: (row) => CMS_APPLY_STATUS_LABEL[row.status] },
  { header: '驳回原因', width: 24, value: (row) => row.rejectReason },
  { header: '报名费（元）', width: 12, numFmt: '0.00', value: (row) => yuan(row.fee) },
  { header: '缴费时间', width: 20, value: (row) => chinaDateTime(row.paidAt) },
  { header: '考场座位', width: 18, value: (row) => row.seat },
  { header: '准考证号', width: 16, numFmt: '@', value: (row) => row.ticketNo },
  { header: '报名时间', width: 20, value: (row) => chinaDateTime(row.createdAt) },
];

/** `cms-apply/export`: the filtered applications, newest first, as a streamed `.xlsx`. */
export function exportApplies(scope: ActorScope, input: z.output<typeof cmsApplyFiltersInput>): FileResult {
  return exportXlsx('考试报名', {
    columns: EXPORT_COLUMNS,
    batches: newestFirstBatches(CmsApply, listWhere(scope, input), async (rows, transaction) => {
      const presented = await applyRows(scope, rows, transaction);
      return presented.map((row, index) => ({ ...row, fullIdCardNo: rows[index]?.idCardNo ?? '' }));
    }),
    log: scope.log,
    now: scope.providers.clock.now(),
  });
}
