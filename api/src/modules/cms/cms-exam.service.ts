import { Op, type Order, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  CMS_REGISTERED_STATUS,
  type CmsAutoAssignAnswer,
  type CmsCandidateRow,
  type CmsIssueTicketsAnswer,
  type CmsSittingRow,
  type cmsCandidatePageInput,
  type cmsSittingSaveInput,
} from '../../contract/cms';
import type { PageAnswer } from '../../contract/common';
import { SKILL_LEVEL_LABELS } from '../../contract/my-certificate';
import type { ActorScope, FileResult, TenantScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal, ValidationError } from '../../core/errors';
import { cursorBatches } from '../../core/export-cursor';
import { modelPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { streamXlsx } from '../../core/xlsx';
import { audit } from '../audit/audit.service';
import { CmsApply, CmsSitting } from './cms.model';
import { CMS_SITTING_NOT_FOUND, sittingAbilities } from './cms.policy';
import { presentCandidate, presentSitting } from './cms.presenter';
import { findApply, personWhere, sittingsOf } from './cms-apply.service';
import { findBatch } from './cms-batch.service';

/**
 * Sittings, seats and admission tickets (考场安排, docs/product-decisions.md "CMS"): a batch's rooms
 * at their times and places; registered candidates (fee paid or free) seated automatically or by
 * hand, never more than a room's seats (a sitting's row is locked while its seats are given, and a
 * seat holds one candidate by a unique index); tickets issued to the seated; the sign-in sheet of a
 * room. Moving a candidate voids their ticket (issue again).
 */

const NOT_REGISTERED = '只能为已报名（已缴费或免费）的考生安排座位';
const ROOM_FULL = '该考场座位已满';

/** Seats taken in sittings, and tickets issued, by sitting. */
async function seatCounts(
  scope: TenantScope,
  sittingIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, { seated: number; tickets: number }>> {
  const rows = sittingIds.length
    ? await scope.sequelize.query<{ sitting_id: number; seated: number; tickets: number }>(
        `SELECT sitting_id, COUNT(*)::int AS seated, COUNT(ticket_no)::int AS tickets FROM cms_apply
          WHERE project_id = :projectId AND sitting_id IN (:ids) GROUP BY sitting_id`,
        {
          replacements: { projectId: scope.project.id, ids: [...sittingIds] },
          type: QueryTypes.SELECT,
          transaction,
        },
      )
    : [];
  return new Map(rows.map((row) => [row.sitting_id, { seated: row.seated, tickets: row.tickets }]));
}

/** Sittings as the back office lists them, with their seats taken and tickets issued. */
async function sittingRows(scope: ActorScope, sittings: CmsSitting[]): Promise<CmsSittingRow[]> {
  const counts = await seatCounts(
    scope,
    sittings.map((sitting) => sitting.id),
  );
  return sittings.map((sitting) => {
    const count = counts.get(sitting.id) ?? { seated: 0, tickets: 0 };
    return presentSitting(
      sitting,
      count,
      sittingAbilities(scope, { projectId: sitting.projectId, seated: count.seated }),
    );
  });
}

/** A sitting of the project, locked for the transaction when one is given. Throws 考场不存在. */
async function findSitting(scope: TenantScope, id: number, transaction?: Transaction): Promise<CmsSitting> {
  const sitting = await CmsSitting.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!sitting) throw new BusinessError(CMS_SITTING_NOT_FOUND);
  return sitting;
}

const SITTING_ORDER: [string, string][] = [
  ['startsAt', 'ASC'],
  ['room', 'ASC'],
  ['id', 'ASC'],
];

/** `cms-exam/sitting-list`: a batch's sittings by time, with the seats taken and tickets issued. */
export async function listSittings(scope: ActorScope, batchId: number): Promise<CmsSittingRow[]> {
  await findBatch(scope, batchId);
  const sittings = await CmsSitting.findAll({
    where: { projectId: scope.project.id, batchId },
    order: SITTING_ORDER,
  });
  return sittingRows(scope, sittings);
}

/**
 * `cms-exam/sitting-save`: a sitting created or changed; audited. Throws ValidationError naming
 * `capacity` (below a seat given), `room` (one of that name at that time already), `batchId` (moving
 * a sitting to another batch).
 */
export async function saveSitting(
  scope: ActorScope,
  input: z.output<typeof cmsSittingSaveInput>,
): Promise<CmsSittingRow> {
  const projectId = scope.project.id;
  const sitting = await scope.sequelize
    .transaction(async (transaction) => {
      await findBatch(scope, input.batchId);
      const values = {
        room: input.room,
        place: input.place,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        capacity: input.capacity,
      };
      if (!input.id)
        return CmsSitting.create({ projectId, batchId: input.batchId, ...values }, { transaction });
      const row = await findSitting(scope, input.id, transaction);
      if (row.batchId !== input.batchId)
        throw new ValidationError([{ field: 'batchId', rule: 'match', message: '考场不属于该批次' }]);
      const highest = await CmsApply.max<number, CmsApply>('seatNo', {
        where: { projectId, sittingId: row.id },
        transaction,
      });
      if (highest && input.capacity < highest)
        throw new ValidationError([
          {
            field: 'capacity',
            rule: 'min',
            message: `已安排到 ${highest} 号座位，座位数不能少于 ${highest}`,
          },
        ]);
      await row.update(values, { transaction });
      return row;
    })
    .catch(uniqueRefusal(fieldError('room', 'unique', '同一时间已有同名考场')));
  await audit(scope, {
    action: input.id ? 'cms-sitting.update' : 'cms-sitting.create',
    projectId,
    targetType: 'cms_sitting',
    targetId: sitting.id,
    detail: { batchId: input.batchId, room: input.room, capacity: input.capacity },
  });
  const [row] = await sittingRows(scope, [sitting]);
  return row as CmsSittingRow;
}

/** `cms-exam/sitting-delete`: a sitting nobody is seated in; audited. */
export async function deleteSitting(scope: ActorScope, id: number): Promise<null> {
  await scope.sequelize.transaction(async (transaction) => {
    const sitting = await findSitting(scope, id, transaction);
    const seated = (await seatCounts(scope, [id], transaction)).get(id)?.seated ?? 0;
    authorize(scope, 'cms-sitting.delete', { projectId: sitting.projectId, seated });
    await sitting.destroy({ transaction });
    await audit(
      scope,
      { action: 'cms-sitting.delete', projectId: scope.project.id, targetType: 'cms_sitting', targetId: id },
      transaction,
    );
  });
  return null;
}

/** `cms-exam/candidates`: a batch's registered candidates (by payment time) with their seats. */
export async function pageCandidates(
  scope: ActorScope,
  input: z.output<typeof cmsCandidatePageInput>,
): Promise<PageAnswer<CmsCandidateRow>> {
  const and: WhereOptions<CmsApply>[] = [
    { projectId: scope.project.id, batchId: input.batchId, status: [...CMS_REGISTERED_STATUS] },
  ];
  if (input.sittingId) and.push({ sittingId: input.sittingId });
  if (input.seated === 'YES') and.push({ sittingId: { [Op.ne]: null } });
  if (input.seated === 'NO') and.push({ sittingId: null });
  if (input.student) and.push(personWhere(input.student));
  const order: Order = [
    ['sittingId', 'ASC NULLS LAST'],
    ['seatNo', 'ASC'],
    ['paidAt', 'ASC'],
    ['id', 'ASC'],
  ];
  return modelPage(CmsApply, { where: { [Op.and]: and }, order }, input, async (rows) => {
    const sittings = await sittingsOf(scope.project.id, rows);
    return rows.map((apply) =>
      presentCandidate(apply, apply.sittingId ? sittings.get(apply.sittingId) : undefined),
    );
  });
}

/** The seat numbers taken in a (locked) sitting, but `except`'s. */
async function takenSeats(
  sitting: CmsSitting,
  except: number | null,
  transaction: Transaction,
): Promise<Set<number>> {
  const rows = await CmsApply.findAll({
    attributes: ['id', 'seatNo'],
    where: { projectId: sitting.projectId, sittingId: sitting.id },
    transaction,
  });
  return new Set(rows.flatMap((row) => (row.id !== except && row.seatNo !== null ? [row.seatNo] : [])));
}

/** The lowest free seat of a sitting, or null when every seat is taken. */
function firstFree(capacity: number, taken: ReadonlySet<number>): number | null {
  for (let seat = 1; seat <= capacity; seat += 1) if (!taken.has(seat)) return seat;
  return null;
}

/** Seating voids a ticket: the candidate's seat changed. */
const UNTICKETED = { ticketNo: null, ticketIssuedAt: null } as const;

/**
 * `cms-exam/assign`: seats a registered candidate of the sitting's batch at `seatNo` (the lowest free
 * one when absent), under the sitting's row lock so a room never takes more than its seats; a seat
 * changed voids the ticket. Throws ValidationError naming `seatNo` (outside the room, taken),
 * BusinessError (not registered, another batch, room full).
 */
export async function assignSeat(
  scope: ActorScope,
  input: { applyId: number; sittingId: number; seatNo?: number | undefined },
): Promise<CmsCandidateRow> {
  const { apply, sitting } = await scope.sequelize.transaction(async (transaction) => {
    // The sitting first, then the candidate: the order auto-assign takes them in too.
    const room = await findSitting(scope, input.sittingId, transaction);
    const locked = await findApply(scope, input.applyId, transaction);
    if (locked.status !== 'PAID') throw new BusinessError(NOT_REGISTERED);
    if (locked.batchId !== room.batchId) throw new BusinessError('考生与考场不属于同一考试批次');
    const taken = await takenSeats(room, locked.id, transaction);
    let seat = input.seatNo ?? null;
    if (seat !== null) {
      if (seat > room.capacity)
        throw new ValidationError([
          { field: 'seatNo', rule: 'max', message: `座位号应在 1 到 ${room.capacity} 之间` },
        ]);
      if (taken.has(seat))
        throw new ValidationError([{ field: 'seatNo', rule: 'unique', message: `${seat} 号座位已有考生` }]);
    } else {
      if (locked.sittingId === room.id && locked.seatNo !== null) seat = locked.seatNo;
      else seat = firstFree(room.capacity, taken);
      if (seat === null) throw new BusinessError(ROOM_FULL);
    }
    const changed = locked.sittingId !== room.id || locked.seatNo !== seat;
    if (changed) await locked.update({ sittingId: room.id, seatNo: seat, ...UNTICKETED }, { transaction });
    await audit(
      scope,
      {
        action: 'cms-exam.assign',
        projectId: scope.project.id,
        targetType: 'cms_apply',
        targetId: locked.id,
        detail: { sittingId: room.id, seatNo: seat },
      },
      transaction,
    );
    return { apply: locked, sitting: room };
  });
  return presentCandidate(apply, sitting);
}

/** `cms-exam/unassign`: takes a candidate's seat (and ticket) back. */
export async function unassignSeat(scope: ActorScope, applyId: number): Promise<CmsCandidateRow> {
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const locked = await findApply(scope, applyId, transaction);
    if (locked.status !== 'PAID') throw new BusinessError('只能调整已报名考生的座位');
    await locked.update({ sittingId: null, seatNo: null, ...UNTICKETED }, { transaction });
    await audit(
      scope,
      {
        action: 'cms-exam.unassign',
        projectId: scope.project.id,
        targetType: 'cms_apply',
        targetId: applyId,
      },
      transaction,
    );
    return locked;
  });
  return presentCandidate(apply, undefined);
}

