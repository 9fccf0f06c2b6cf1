import { isMenuGranted, ROLE_SYSTEM } from '@px/config';
import {
  CMS_APPLY_PAGE,
  CMS_APPLY_STATUS_LABEL,
  CMS_EXAM_PAGE,
  CMS_ORDER_PAGE,
  CMS_SCORE_PAGE,
  type CmsApplyAbilities,
  type CmsApplyStatus,
  type CmsBatchAbilities,
  type CmsBatchOption,
  type CmsOrderRow,
  type CmsSittingRow,
  type MyCmsApplyAbilities,
} from '../../contract/cms';
import type { ScoreRow } from '../../contract/cms-score';
import type { OrderStatus } from '../../contract/order';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';
import type { PayOrder } from '../order/order.model';
import type { CmsApply, CmsBatch } from './cms.model';

/**
 * The examinations' record policy (docs/product-decisions.md "CMS"): what staff of each CMS page
 * may do to batches, applications, sittings, scores and fee orders, and what a candidate may do to
 * their own application. Pure: the services load the facts and refuse with `authorize`; answers
 * carry the same verdicts as abilities.
 */

export const CMS_APPLY_NOT_FOUND = '报名记录不存在';
export const CMS_BATCH_NOT_FOUND = '考试批次不存在';
export const CMS_SITTING_NOT_FOUND = '考场不存在';
export const SCORES_PUBLISHED = '该批次成绩已发布，如需修改请先撤回发布';

/** What the policy reads of an application. */
export interface CmsApplyFacts {
  projectId: number;
  accountId: number;
  status: CmsApplyStatus;
  /** Fen the batch costs. */
  feeFen: number;
  /** Registration of the batch is open today. */
  windowOpen: boolean;
  ticketNo: string | null;
}

/** What the policy reads of a batch. */
export interface CmsBatchFacts {
  projectId: number;
  /** Applications ever made to it (any state). */
  applications: number;
  scoresPublished: boolean;
  /** Registered candidates with at least one score. */
  scored: number;
}

/** What the policy reads of a candidate's scores. */
export interface CmsScoreFacts {
  projectId: number;
  status: CmsApplyStatus;
  scoresPublished: boolean;
}

/** What the policy reads of a fee order. */
export interface CmsOrderFacts {
  projectId: number;
  status: OrderStatus;
  paidFen: number;
  refundedFen: number;
  applyStatus: CmsApplyStatus;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'cms-apply.submit': { projectId: number };
    'cms-apply.approve': CmsApplyFacts;
    'cms-apply.reject': CmsApplyFacts;
    'cms-apply.resubmit': CmsApplyFacts;
    'cms-apply.cancel': CmsApplyFacts;
    'cms-apply.pay': CmsApplyFacts;
    'cms-apply.ticket': CmsApplyFacts;
    'cms-batch.delete': CmsBatchFacts;
    'cms-batch.publish': CmsBatchFacts;
    'cms-batch.unpublish': CmsBatchFacts;
    'cms-sitting.delete': { projectId: number; seated: number };
    'cms-score.edit': CmsScoreFacts;
    'cms-order.refund': CmsOrderFacts;
  }
}

const inProject =
  (missing: string) =>
  (scope: PolicyScope, row: { projectId: number }): Verdict =>
    row.projectId === scope.project.id ? null : refuse(missing);

/** Staff holding a CMS page (the calls are granted by it; the rule says so again for abilities). */
const holder =
  (page: string) =>
  (scope: PolicyScope): Verdict =>
    scope.principal.roleSystem === ROLE_SYSTEM.PROJECT && isMenuGranted(scope.principal.menu, page)
      ? null
      : forbid();

/** The candidate's own application (another's reads as missing). */
const own = (scope: PolicyScope, apply: CmsApplyFacts): Verdict =>
  apply.projectId === scope.project.id && apply.accountId === scope.principal.accountId
    ? null
    : refuse(CMS_APPLY_NOT_FOUND);

const stateIs = (apply: CmsApplyFacts, allowed: readonly CmsApplyStatus[], doing: string): Verdict =>
  allowed.includes(apply.status)
    ? null
    : refuse(`该报名${CMS_APPLY_STATUS_LABEL[apply.status]}，不能${doing}`);

