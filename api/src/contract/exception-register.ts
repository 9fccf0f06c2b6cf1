import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyAsAbsent,
  zIdInput,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
  zStringList,
} from './common';

/**
 * 异常登记 (`/customer/exception-register`, issue 24; docs/product-decisions.md "Exception
 * register"): customer service registers a student's case (学时异常, 身份信息错误, …) with a
 * description and images uploaded through `upload/upload-image`, assigns it to a staff account of
 * the project, and the assignee moves it 待处理 → 处理中 → 已处理, each step a note with who and when.
 */

export const EXCEPTION_CASE_KIND = ['HOURS', 'IDENTITY', 'FACE', 'PAYMENT', 'OTHER'] as const;
export type ExceptionCaseKind = (typeof EXCEPTION_CASE_KIND)[number];
export const EXCEPTION_CASE_KIND_LABEL: Readonly<Record<ExceptionCaseKind, string>> = {
  HOURS: '学时异常',
  IDENTITY: '身份信息错误',
  FACE: '人脸核验异常',
  PAYMENT: '支付异常',
  OTHER: '其他',
};

export const EXCEPTION_CASE_STATUS = ['PENDING', 'PROCESSING', 'RESOLVED'] as const;
export type ExceptionCaseStatus = (typeof EXCEPTION_CASE_STATUS)[number];
export const EXCEPTION_CASE_STATUS_LABEL: Readonly<Record<ExceptionCaseStatus, string>> = {
  PENDING: '待处理',
  PROCESSING: '处理中',
  RESOLVED: '已处理',
};

/** What a note of a case records: its registration, an assignment, a move of its state. */
export const EXCEPTION_CASE_ACTION = ['REGISTER', 'ASSIGN', 'START', 'RESOLVE'] as const;
export type ExceptionCaseAction = (typeof EXCEPTION_CASE_ACTION)[number];
export const EXCEPTION_CASE_ACTION_LABEL: Readonly<Record<ExceptionCaseAction, string>> = {
  REGISTER: '登记',
  ASSIGN: '指派',
  START: '开始处理',
  RESOLVE: '处理完成',
};

/** The refusals of the register, shared with the apps and the tests. */
export const EXCEPTION_CASE_MESSAGES = {
  NOT_FOUND: '异常登记不存在',
  STUDENT_NOT_FOUND: '学员不存在',
  ASSIGNEE_NOT_FOUND: '处理人不存在或已停用',
  IMAGE_NOT_FOUND: '附件图片不存在，请重新上传',
  RESOLVED: '该异常已处理',
  NOT_ASSIGNED: '请先指派处理人',
  NOT_ASSIGNEE: '只有处理人可以处理该异常',
  NOT_PENDING: '只有待处理的异常可以开始处理',
  NOT_PROCESSING: '请先开始处理',
  SAME_ASSIGNEE: '该异常已指派给此人',
} as const;

/** The most images one case carries. */
export const EXCEPTION_CASE_MAX_IMAGES = 9;

/** One image attached to a case (uploaded through `upload/upload-image`). */
export interface ExceptionCaseImage {
  id: string;
  url: string;
}

