import { z } from 'zod';
import { staffOrUnitManager } from './access';
import { answer, defineCalls } from './call';
import { type PageAnswer, zIdInput, zIdList, zInput, zPage } from './common';

/**
 * Transfers of students between unit classes of one class (docs/product-decisions.md "Unit class
 * transfers"): the enrolment (its progress, hours, order and payment) stays, only its unit class
 * changes. A job moves the students a chunk at a time; the page polls its progress and lists a
 * record per student.
 */

export const UNIT_CLASS_TRANSFER_STATUS = ['RUNNING', 'DONE', 'PARTIAL', 'FAILED'] as const;
export type UnitClassTransferStatus = (typeof UNIT_CLASS_TRANSFER_STATUS)[number];
export const UNIT_CLASS_TRANSFER_STATUS_LABEL: Readonly<Record<UnitClassTransferStatus, string>> = {
  RUNNING: '转移中',
  DONE: '转移完成',
  PARTIAL: '部分转移',
  FAILED: '转移失败',
};

export const TRANSFER_RECORD_STATUS = ['PENDING', 'OK', 'FAILED'] as const;
export type TransferRecordStatus = (typeof TRANSFER_RECORD_STATUS)[number];
export const TRANSFER_RECORD_STATUS_LABEL: Readonly<Record<TransferRecordStatus, string>> = {
  PENDING: '待处理',
  OK: '成功',
  FAILED: '失败',
};

/** The most students one transfer may name. */
export const UNIT_CLASS_TRANSFER_MAX = 10_000;

/** `unit-class/transfer` (body): move the source's students (the chosen ones, or all) to the target. */
export const unitClassTransferInput = z.object({
  fromId: zInput.id(),
  toId: zInput.id(),
  /** Enrolments (`myClassId`) of the source; absent: every student of the source. */
  myClassIds: zIdList()
    .pipe(
      z
        .array(z.number())
        .min(1, { error: '请选择学员' })
        .max(UNIT_CLASS_TRANSFER_MAX, { error: `一次最多转移 ${UNIT_CLASS_TRANSFER_MAX} 名学员` }),
    )
    .optional(),
});

/** A transfer as the page shows it while it runs and after. */
export interface UnitClassTransferView {
  id: number;
  classId: number;
  fromUnitClassId: number;
  fromUnitClassName: string;
  toUnitClassId: number;
  toUnitClassName: string;
  status: UnitClassTransferStatus;
  /** Students asked for. */
  total: number;
  processed: number;
  okCount: number;
  failedCount: number;
  /** Why the whole transfer failed, when it did. */
  message: string | null;
  /** Whether it has ended (DONE, PARTIAL, FAILED): the page stops polling. */
  finished: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** `unit-class/transfer-progress`: one transfer. */
export const unitClassTransferIdInput = zIdInput;

/** `unit-class/transfer-records`: a page of the records of transfers in or out of a unit class. */
export const unitClassTransferRecordsInput = z.object({
  ...zPage,
  id: zInput.id(),
  transferId: zInput.optionalId(),
});

/** One student of one transfer: where from, where to, and what became of it. */
export interface UnitClassTransferRecord {
  id: number;
  transferId: number;
  myClassId: number;
  /** Null when the enrolment named was not the source's (nothing about it is shown). */
  accountId: number | null;
  realName: string;
  mobile: string | null;
  fromUnitClassId: number;
  fromUnitClassName: string;
  fromUnitName: string;
  toUnitClassId: number;
  toUnitClassName: string;
  toUnitName: string;
  /** Seen from the unit class asked about: moved in (IN) or out (OUT). */
  direction: 'IN' | 'OUT';
  status: TransferRecordStatus;
  reason: string | null;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  processedAt: string | null;
}

/** `unit-class/transfer-targets`: the unit classes a unit class's students may move to. */
export const unitClassTransferTargetsInput = zIdInput;

/** An open unit class of the same class the caller may move students to. */
export interface UnitClassTransferTarget {
  id: number;
  name: string;
  unitId: number;
  unitName: string;
  studentCount: number;
}

const LIST = '/train-manage/unit-class';
const DETAIL = '/train-manage/unit-class-detail';

/** The transfer calls (`unit-class/transfer...`): the unit class policy applies to both ends. */
export const unitClassTransferCalls = defineCalls('unit-class', {
  /** Starts moving students of one unit class to another of the same class (a job). */
  transfer: {
    input: unitClassTransferInput,
    answer: answer<UnitClassTransferView>(),
    access: staffOrUnitManager(LIST, DETAIL),
  },
  /** Where a transfer stands (the page polls it). */
  'transfer-progress': {
    input: unitClassTransferIdInput,
    answer: answer<UnitClassTransferView>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** A page of the per-student records of transfers in or out of a unit class, newest first. */
  'transfer-records': {
    input: unitClassTransferRecordsInput,
    answer: answer<PageAnswer<UnitClassTransferRecord>>(),
    access: staffOrUnitManager(LIST, DETAIL),
  },
  /** The open unit classes of the same class the caller may move a unit class's students to. */
  'transfer-targets': {
    input: unitClassTransferTargetsInput,
    answer: answer<UnitClassTransferTarget[]>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
});