/**
 * `cms-exam/auto-assign`: seats every registered candidate of the batch without a seat, by payment
 * time, in the sittings by time and room, each at its lowest free seats; the batch's sittings are
 * locked meanwhile, so no room ever takes more than its seats. Answers how many were seated and how
 * many are left without a seat (no room left).
 */
export async function autoAssign(scope: ActorScope, batchId: number): Promise<CmsAutoAssignAnswer> {
  const projectId = scope.project.id;
  const answer = await scope.sequelize.transaction(async (transaction) => {
    await findBatch(scope, batchId);
    const sittings = await CmsSitting.findAll({
      where: { projectId, batchId },
      order: SITTING_ORDER,
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const waiting = await CmsApply.findAll({
      where: { projectId, batchId, status: 'PAID', sittingId: null },
      order: [
        ['paidAt', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    let assigned = 0;
    let next = 0;
    for (const sitting of sittings) {
      if (next >= waiting.length) break;
      const taken = await takenSeats(sitting, null, transaction);
      for (let seat = 1; seat <= sitting.capacity && next < waiting.length; seat += 1) {
        if (taken.has(seat)) continue;
        await (waiting[next] as CmsApply).update(
          { sittingId: sitting.id, seatNo: seat, ...UNTICKETED },
          { transaction },
        );
        next += 1;
        assigned += 1;
      }
    }
    return { assigned, unseated: waiting.length - assigned };
  });
  await audit(scope, {
    action: 'cms-exam.auto-assign',
    projectId,
    targetType: 'cms_batch',
    targetId: batchId,
    detail: { ...answer },
  });
  return answer;
}

/** A ticket number: the sitting's year (2 digits), its id (5) and the seat (3); unique with the seat. */
export function ticketNumber(sitting: CmsSitting, seatNo: number): string {
  const year = new Date(sitting.startsAt.getTime() + 8 * 3600_000).getUTCFullYear() % 100;
  return `${String(year).padStart(2, '0')}${String(sitting.id).padStart(5, '0')}${String(seatNo).padStart(3, '0')}`;
}

/**
 * `cms-exam/issue-tickets`: issues the admission ticket of every seated registered candidate of the
 * batch who has none (number from the sitting and seat); the candidates then read and download it.
 */
export async function issueTickets(scope: ActorScope, batchId: number): Promise<CmsIssueTicketsAnswer> {
  const projectId = scope.project.id;
  const issued = await scope.sequelize.transaction(async (transaction) => {
    await findBatch(scope, batchId);
    const applies = await CmsApply.findAll({
      where: { projectId, batchId, status: 'PAID', sittingId: { [Op.ne]: null }, ticketNo: null },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const sittings = await sittingsOf(projectId, applies, transaction);
    const now = scope.providers.clock.now();
    for (const apply of applies) {
      const sitting = sittings.get(apply.sittingId as number) as CmsSitting;
      await apply.update(
        { ticketNo: ticketNumber(sitting, apply.seatNo as number), ticketIssuedAt: now },
        { transaction },
      );
    }
    return applies.length;
  });
  if (issued === 0) throw new BusinessError('没有需要发放准考证的考生（请先安排座位）');
  await audit(scope, {
    action: 'cms-exam.issue-tickets',
    projectId,
    targetType: 'cms_batch',
    targetId: batchId,
    detail: { issued },
  });
  return { issued };
}

interface AttendanceRow {
  seat_no: number;
  ticket_no: string | null;
  real_name: string;
  id_card_no: string;
  skill_level: keyof typeof SKILL_LEVEL_LABELS;
  mobile: string;
}

/** `cms-exam/attendance-export`: the sign-in sheet of a sitting, by seat, streamed as `.xlsx`. */
export async function exportAttendance(scope: ActorScope, sittingId: number): Promise<FileResult> {
  const sitting = await findSitting(scope, sittingId);
  const batch = await findBatch(scope, sitting.batchId);
  const batches = cursorBatches<AttendanceRow, AttendanceRow>(
    scope.sequelize,
    {
      sql: `SELECT seat_no, ticket_no, real_name, id_card_no, skill_level, mobile FROM cms_apply
             WHERE project_id = :projectId AND sitting_id = :sittingId ORDER BY seat_no`,
      replacements: { projectId: scope.project.id, sittingId },
    },
    (rows) => rows,
  );
  return streamXlsx<AttendanceRow>({
    filename: `签到表-${batch.name}-${sitting.room}.xlsx`,
    sheetName:
      sitting.room
        .replace(/[\\/?*[\]:]/g, ' ')
        .slice(0, 31)
        .trim() || '签到表',
    log: scope.log,
    batches,
    columns: [
      { header: '座位号', width: 8, value: (row) => row.seat_no },
      { header: '准考证号', width: 14, numFmt: '@', value: (row) => row.ticket_no },
      { header: '姓名', width: 12, value: (row) => row.real_name },
      { header: '身份证号', width: 22, numFmt: '@', value: (row) => row.id_card_no },
      { header: '报考等级', width: 14, value: (row) => SKILL_LEVEL_LABELS[row.skill_level] },
      { header: '手机号', width: 14, numFmt: '@', value: (row) => row.mobile },
      { header: '考生签名', width: 16, value: () => '' },
      { header: '备注', width: 16, value: () => '' },
    ],
  });
}
