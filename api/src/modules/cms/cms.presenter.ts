import { maskIdCardNumber } from '@px/config';
import {
  CMS_APPLY_STATUS,
  type CmsApplyAbilities,
  type CmsApplyCounts,
  type CmsApplyDetail,
  type CmsApplyRow,
  type CmsBatchAbilities,
  type CmsBatchOption,
  type CmsBatchRow,
  type CmsCandidateRow,
  type CmsOrderRow,
  type CmsPayAnswer,
  type CmsResult,
  type CmsSittingPlace,
  type CmsSittingRow,
  type CmsSubject as CmsSubjectView,
  type CmsUnitOption,
  type MyCmsApply,
  type MyCmsApplyAbilities,
  type OpenCmsBatch,
} from '../../contract/cms';
import type { ScoreRow } from '../../contract/cms-score';
import type { PayOrder } from '../order/order.model';
import type { Unit } from '../unit/unit.model';
import type { CmsApply, CmsApplyLog, CmsBatch, CmsScore, CmsSitting, CmsSubject } from './cms.model';

/** How the examinations' answers are shaped from their rows (the services read and decide). */

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** Tenths as a mark with one decimal. */
export const mark = (tenths: number): number => tenths / 10;

/** A mark (one decimal at most) in tenths. */
export const tenthsOf = (value: number): number => Math.round(value * 10);

export function presentSubject(subject: CmsSubject): CmsSubjectView {
  return {
    id: subject.id,
    name: subject.name,
    fullMark: mark(subject.fullTenths),
    passMark: mark(subject.passTenths),
  };
}

/** Counts of every state, zero where none. */
export function emptyCounts(): CmsApplyCounts {
  return Object.fromEntries(CMS_APPLY_STATUS.map((status) => [status, 0])) as CmsApplyCounts;
}

export function presentBatch(
  batch: CmsBatch,
  facts: { subjects: CmsSubject[]; counts: CmsApplyCounts; open: boolean; abilities: CmsBatchAbilities },
): CmsBatchRow {
  return {
    id: batch.id,
    name: batch.name,
    occupation: batch.occupation,
    occupationCode: batch.occupationCode,
    levels: batch.levels,
    fee: batch.feeFen,
    applyFrom: batch.applyFrom,
    applyTo: batch.applyTo,
    capacity: batch.capacity,
    requiredFields: batch.requiredFields,
    notice: batch.notice,
    enabled: batch.status === 'ENABLED',
    subjects: facts.subjects.map(presentSubject),
    issueCertificate: batch.issueCertificate,
    certificateTemplateId: batch.certificateTemplateId,
    issuer: batch.issuer,
    open: facts.open,
    counts: facts.counts,
    scoresPublishedAt: iso(batch.scoresPublishedAt),
    createdAt: batch.createdAt.toISOString(),
    abilities: facts.abilities,
  };
}

/** A batch as every CMS page chooses it, with its levels and subjects (成绩管理: 发布成绩 / 撤回发布). */
export function presentBatchOption(
  batch: CmsBatch,
  subjects: readonly CmsSubject[],
  abilities: CmsBatchOption['abilities'],
): CmsBatchOption {
  return {
    id: batch.id,
    name: batch.name,
    occupation: batch.occupation,
    levels: batch.levels,
    subjects: subjects.map(presentSubject),
    scoresPublished: batch.scoresPublishedAt !== null,
    abilities,
  };
}

/** A batch open for registration as `/registerCms` shows it: `taken` its places held. */
export function presentOpenBatch(
  batch: CmsBatch,
  subjects: readonly CmsSubject[],
  taken: number,
): OpenCmsBatch {
  return {
    id: batch.id,
    name: batch.name,
    occupation: batch.occupation,
    levels: batch.levels,
    fee: batch.feeFen,
    applyFrom: batch.applyFrom,
    applyTo: batch.applyTo,
    requiredFields: batch.requiredFields,
    notice: batch.notice,
    subjects: subjects.map((subject) => ({ name: subject.name })),
    placesLeft: Math.max(0, batch.capacity - taken),
  };
}

/** Where a seated candidate sits. */
export function presentPlace(apply: CmsApply, sitting: CmsSitting | undefined): CmsSittingPlace | null {
  if (!sitting || apply.seatNo === null) return null;
  return {
    sittingId: sitting.id,
    room: sitting.room,
    place: sitting.place,
    startsAt: sitting.startsAt.toISOString(),
    endsAt: sitting.endsAt.toISOString(),
    seatNo: apply.seatNo,
  };
}

