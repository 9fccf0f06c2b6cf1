import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import type { PayOrder } from '../order/order.model';
import type { CmsApply, CmsBatch } from './cms.model';
import {
  APPLY_AS_STUDENT,
  applyFacts,
  applyStaffAbilities,
  batchAbilities,
  batchScoreAbilities,
  CMS_APPLY_NOT_FOUND,
  type CmsApplyFacts,
  type CmsBatchFacts,
  type CmsOrderFacts,
  myApplyAbilities,
  orderAbilities,
  orderFacts,
  SCORES_PUBLISHED,
  scoreAbilities,
  scoreFacts,
  sittingAbilities,
  windowOpen,
} from './cms.policy';

const candidate: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const staffOf = (...pages: string[]): PolicyScope => ({
  project: { id: 1 },
  principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set(pages) },
});
const reviewer = staffOf('/cms-manage/apply-manage');
const scorer = staffOf('/cms-manage/score-manage');
const cashier = staffOf('/cms-manage/cms-order-manage');
const examiner = staffOf('/cms-manage/apply-exam-manage');

const apply = (over: Partial<CmsApplyFacts> = {}): CmsApplyFacts => ({
  projectId: 1,
  accountId: 5,
  status: 'SUBMITTED',
  feeFen: 5000,
  windowOpen: true,
  ticketNo: null,
  ...over,
});
const batch = (over: Partial<CmsBatchFacts> = {}): CmsBatchFacts => ({
  projectId: 1,
  applications: 0,
  scoresPublished: false,
  scored: 3,
  ...over,
});
const order = (over: Partial<CmsOrderFacts> = {}): CmsOrderFacts => ({
  projectId: 1,
  status: 'PAID',
  paidFen: 5000,
  refundedFen: 0,
  applyStatus: 'PAID',
  ...over,
});
const reason = (verdict: ReturnType<typeof judge>) => verdict?.reason ?? null;

describe('cms policy', () => {
  test('staff of 报名管理 approve and reject submitted applications only', () => {
    expect(judge(reviewer, 'cms-apply.approve', apply())).toBeNull();
    expect(reason(judge(reviewer, 'cms-apply.reject', apply({ status: 'APPROVED' })))).toContain('待缴费');
    expect(reason(judge(reviewer, 'cms-apply.approve', apply({ projectId: 2 })))).toBe(CMS_APPLY_NOT_FOUND);
    expect(judge(scorer, 'cms-apply.approve', apply())?.forbidden).toBe(true);
    expect(judge(candidate, 'cms-apply.approve', apply())?.forbidden).toBe(true);
  });

  test('the candidate acts on their own application in its state', () => {
    expect(judge(candidate, 'cms-apply.resubmit', apply({ status: 'REJECTED' }))).toBeNull();
    expect(
      reason(judge(candidate, 'cms-apply.resubmit', apply({ status: 'REJECTED', windowOpen: false }))),
    ).toContain('报名已截止');
    expect(reason(judge(candidate, 'cms-apply.resubmit', apply({ accountId: 6, status: 'REJECTED' })))).toBe(
      CMS_APPLY_NOT_FOUND,
    );
    expect(judge(candidate, 'cms-apply.pay', apply({ status: 'APPROVED' }))).toBeNull();
    expect(reason(judge(candidate, 'cms-apply.pay', apply({ status: 'APPROVED', feeFen: 0 })))).toContain(
      '免费',
    );
    expect(reason(judge(candidate, 'cms-apply.pay', apply()))).toContain('待审核');
    expect(judge(candidate, 'cms-apply.cancel', apply({ status: 'APPROVED' }))).toBeNull();
    expect(reason(judge(candidate, 'cms-apply.cancel', apply({ status: 'PAID' })))).toContain('已报名');
    expect(reason(judge(candidate, 'cms-apply.ticket', apply({ status: 'PAID' })))).toContain('尚未发放');
    expect(
      judge(candidate, 'cms-apply.ticket', apply({ status: 'PAID', ticketNo: '3000001001' })),
    ).toBeNull();
    expect(
      reason(judge(candidate, 'cms-apply.ticket', apply({ projectId: 2, ticketNo: 'x', status: 'PAID' }))),
    ).toBe(CMS_APPLY_NOT_FOUND);
  });

  test('batches: delete without applications, publish with scores once, unpublish when published', () => {
    expect(judge(reviewer, 'cms-batch.delete', batch())).toBeNull();
    expect(reason(judge(reviewer, 'cms-batch.delete', batch({ applications: 1 })))).toContain('已有报名记录');
    expect(judge(scorer, 'cms-batch.publish', batch())).toBeNull();
    expect(reason(judge(scorer, 'cms-batch.publish', batch({ scored: 0 })))).toContain('还没有成绩');
    expect(reason(judge(scorer, 'cms-batch.publish', batch({ scoresPublished: true })))).toContain('已发布');
    expect(reason(judge(scorer, 'cms-batch.unpublish', batch()))).toContain('尚未发布');
    expect(judge(reviewer, 'cms-batch.publish', batch())?.forbidden).toBe(true);
    expect(reason(judge(scorer, 'cms-batch.publish', batch({ projectId: 2 })))).toBe('考试批次不存在');
  });

  test('scores are edited for registered candidates while unpublished; sittings deleted when empty', () => {
    const row = { projectId: 1, status: 'PAID' as const, scoresPublished: false };
    expect(judge(scorer, 'cms-score.edit', row)).toBeNull();
    expect(reason(judge(scorer, 'cms-score.edit', { ...row, scoresPublished: true }))).toBe(SCORES_PUBLISHED);
    expect(reason(judge(scorer, 'cms-score.edit', { ...row, status: 'APPROVED' }))).toContain('已报名');
    expect(judge(examiner, 'cms-sitting.delete', { projectId: 1, seated: 0 })).toBeNull();
    expect(reason(judge(examiner, 'cms-sitting.delete', { projectId: 1, seated: 2 }))).toContain(
      '已安排考生',
    );
  });

  test('fee orders are refunded when paid and before the scores are out', () => {
    expect(judge(cashier, 'cms-order.refund', order())).toBeNull();
    expect(reason(judge(cashier, 'cms-order.refund', order({ status: 'UNPAID' })))).toContain('已支付');
    expect(reason(judge(cashier, 'cms-order.refund', order({ status: 'REFUNDING' })))).toContain('退款中');
    expect(reason(judge(cashier, 'cms-order.refund', order({ applyStatus: 'SCORED' })))).toContain(
      '成绩已发布',
    );
    expect(reason(judge(cashier, 'cms-order.refund', order({ projectId: 3 })))).toBe('订单不存在');
    expect(judge(reviewer, 'cms-order.refund', order())?.forbidden).toBe(true);
  });
});