const applyStaff = holder(CMS_APPLY_PAGE);
const applyInProject = inProject(CMS_APPLY_NOT_FOUND);
const batchInProject = inProject(CMS_BATCH_NOT_FOUND);

export const APPLY_AS_STUDENT = '请使用学员身份报名';

export const cmsPolicy = definePolicy({
  /** A signed-in caller applies to a batch of their project as a student only (staff: 403). */
  'cms-apply.submit': (scope, batch) =>
    scope.principal.roleSystem !== ROLE_SYSTEM.STUDENT
      ? forbid(APPLY_AS_STUDENT)
      : inProject(CMS_BATCH_NOT_FOUND)(scope, batch),
  /** Staff of 报名管理 approve a submitted application. */
  'cms-apply.approve': (scope, apply) =>
    applyStaff(scope) ?? applyInProject(scope, apply) ?? stateIs(apply, ['SUBMITTED'], '审核'),
  /** Staff of 报名管理 reject a submitted application (the candidate corrects and submits it again). */
  'cms-apply.reject': (scope, apply) =>
    applyStaff(scope) ?? applyInProject(scope, apply) ?? stateIs(apply, ['SUBMITTED'], '驳回'),
  /** The candidate corrects a rejected application while registration is open. */
  'cms-apply.resubmit': (scope, apply) =>
    own(scope, apply) ??
    stateIs(apply, ['REJECTED'], '修改') ??
    (apply.windowOpen ? null : refuse('报名已截止，不能再修改提交')),
  /** The candidate withdraws an application not paid yet. */
  'cms-apply.cancel': (scope, apply) =>
    own(scope, apply) ?? stateIs(apply, ['SUBMITTED', 'REJECTED', 'APPROVED'], '撤销'),
  /** The candidate pays the fee of an approved application. */
  'cms-apply.pay': (scope, apply) =>
    own(scope, apply) ??
    stateIs(apply, ['APPROVED'], '缴费') ??
    (apply.feeFen > 0 ? null : refuse('该考试免费，无需缴费')),
  /** The candidate reads their admission ticket once it was issued. */
  'cms-apply.ticket': (scope, apply) =>
    own(scope, apply) ??
    (apply.ticketNo && (apply.status === 'PAID' || apply.status === 'SCORED')
      ? null
      : refuse('准考证尚未发放，请留意考试安排通知')),
  /** Staff of 报名管理 delete a batch nobody applied to. */
  'cms-batch.delete': (scope, batch) =>
    applyStaff(scope) ??
    batchInProject(scope, batch) ??
    (batch.applications > 0 ? refuse('该批次已有报名记录，不能删除，可停用报名') : null),
  /** Staff of 成绩管理 publish a batch's scores (some must exist). */
  'cms-batch.publish': (scope, batch) =>
    holder(CMS_SCORE_PAGE)(scope) ??
    batchInProject(scope, batch) ??
    (batch.scoresPublished ? refuse('该批次成绩已发布') : null) ??
    (batch.scored === 0 ? refuse('该批次还没有成绩，请先录入或导入成绩') : null),
  /** Staff of 成绩管理 take a batch's published scores back to correct them. */
  'cms-batch.unpublish': (scope, batch) =>
    holder(CMS_SCORE_PAGE)(scope) ??
    batchInProject(scope, batch) ??
    (batch.scoresPublished ? null : refuse('该批次成绩尚未发布')),
  /** Staff of 考场安排 delete a sitting nobody is seated in. */
  'cms-sitting.delete': (scope, sitting) =>
    holder(CMS_EXAM_PAGE)(scope) ??
    inProject(CMS_SITTING_NOT_FOUND)(scope, sitting) ??
    (sitting.seated > 0 ? refuse('该考场已安排考生，请先取消其座位') : null),
  /** Staff of 成绩管理 change a registered candidate's scores while the batch's are unpublished. */
  'cms-score.edit': (scope, row) =>
    holder(CMS_SCORE_PAGE)(scope) ??
    inProject(CMS_APPLY_NOT_FOUND)(scope, row) ??
    (row.status === 'PAID' || row.status === 'SCORED' ? null : refuse('只能录入已报名考生的成绩')) ??
    (row.scoresPublished ? refuse(SCORES_PUBLISHED) : null),
  /** Staff of 考务订单 refund a paid fee before the candidate's scores are out. */
  'cms-order.refund': (scope, order) =>
    holder(CMS_ORDER_PAGE)(scope) ??
    inProject('订单不存在')(scope, order) ??
    (order.status === 'REFUNDING' ? refuse('该订单正在退款中') : null) ??
    (order.status !== 'PAID' ? refuse('只能退款已支付的订单') : null) ??
    (order.paidFen - order.refundedFen <= 0 ? refuse('该订单没有可退的金额') : null) ??
    (order.applyStatus === 'SCORED' ? refuse('考生成绩已发布，不能再退报名费') : null),
});

