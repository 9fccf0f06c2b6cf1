import type {
  CmsApplyRow,
  CmsBatchOption,
  CmsBatchRow,
  CmsCandidateRow,
  CmsOrderRow,
  CmsSittingRow,
  ScoreRow,
} from '@px/api/contract';

/** Rows of the examinations as the API answers them (the CMS screens' tests). */

export const page = <T>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

export const BATCH_OPTION: CmsBatchOption = {
  id: 3,
  name: '2026年第四期焊工职业技能等级认定',
  occupation: '焊工',
  levels: ['L5', 'L4'],
  subjects: [
    { id: 31, name: '理论知识', fullMark: 100, passMark: 60 },
    { id: 32, name: '操作技能', fullMark: 100, passMark: 60 },
  ],
  scoresPublished: false,
  abilities: {
    canPublish: true,
    publishRefusal: null,
    canUnpublish: false,
    unpublishRefusal: '该批次成绩尚未发布',
  },
};

export const BATCH_ROW: CmsBatchRow = {
  id: 3,
  name: BATCH_OPTION.name,
  occupation: '焊工',
  occupationCode: '6-18-02-04',
  levels: ['L5', 'L4'],
  fee: 15000,
  applyFrom: '2026-11-01',
  applyTo: '2026-12-31',
  capacity: 100,
  requiredFields: ['photo'],
  notice: null,
  enabled: true,
  subjects: BATCH_OPTION.subjects,
  issueCertificate: true,
  certificateTemplateId: null,
  issuer: null,
  open: true,
  counts: { SUBMITTED: 1, REJECTED: 1, APPROVED: 1, PAID: 2, SCORED: 0, CANCELLED: 0 },
  scoresPublishedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  abilities: {
    canDelete: false,
    deleteRefusal: '该批次已有报名记录，不能删除，可停用报名',
    canPublish: false,
    publishRefusal: '该批次还没有成绩，请先录入或导入成绩',
    canUnpublish: false,
    unpublishRefusal: '该批次成绩尚未发布',
  },
};

export const APPLY_ROW: CmsApplyRow = {
  id: 11,
  batchId: 3,
  batchName: BATCH_OPTION.name,
  occupation: '焊工',
  skillLevel: 'L5',
  realName: '王五',
  idCardNo: '370102********1230',
  mobile: '13800000003',
  education: 'SENIOR',
  workYears: 3,
  unitName: null,
  hasPhoto: true,
  status: 'SUBMITTED',
  rejectReason: null,
  fee: 15000,
  paidAt: null,
  seat: null,
  ticketNo: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  auditedAt: null,
  auditorName: null,
  abilities: { canApprove: true, approveRefusal: null, canReject: true, rejectRefusal: null },
};

export const REJECTED_ROW: CmsApplyRow = {
  ...APPLY_ROW,
  id: 12,
  realName: '赵六',
  status: 'REJECTED',
  rejectReason: '证件照不清晰',
  abilities: {
    canApprove: false,
    approveRefusal: '该报名已驳回，不能审核',
    canReject: false,
    rejectRefusal: '该报名已驳回，不能驳回',
  },
};

export const SITTING: CmsSittingRow = {
  id: 5,
  batchId: 3,
  room: '第一考场',
  place: '演示培训单位 3 楼',
  startsAt: '2027-01-10T01:00:00.000Z',
  endsAt: '2027-01-10T03:00:00.000Z',
  capacity: 2,
  seated: 1,
  ticketsIssued: 0,
  abilities: { canDelete: false, deleteRefusal: '该考场已安排考生，请先取消其座位' },
};

export const CANDIDATE: CmsCandidateRow = {
  id: 21,
  realName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  skillLevel: 'L4',
  status: 'PAID',
  paidAt: '2026-11-21T02:00:00.000Z',
  sitting: null,
  ticketNo: null,
  ticketIssuedAt: null,
};

export const SCORE_ROW: ScoreRow = {
  applyId: 21,
  realName: '张三',
  idCardNo: '370102********1238',
  ticketNo: 'ZK2026000001',
  skillLevel: 'L4',
  scores: [{ subjectId: 31, score: 88.5, absent: false }],
  complete: false,
  passed: false,
  certificateNo: null,
  updatedAt: null,
  abilities: { canEdit: true, editRefusal: null },
};

export const ORDER_ROW: CmsOrderRow = {
  id: 41,
  orderNo: 'CMS202611210001',
  applyId: 21,
  batchName: BATCH_OPTION.name,
  skillLevel: 'L4',
  realName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  status: 'PAID',
  channel: 'WECHAT',
  amount: 15000,
  paidAmount: 15000,
  refundedAmount: 0,
  transactionId: '4200000001',
  createdAt: '2026-11-21T01:00:00.000Z',
  paidAt: '2026-11-21T02:00:00.000Z',
  applyStatus: 'PAID',
  abilities: { canRefund: true, refundRefusal: null },
};