/** A case as 异常登记 lists it, with what the caller may do to it. */
export interface ExceptionCaseRow extends Abilities<'assign' | 'start' | 'resolve'> {
  id: number;
  kind: ExceptionCaseKind;
  status: ExceptionCaseStatus;
  accountId: number;
  realName: string;
  idCardNo: string | null;
  mobile: string | null;
  description: string;
  images: ExceptionCaseImage[];
  assigneeId: number | null;
  assigneeName: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One step of a case: who did what, when, with which note. */
export interface ExceptionCaseNote {
  id: number;
  action: ExceptionCaseAction;
  fromStatus: ExceptionCaseStatus | null;
  toStatus: ExceptionCaseStatus;
  note: string;
  assigneeName: string | null;
  createdByName: string | null;
  createdAt: string;
}

/** A case with its steps, oldest first. */
export interface ExceptionCaseDetail extends ExceptionCaseRow {
  notes: ExceptionCaseNote[];
}

const zKind = z.enum(EXCEPTION_CASE_KIND, { error: '请选择异常类型' });

/** `exception-register/page`: the project's cases, open ones first, newest first. */
export const exceptionCasePageInput = z.object({
  ...zPage,
  status: zEmptyAsAbsent(z.enum(EXCEPTION_CASE_STATUS, { error: '状态不正确' })),
  kind: zEmptyAsAbsent(zKind),
  /** Name, ID number or mobile of the student. */
  student: zOptionalText(50),
  /** Only the cases assigned to the caller. */
  mine: zEmptyAsAbsent(z.boolean()),
});
export type ExceptionCasePage = PageAnswer<ExceptionCaseRow>;

/** `exception-register/save` (body): registers a case (待处理), assigned at once when `assigneeId` is given. */
export const exceptionCaseSaveInput = z.object({
  accountId: zInput.id(),
  kind: zKind,
  description: zRequiredText('异常描述', 1000),
  imageIds: z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : value),
      zStringList(z.uuid({ error: '附件图片不正确' })),
    )
    .pipe(
      z
        .array(z.string())
        .max(EXCEPTION_CASE_MAX_IMAGES, { error: `最多 ${EXCEPTION_CASE_MAX_IMAGES} 张图片` }),
    ),
  assigneeId: zInput.optionalId(),
});

/** `exception-register/assign` (body): gives an open case to a staff account of the project. */
export const exceptionCaseAssignInput = z.object({
  id: zInput.id(),
  assigneeId: zInput.id(),
  note: zOptionalText(500),
});

/** `exception-register/start` (body): the assignee takes up a pending case (处理中). */
export const exceptionCaseStartInput = z.object({ id: zInput.id(), note: zOptionalText(500) });

/** `exception-register/resolve` (body): the assignee closes a case in progress (已处理) saying what was done. */
export const exceptionCaseResolveInput = z.object({
  id: zInput.id(),
  note: zRequiredText('处理说明', 500),
});

export const exceptionCaseIdInput = zIdInput;

/** `exception-register/options`: who a case may be assigned to, and the students matching `student`. */
export const exceptionCaseOptionsInput = z.object({
  /** Name, ID number or mobile; absent: no students. */
  student: zOptionalText(50),
});

export interface ExceptionCaseOptions {
  /** Enabled staff accounts of the project. */
  assignees: { id: number; name: string }[];
  /** Up to 20 students of the project matching `student`. */
  students: { id: number; realName: string; idCardNo: string | null; mobile: string | null }[];
}

export const EXCEPTION_REGISTER_PAGE = '/customer/exception-register' as const;

/** 异常登记's calls (spec: exception register). */
export const exceptionRegisterCalls = defineCalls('exception-register', {
  /** The project's cases. */
  page: {
    input: exceptionCasePageInput,
    answer: answer<ExceptionCasePage>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** One case with its steps. */
  detail: {
    input: exceptionCaseIdInput,
    answer: answer<ExceptionCaseDetail>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** Assignees and matching students for the form. */
  options: {
    input: exceptionCaseOptionsInput,
    answer: answer<ExceptionCaseOptions>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** Registers a case. */
  save: {
    input: exceptionCaseSaveInput,
    answer: answer<ExceptionCaseDetail>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** Assigns an open case. */
  assign: {
    input: exceptionCaseAssignInput,
    answer: answer<ExceptionCaseDetail>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** 待处理 → 处理中. */
  start: {
    input: exceptionCaseStartInput,
    answer: answer<ExceptionCaseDetail>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
  /** 处理中 → 已处理. */
  resolve: {
    input: exceptionCaseResolveInput,
    answer: answer<ExceptionCaseDetail>(),
    access: staff(EXCEPTION_REGISTER_PAGE),
  },
});