/** Whether a batch takes applications on the China day `today`: enabled and within its window. */
export function windowOpen(
  batch: Pick<CmsBatch, 'status' | 'applyFrom' | 'applyTo'>,
  today: string,
): boolean {
  return batch.status === 'ENABLED' && batch.applyFrom <= today && today <= batch.applyTo;
}

/** What the application policy reads of an application of a batch on a day. */
export function applyFacts(apply: CmsApply, batch: CmsBatch | undefined, today: string): CmsApplyFacts {
  return {
    projectId: apply.projectId,
    accountId: apply.accountId,
    status: apply.status,
    feeFen: batch?.feeFen ?? 0,
    windowOpen: batch ? windowOpen(batch, today) : false,
    ticketNo: apply.ticketNo,
  };
}

/** What the score policy reads of a candidate of a batch (none found: not published). */
export const scoreFacts = (
  apply: Pick<CmsApply, 'projectId' | 'status'>,
  batch: Pick<CmsBatch, 'scoresPublishedAt'> | null,
): CmsScoreFacts => ({
  projectId: apply.projectId,
  status: apply.status,
  scoresPublished: Boolean(batch?.scoresPublishedAt),
});

/** What the refund policy reads of a fee order and its application. */
export const orderFacts = (order: PayOrder, apply: Pick<CmsApply, 'status'>): CmsOrderFacts => ({
  projectId: order.projectId,
  status: order.status,
  paidFen: order.paidFen,
  refundedFen: order.refundedFen,
  applyStatus: apply.status,
});

/** 审核 / 驳回 of an application in the staff list. */
export const applyStaffAbilities = (scope: PolicyScope, facts: CmsApplyFacts): CmsApplyAbilities =>
  abilitiesOf(scope, { approve: ['cms-apply.approve', facts], reject: ['cms-apply.reject', facts] });

/** 修改 / 缴费 / 撤销 / 准考证 of an application its candidate sees. */
export const myApplyAbilities = (scope: PolicyScope, facts: CmsApplyFacts): MyCmsApplyAbilities =>
  abilitiesOf(scope, {
    resubmit: ['cms-apply.resubmit', facts],
    pay: ['cms-apply.pay', facts],
    cancel: ['cms-apply.cancel', facts],
    ticket: ['cms-apply.ticket', facts],
  });

/** 删除 / 发布成绩 / 撤回发布 of a batch in the back office's list. */
export const batchAbilities = (scope: PolicyScope, facts: CmsBatchFacts): CmsBatchAbilities =>
  abilitiesOf(scope, {
    delete: ['cms-batch.delete', facts],
    publish: ['cms-batch.publish', facts],
    unpublish: ['cms-batch.unpublish', facts],
  });

/** 发布成绩 / 撤回发布 of a batch as 成绩管理 chooses it. */
export const batchScoreAbilities = (scope: PolicyScope, facts: CmsBatchFacts): CmsBatchOption['abilities'] =>
  abilitiesOf(scope, { publish: ['cms-batch.publish', facts], unpublish: ['cms-batch.unpublish', facts] });

/** 删除 of a sitting with `seated` candidates. */
export const sittingAbilities = (
  scope: PolicyScope,
  sitting: { projectId: number; seated: number },
): CmsSittingRow['abilities'] => abilitiesOf(scope, { delete: ['cms-sitting.delete', sitting] });

/** 录入 of a candidate's scores. */
export const scoreAbilities = (scope: PolicyScope, facts: CmsScoreFacts): ScoreRow['abilities'] =>
  abilitiesOf(scope, { edit: ['cms-score.edit', facts] });

/** 退款 of a fee order. */
export const orderAbilities = (scope: PolicyScope, facts: CmsOrderFacts): CmsOrderRow['abilities'] =>
  abilitiesOf(scope, { refund: ['cms-order.refund', facts] });