/** `第一考场 · 12号`. */
export const seatText = (place: CmsSittingPlace | null): string | null =>
  place ? `${place.room} · ${place.seatNo}号` : null;

/** What the staff list shows of an application, given what it looked up. */
export function presentApplyRow(
  apply: CmsApply,
  facts: {
    batch: CmsBatch | undefined;
    unitName: string | null;
    sitting: CmsSitting | undefined;
    auditorName: string | null;
    abilities: CmsApplyAbilities;
  },
): CmsApplyRow {
  return {
    id: apply.id,
    batchId: apply.batchId,
    batchName: facts.batch?.name ?? '',
    occupation: facts.batch?.occupation ?? '',
    skillLevel: apply.skillLevel,
    realName: apply.realName,
    idCardNo: maskIdCardNumber(apply.idCardNo),
    mobile: apply.mobile,
    education: apply.education,
    workYears: apply.workYears,
    unitName: facts.unitName,
    hasPhoto: apply.photoKey !== null,
    status: apply.status,
    rejectReason: apply.rejectReason,
    fee: facts.batch?.feeFen ?? 0,
    paidAt: iso(apply.paidAt),
    seat: seatText(presentPlace(apply, facts.sitting)),
    ticketNo: apply.ticketNo,
    createdAt: apply.createdAt.toISOString(),
    auditedAt: iso(apply.auditedAt),
    auditorName: facts.auditorName,
    abilities: facts.abilities,
  };
}

/**
 * An application's detail for staff: its row with the full ID number, its seat, its fee orders and
 * its history (`actors`: the names of who moved it, by account).
 */
export function presentApplyDetail(
  row: CmsApplyRow,
  apply: CmsApply,
  facts: {
    sitting: CmsSitting | undefined;
    orders: readonly PayOrder[];
    logs: readonly CmsApplyLog[];
    actors: ReadonlyMap<number, string>;
  },
): CmsApplyDetail {
  return {
    ...row,
    fullIdCardNo: apply.idCardNo,
    accountId: apply.accountId,
    sitting: presentPlace(apply, facts.sitting),
    orders: facts.orders.map((order) => ({
      id: order.id,
      orderNo: order.orderNo,
      status: order.status,
      amount: order.totalFen,
      paidAt: iso(order.paidAt),
    })),
    logs: facts.logs.map((log) => ({
      fromStatus: log.fromStatus,
      toStatus: log.toStatus,
      actorName: log.actorId ? (facts.actors.get(log.actorId) ?? null) : null,
      reason: log.reason,
      createdAt: log.createdAt.toISOString(),
    })),
  };
}

/** A registered candidate and their seat (the sittings page). */
export function presentCandidate(apply: CmsApply, sitting: CmsSitting | undefined): CmsCandidateRow {
  return {
    id: apply.id,
    realName: apply.realName,
    idCardNo: maskIdCardNumber(apply.idCardNo),
    mobile: apply.mobile,
    skillLevel: apply.skillLevel,
    status: apply.status,
    paidAt: iso(apply.paidAt),
    sitting: presentPlace(apply, sitting),
    ticketNo: apply.ticketNo,
    ticketIssuedAt: iso(apply.ticketIssuedAt),
  };
}

/**
 * A candidate's result from their scores: every subject of the batch with its score (null when not
 * scored), passed when every subject is scored (not absent) at its pass mark or above.
 */
export function resultOf(
  subjects: readonly CmsSubject[],
  scores: readonly CmsScore[],
  certificateNo: string | null,
): CmsResult & { complete: boolean } {
  const bySubject = new Map(scores.map((score) => [score.subjectId, score]));
  const rows = subjects.map((subject) => {
    const score = bySubject.get(subject.id);
    return {
      subject,
      score,
      view: {
        name: subject.name,
        score: score?.scoreTenths == null ? null : mark(score.scoreTenths),
        absent: score?.absent ?? false,
        passMark: mark(subject.passTenths),
        fullMark: mark(subject.fullTenths),
      },
    };
  });
  const complete = rows.every((row) => row.score !== undefined);
  const passed =
    complete &&
    rows.every(
      (row) =>
        row.score?.scoreTenths != null &&
        !row.score.absent &&
        row.score.scoreTenths >= row.subject.passTenths,
    );
  return { subjects: rows.map((row) => row.view), passed, certificateNo, complete };
}

