import { maskIdCardNumber } from '@px/config';
import type { FieldError } from '@px/regulator';
import {
  MY_PUSH_STATE_LABEL,
  type MyPushLogItem,
  type PushAttemptRow,
  type PushExceptionRow,
  type PushFieldError,
  type PushRow,
  REGULATOR_FIELD_LABEL,
} from '../../contract/regulator-push';
import type { PolicyScope } from '../../core/policy';
import { abilitiesOf } from '../../core/policy';
import type { Account } from '../account/account.model';
import type { RegulatorPush, RegulatorPushLog } from './push.model';
import { pushFacts } from './push.service';

/** The answers of the push calls, shaped from the rows the services read. */

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

export function fieldErrors(errors: readonly FieldError[] | null): PushFieldError[] {
  return (errors ?? []).map((error) => ({
    field: error.field,
    fieldLabel: REGULATOR_FIELD_LABEL[error.field] ?? error.field,
    reason: error.reason,
    message: error.message,
  }));
}

/** What the push log needs beside the push: names of students, classes and corrected pushes. */
export interface PushNames {
  students: ReadonlyMap<number, Pick<Account, 'realName' | 'idCardNo' | 'mobile'>>;
  classes: ReadonlyMap<number, string>;
  pushNos: ReadonlyMap<number, string>;
}

export function pushRow(scope: PolicyScope, push: RegulatorPush, names: PushNames): PushRow {
  const student = names.students.get(push.accountId);
  const due = push.status === 'PENDING' || push.status === 'RETRY_WAIT';
  return {
    id: push.id,
    pushNo: push.pushNo,
    myClassId: push.myClassId,
    kind: push.kind,
    correctsPushNo: push.correctsId ? (names.pushNos.get(push.correctsId) ?? null) : null,
    origin: push.origin,
    status: push.status,
    accountId: push.accountId,
    studentName: student?.realName ?? '',
    idCardNo: student?.idCardNo ? maskIdCardNumber(student.idCardNo) : null,
    classId: push.classId,
    className: names.classes.get(push.classId) ?? '',
    hours: push.payload?.study.hours ?? null,
    attempts: push.attempts,
    lastCode: push.lastCode,
    failure: push.status === 'SUCCESS' ? null : push.lastMessage,
    errors: fieldErrors(push.rejectErrors),
    receiptNo: push.receiptNo,
    acceptedAt: iso(push.acceptedAt),
    nextAttemptAt: due ? iso(push.nextAttemptAt) : null,
    handledAt: iso(push.handledAt),
    handleNote: push.handleNote,
    createdAt: iso(push.createdAt) ?? '',
    ...abilitiesOf(scope, { repush: ['push.repush', pushFacts(push)] }),
  };
}

export function pushExceptionRow(
  scope: PolicyScope,
  push: RegulatorPush,
  names: PushNames,
): PushExceptionRow {
  const student = names.students.get(push.accountId);
  return {
    ...pushRow(scope, push, names),
    realName: student?.realName ?? '',
    idCardNoFull: student?.idCardNo ?? null,
    mobile: student?.mobile ?? null,
    ...abilitiesOf(scope, {
      correct: ['push.correct', pushFacts(push)],
      handle: ['push.handle', pushFacts(push)],
    }),
  };
}

export function pushAttemptRow(log: RegulatorPushLog): PushAttemptRow {
  return {
    id: Number(log.id),
    attempt: log.attempt,
    answerCode: log.answerCode,
    httpStatus: log.httpStatus,
    durationMs: log.durationMs,
    message: log.message,
    request: {
      method: log.request.method,
      path: log.request.path,
      hours: log.request.hours,
      classCode: log.request.classCode,
      idNumber: log.request.idNumber,
    },
    createdAt: iso(log.createdAt) ?? '',
  };
}

/** What a student reads of an enrolment's newest push (null: never pushed). */
export function myPushItem(myClassId: number, push: RegulatorPush | null): MyPushLogItem {
  const item = (state: MyPushLogItem['state'], extra: Partial<MyPushLogItem> = {}): MyPushLogItem => ({
    myClassId,
    state,
    label: MY_PUSH_STATE_LABEL[state],
    pushedAt: null,
    reason: null,
    receiptNo: null,
    ...extra,
  });
  if (!push) return item('NOT_PUSHED');
  switch (push.status) {
    case 'SUCCESS':
      return item('PUSHED', { pushedAt: iso(push.acceptedAt), receiptNo: push.receiptNo });
    case 'FAILED':
      return item('FAILED', {
        reason: push.rejectReason
          ? `监管平台退回：${push.lastMessage ?? ''}，请联系客服更正`
          : '监管平台暂时无法接收，客服正在处理',
      });
    case 'IGNORED':
      return item('FAILED', { reason: `客服已处理：${push.handleNote ?? ''}` });
    default:
      return item('PUSHING');
  }
}