describe('cms policy: submitting an application', () => {
  test('a signed-in student applies in their project; staff are refused (403) with the reason', () => {
    expect(judge(candidate, 'cms-apply.submit', { projectId: 1 })).toBeNull();
    expect(judge(reviewer, 'cms-apply.submit', { projectId: 1 })).toEqual({
      reason: APPLY_AS_STUDENT,
      forbidden: true,
    });
    expect(judge(candidate, 'cms-apply.submit', { projectId: 2 })?.reason).toBe('考试批次不存在');
  });
});

describe('cms policy: the facts of rows and the abilities answers carry', () => {
  const batchRow = {
    status: 'ENABLED',
    applyFrom: '2026-03-01',
    applyTo: '2026-03-31',
    feeFen: 5000,
    scoresPublishedAt: null,
  } as CmsBatch;
  const applyRow = { projectId: 1, accountId: 5, status: 'REJECTED', ticketNo: null } as CmsApply;

  test('a batch is open on the days of its window while enabled', () => {
    expect(windowOpen(batchRow, '2026-03-01')).toBe(true);
    expect(windowOpen(batchRow, '2026-03-31')).toBe(true);
    expect(windowOpen(batchRow, '2026-04-01')).toBe(false);
    expect(windowOpen({ ...batchRow, status: 'DISABLED' } as CmsBatch, '2026-03-10')).toBe(false);
  });

  test('an application is judged with its batch on the day (no batch: closed and free)', () => {
    expect(applyFacts(applyRow, batchRow, '2026-03-10')).toEqual(
      apply({ status: 'REJECTED', windowOpen: true, feeFen: 5000 }),
    );
    expect(applyFacts(applyRow, undefined, '2026-03-10')).toMatchObject({ windowOpen: false, feeFen: 0 });
    expect(myApplyAbilities(candidate, applyFacts(applyRow, batchRow, '2026-03-10'))).toEqual({
      canResubmit: true,
      resubmitRefusal: null,
      canPay: false,
      payRefusal: expect.stringContaining('不能缴费'),
      canCancel: true,
      cancelRefusal: null,
      canTicket: false,
      ticketRefusal: expect.stringContaining('准考证尚未发放'),
    });
    expect(applyStaffAbilities(reviewer, apply())).toEqual({
      canApprove: true,
      approveRefusal: null,
      canReject: true,
      rejectRefusal: null,
    });
  });

  test('batches, sittings, scores and fee orders answer their verbs as abilities', () => {
    expect(batchAbilities(reviewer, batch())).toMatchObject({ canDelete: true, canPublish: false });
    expect(batchScoreAbilities(scorer, batch())).toEqual({
      canPublish: true,
      publishRefusal: null,
      canUnpublish: false,
      unpublishRefusal: '该批次成绩尚未发布',
    });
    expect(sittingAbilities(examiner, { projectId: 1, seated: 1 }).canDelete).toBe(false);
    const paid = { projectId: 1, status: 'PAID' } as CmsApply;
    expect(scoreFacts(paid, null)).toEqual({ projectId: 1, status: 'PAID', scoresPublished: false });
    expect(scoreAbilities(scorer, scoreFacts(paid, { scoresPublishedAt: new Date() }))).toEqual({
      canEdit: false,
      editRefusal: SCORES_PUBLISHED,
    });
    const fee = { projectId: 1, status: 'PAID', paidFen: 5000, refundedFen: 5000 } as PayOrder;
    expect(orderFacts(fee, paid)).toEqual(order({ refundedFen: 5000 }));
    expect(orderAbilities(cashier, orderFacts(fee, paid))).toEqual({
      canRefund: false,
      refundRefusal: '该订单没有可退的金额',
    });
  });
});
