import { zIdCardNumber, zMobile } from '@px/config';
import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type PageAnswer,
  zEmptyOrNullAsAbsent,
  zIdInput,
  zIdList,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
} from './common';
import type { ReportClassOption } from './study-report';
import { CREATED_IN_ORDER, zCreatedRange } from './train-plan';

/**
 * Reporting study records to the regulator (docs/regulator.md "How the platform pushes"): the push
 * records (the outbox), their attempts, the pushes the regulator refused (推送异常), the enrolments
 * not yet reported, the student's own states, and pushing a class or a batch of classes.
 */

const PUSH_LOG = '/customer/my-class-push-log-manage' as const;
const PUSH_EXCEPTION = '/customer/my-class-push-log-exception-manage' as const;
const CLASS_LIST = '/train-manage/class' as const;

/** A push record's state (domain "Push log"). */
export const PUSH_STATUSES = ['PENDING', 'SENDING', 'SUCCESS', 'RETRY_WAIT', 'FAILED', 'IGNORED'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
export const PUSH_STATUS_LABEL: Readonly<Record<PushStatus, string>> = {
  PENDING: '待上报',
  SENDING: '上报中',
  SUCCESS: '已上报',
  RETRY_WAIT: '等待重试',
  FAILED: '上报失败',
  IGNORED: '已忽略',
};

/** Why a push exists: the enrolment passed (automatic), staff pushed it, or a data correction. */
export const PUSH_ORIGINS = ['AUTO', 'MANUAL', 'CORRECTION'] as const;
export type PushOrigin = (typeof PUSH_ORIGINS)[number];
export const PUSH_ORIGIN_LABEL: Readonly<Record<PushOrigin, string>> = {
  AUTO: '自动上报',
  MANUAL: '手动上报',
  CORRECTION: '更正上报',
};

/** What the regulator's record fields are called in the back office (a rejection's field). */
export const REGULATOR_FIELD_LABEL: Readonly<Record<string, string>> = {
  pushNo: '上报编号',
  'student.name': '学员姓名',
  'student.idType': '证件类型',
  'student.idNumber': '身份证号',
  'student.mobile': '手机号',
  classCode: '班级备案',
  'class.hours': '班级学时',
  'class.name': '班级名称',
  'class.startOn': '班级开始日期',
  'class.endOn': '班级结束日期',
  'study.hours': '学时',
  'study.startedOn': '开始学习日期',
  'study.completedOn': '完成学习日期',
  'study.result': '学习结果',
  'study.examScore': '考试成绩',
  'study.examOn': '考试日期',
  certificate: '证书',
  'certificate.issuedOn': '发证日期',
  corrects: '被更正记录',
  ledgerHead: '学习账本',
};

/** The filters of the push log (推送日志). */
const reportFilterFields = {
  classId: zInput.optionalId(),
  /** Part of the student's name, or the whole ID number or mobile. */
  student: zOptionalText(50),
  status: zEmptyOrNullAsAbsent(z.enum(PUSH_STATUSES, { error: '上报状态不正确' })),
  /** Days the push was made (China time). */
  ...zCreatedRange,
};

/** `my-class-push-log/report-list`: a page of the project's push records, newest first. */
export const pushReportListInput = z.object({ ...zPage, ...reportFilterFields }).refine(...CREATED_IN_ORDER);
/** `my-class-push-log/fail-export`: the failed push records of the filters as `.xlsx`. */
export const pushFailExportInput = z.object(reportFilterFields).refine(...CREATED_IN_ORDER);
export type PushReportFilters = z.output<typeof pushFailExportInput>;

/** A rejection as the regulator gave it: the field at fault, its reason code and words. */
export interface PushFieldError {
  field: string;
  /** The field in the back office's words. */
  fieldLabel: string;
  reason: string;
  message: string;
}

/** A push record as the push log lists it. */
export interface PushRow {
  id: number;
  pushNo: string;
  myClassId: number;
  kind: 'ORIGINAL' | 'CORRECTION';
  /** A correction: the push number it replaces. */
  correctsPushNo: string | null;
  origin: PushOrigin;
  status: PushStatus;
  accountId: number;
  studentName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string | null;
  classId: number;
  className: string;
  /** Hours reported (null until the record was first sent). */
  hours: number | null;
  attempts: number;
  lastCode: string | null;
  /** Why it failed, in words (the regulator's reason, or what went wrong in sending). */
  failure: string | null;
  errors: PushFieldError[];
  receiptNo: string | null;
  acceptedAt: string | null;
  /** The next attempt is due (waiting or retrying). */
  nextAttemptAt: string | null;
  handledAt: string | null;
  handleNote: string | null;
  createdAt: string;
  canRepush: boolean;
  repushRefusal: string | null;
}

/** `my-class-push-log/attempts`: the attempts of one push record. */
export const pushAttemptsInput = zIdInput;

/** One attempt of a push: what was sent in short, the answer's code, how long it took. */
export interface PushAttemptRow {
  id: number;
  attempt: number;
  answerCode: string;
  httpStatus: number | null;
  durationMs: number;
  message: string | null;
  request: { method: string; path: string; hours: number; classCode: string; idNumber: string };
  createdAt: string;
}

/** `my-class-push-log/not-push-list`: enrolments that may be reported and were not. */
export const notPushListInput = z.object({
  ...zPage,
  classId: zInput.optionalId(),
  student: zOptionalText(50),
});

/** An enrolment reportable and not reported. */
export interface NotPushedRow {
  myClassId: number;
  accountId: number;
  studentName: string;
  idCardNo: string | null;
  classId: number;
  className: string;
  passedAt: string | null;
  /** Hours credited (one decimal). */
  hours: number;
  /** Why it was not reported by itself (reporting off, manual mode, base type not reported). */
  reason: string;
}

/** `my-class-push-log/re-push`: push records to send again (failed or given up). */
export const pushIdsInput = z.object({
  ids: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择上报记录' }).max(500)),
});

/** `my-class-push-log/push-my-class` (GET or POST): report one enrolment now. */
export const pushMyClassInput = z.object({ myClassId: zInput.id() });

/** `my-class-push-log/push-enrolments`: report the chosen enrolments now. */
export const pushEnrolmentsInput = z.object({
  myClassIds: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择学员' }).max(500)),
});

/** What a push request came to: how many were queued, and each one refused with why. */
export interface PushQueued {
  queued: number;
  refused: { id: number; reason: string }[];
}

/** `my-class-push-log/exception-page`: the refused pushes (the regulator's rejections). */
export const pushExceptionPageInput = z.object({
  ...zPage,
  classId: zInput.optionalId(),
  student: zOptionalText(50),
  /** false (default): waiting for staff; true: corrected and re-pushed, or marked handled. */
  handled: zEmptyOrNullAsAbsent(z.boolean({ error: '应为是或否' })),
  /** The rejection's reason code (`ID_NAME_MISMATCH`, ...). */
  reason: zOptionalText(40),
});

/** A refused push with what staff may correct: the student's identity as stored. */
export interface PushExceptionRow extends PushRow {
  /** The student's identity in full (staff correct it here). */
  realName: string;
  idCardNoFull: string | null;
  mobile: string | null;
  canCorrect: boolean;
  correctRefusal: string | null;
  canHandle: boolean;
  handleRefusal: string | null;
}

/**
 * `my-class-push-log/exception-correct`: corrects what the regulator refused (the student's name,
 * ID number, mobile; blank leaves a field as it is) and pushes the record again, with a note.
 */
export const pushExceptionCorrectInput = z.object({
  id: zInput.id(),
  realName: zOptional(
    z.string().trim().min(2, { error: '姓名至少 2 个字符' }).max(30, { error: '姓名不能超过 30 个字符' }),
  ),
  idCardNo: zOptional(zIdCardNumber),
  mobile: zOptional(zMobile),
  note: z
    .string({ error: '请填写处理说明' })
    .trim()
    .min(1, { error: '请填写处理说明' })
    .max(300, { error: '处理说明不能超过 300 个字符' }),
});

/** `my-class-push-log/exception-handle`: marks a refused push handled without pushing it again. */
export const pushExceptionHandleInput = z.object({
  id: zInput.id(),
  note: z
    .string({ error: '请填写处理说明' })
    .trim()
    .min(1, { error: '请填写处理说明' })
    .max(300, { error: '处理说明不能超过 300 个字符' }),
});

/** What a student sees of an enrolment's reporting. */
export const MY_PUSH_STATES = ['NOT_PUSHED', 'PUSHING', 'PUSHED', 'FAILED'] as const;
export type MyPushState = (typeof MY_PUSH_STATES)[number];
export const MY_PUSH_STATE_LABEL: Readonly<Record<MyPushState, string>> = {
  NOT_PUSHED: '未上报',
  PUSHING: '上报中',
  PUSHED: '已上报',
  FAILED: '上报失败',
};

/** `my-class-push-log/my-push-log`: the reporting of the student's enrolments (all, or the ones named). */
export const myPushLogInput = z.object({
  myClassIds: zEmptyOrNullAsAbsent(zIdList().pipe(z.array(z.number()).max(100))),
});

/** One enrolment's reporting as its student sees it. */
export interface MyPushLogItem {
  myClassId: number;
  state: MyPushState;
  label: string;
  /** When the regulator accepted it (PUSHED). */
  pushedAt: string | null;
  /** Why it failed, in words (FAILED). */
  reason: string | null;
  receiptNo: string | null;
}

/** `class/count-pushable`: the classes to count (each class's pushable enrolments). */
export const classPushCountInput = z.object({
  ids: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择班级' }).max(500)),
});

/** How many enrolments of each class may be pushed now. */
export interface ClassPushCount {
  total: number;
  classes: { classId: number; count: number }[];
}

/** `class/push`: pushes one class's reportable enrolments not yet reported. */
export const classPushInput = zIdInput;
/** `class/batch-push`: the same for many classes. */
export const classBatchPushInput = z.object({
  ids: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择班级' }).max(200)),
});

/** `my-class-push-log/class-options`: the project's classes by part of the name (the filters' 班级). */
export const pushClassOptionsInput = z.object({ name: zOptionalText(50) });

/** The push log and exception calls (`my-class-push-log/...`) and the student's own. */
export const pushLogCalls = defineCalls('my-class-push-log', {
  /** Classes of the project to filter by (newest year first, at most 50). */
  'class-options': {
    input: pushClassOptionsInput,
    answer: answer<ReportClassOption[]>(),
    access: staff(PUSH_LOG, PUSH_EXCEPTION),
  },
  /** The project's push records (the "report list"). */
  'report-list': {
    input: pushReportListInput,
    answer: answer<PageAnswer<PushRow>>(),
    access: staff(PUSH_LOG),
  },
  /** The attempts of one push record. */
  attempts: {
    input: pushAttemptsInput,
    answer: answer<PushAttemptRow[]>(),
    access: staff(PUSH_LOG, PUSH_EXCEPTION),
  },
  /** Enrolments that may be reported and were not. */
  'not-push-list': {
    input: notPushListInput,
    answer: answer<PageAnswer<NotPushedRow>>(),
    access: staff(PUSH_LOG),
  },
  /** The failed push records of the filters as a streamed `.xlsx`. */
  'fail-export': {
    input: pushFailExportInput,
    answer: fileAnswer(),
    access: staff(PUSH_LOG),
    methods: ['GET', 'POST'],
  },
  /** Sends the chosen push records again (given up, or refused and corrected since). */
  're-push': { input: pushIdsInput, answer: answer<PushQueued>(), access: staff(PUSH_LOG) },
  /** Reports one enrolment now. */
  'push-my-class': {
    input: pushMyClassInput,
    answer: answer<PushQueued>(),
    access: staff(PUSH_LOG),
    methods: ['GET', 'POST'],
  },
  /** Reports the chosen enrolments now (the not-pushed list). */
  'push-enrolments': { input: pushEnrolmentsInput, answer: answer<PushQueued>(), access: staff(PUSH_LOG) },
  /** The pushes the regulator refused. */
  'exception-page': {
    input: pushExceptionPageInput,
    answer: answer<PageAnswer<PushExceptionRow>>(),
    access: staff(PUSH_EXCEPTION),
  },
  /** Corrects a refused push's student data and sends it again. */
  'exception-correct': {
    input: pushExceptionCorrectInput,
    answer: answer<PushExceptionRow>(),
    access: staff(PUSH_EXCEPTION),
  },
  /** Marks a refused push handled (not sent again), with a note. */
  'exception-handle': {
    input: pushExceptionHandleInput,
    answer: answer<PushExceptionRow>(),
    access: staff(PUSH_EXCEPTION),
  },
  /** The student's enrolments' reporting. */
  'my-push-log': { input: myPushLogInput, answer: answer<MyPushLogItem[]>(), access: student },
});

/** Pushing classes from the class list (`class/...`). */
export const classPushCalls = defineCalls('class', {
  /** How many enrolments of each class may be pushed now. */
  'count-pushable': {
    input: classPushCountInput,
    answer: answer<ClassPushCount>(),
    access: staff(CLASS_LIST),
  },
  /** Pushes one class's reportable enrolments not yet reported. */
  push: { input: classPushInput, answer: answer<PushQueued>(), access: staff(CLASS_LIST) },
  /** Pushes many classes. */
  'batch-push': { input: classBatchPushInput, answer: answer<PushQueued>(), access: staff(CLASS_LIST) },
});