/** What an application is shown to its candidate with, beside the row (the service loads it). */
export interface MyApplyContext {
  batch: CmsBatch;
  unitName: string | null;
  sitting: CmsSitting | undefined;
  /** Their open fee order (unpaid, not past its time), if any. */
  unpaidOrderId: number | null;
  result: CmsResult | null;
  /** 修改 / 缴费 / 撤销 / 准考证, by the application policy. */
  abilities: MyCmsApplyAbilities;
}

/** An application as its candidate sees it, with 修改 / 缴费 / 撤销 / 准考证 as abilities. */
export function presentMyApply(apply: CmsApply, context: MyApplyContext): MyCmsApply {
  return {
    id: apply.id,
    batchId: apply.batchId,
    batchName: context.batch.name,
    occupation: context.batch.occupation,
    skillLevel: apply.skillLevel,
    status: apply.status,
    rejectReason: apply.rejectReason,
    realName: apply.realName,
    idCardNo: maskIdCardNumber(apply.idCardNo),
    mobile: apply.mobile,
    education: apply.education,
    workYears: apply.workYears,
    unitId: apply.unitId,
    unitName: context.unitName,
    hasPhoto: apply.photoKey !== null,
    requiredFields: context.batch.requiredFields,
    fee: context.batch.feeFen,
    unpaidOrderId: context.unpaidOrderId,
    paidAt: iso(apply.paidAt),
    // The seat is the candidate's once the ticket is issued (staff may still move them before).
    sitting: apply.ticketNo ? presentPlace(apply, context.sitting) : null,
    ticketNo: apply.ticketNo,
    result: context.result,
    createdAt: apply.createdAt.toISOString(),
    abilities: context.abilities,
  };
}

/** The fee order a candidate pays for an application (`cms-apply/pay`). */
export function presentFeeOrder(order: PayOrder): CmsPayAnswer {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    amount: order.totalFen,
    expiresAt: iso(order.expiresAt),
  };
}

/** A unit the registration form offers as 工作单位. */
export const presentUnitOption = (unit: Pick<Unit, 'id' | 'name'>): CmsUnitOption => ({
  id: unit.id,
  name: unit.name,
});

/** A sitting of the back office's list: `count` its seats taken and tickets issued. */
export function presentSitting(
  sitting: CmsSitting,
  count: { seated: number; tickets: number },
  abilities: CmsSittingRow['abilities'],
): CmsSittingRow {
  return {
    id: sitting.id,
    batchId: sitting.batchId,
    room: sitting.room,
    place: sitting.place,
    startsAt: sitting.startsAt.toISOString(),
    endsAt: sitting.endsAt.toISOString(),
    capacity: sitting.capacity,
    seated: count.seated,
    ticketsIssued: count.tickets,
    abilities,
  };
}

/** A candidate's scores of a batch (`own`: theirs, as scored), with the full ID number kept for the export. */
export function presentScoreRow(
  apply: CmsApply,
  own: CmsScore[],
  result: Pick<ReturnType<typeof resultOf>, 'complete' | 'passed'>,
  certificateNo: string | null,
  abilities: ScoreRow['abilities'],
): ScoreRow & { fullIdCardNo: string } {
  const latest = own.reduce<Date | null>(
    (last, score) => (!last || score.updatedAt > last ? score.updatedAt : last),
    null,
  );
  return {
    applyId: apply.id,
    realName: apply.realName,
    idCardNo: maskIdCardNumber(apply.idCardNo),
    fullIdCardNo: apply.idCardNo,
    ticketNo: apply.ticketNo,
    skillLevel: apply.skillLevel,
    scores: own.map((score) => ({
      subjectId: score.subjectId,
      score: score.scoreTenths === null ? null : mark(score.scoreTenths),
      absent: score.absent,
    })),
    complete: result.complete,
    passed: result.passed,
    certificateNo,
    updatedAt: latest ? latest.toISOString() : null,
    abilities,
  };
}

/** An examination fee order with its candidate's application and batch name. */
export function presentCmsOrder(
  order: PayOrder,
  apply: CmsApply,
  batchName: string,
  abilities: CmsOrderRow['abilities'],
): CmsOrderRow {
  return {
    id: order.id,
    orderNo: order.orderNo,
    applyId: apply.id,
    batchName,
    skillLevel: apply.skillLevel,
    realName: apply.realName,
    idCardNo: maskIdCardNumber(apply.idCardNo),
    mobile: apply.mobile,
    status: order.status,
    channel: order.channel,
    amount: order.totalFen,
    paidAmount: order.paidFen,
    refundedAmount: order.refundedFen,
    transactionId: order.transactionId,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    applyStatus: apply.status,
    abilities,
  };
}
