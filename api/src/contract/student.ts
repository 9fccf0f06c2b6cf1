import { type Gender, zEmail, zMobile } from '@px/config';
import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zStatus,
} from './common';
import type { MyClassStatus } from './train-class';
import { CREATED_IN_ORDER, zCreatedRange } from './train-plan';

/**
 * 学员管理 (docs/product-decisions.md "Students"): the project's students (role system 3) for
 * project staff: the list with masked ID numbers, a student's detail (profile, unit, WeChat,
 * enrolments, face photo and captures), corrections of the profile, and the import of students
 * from an `.xlsx` file, checked row by row and written all or nothing.
 */

const STUDENT_LIST = '/student-manage/student' as const;
const STUDENT_DETAIL = '/student-manage/student-detail' as const;
/** The study archive's enrolment page shows the enrolment's face captures too. */
const STUDY_DETAIL = '/train-manage/study-report/study-detail' as const;

/** A search for students: part of the name, the whole ID number (an `x` is read as `X`), part of the mobile number. */
export const studentSearchFields = {
  name: zOptionalText(50),
  idCardNo: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    zOptionalText(18),
  ),
  mobile: zOptionalText(11),
};

/** The filters of the student list; dates are China days, both ends included. */
const studentFilterFields = {
  ...studentSearchFields,
  unitId: zInput.optionalId(),
  status: zOptional(zStatus),
  /** Registered from / to. */
  ...zCreatedRange,
};

/** `student/list`: one page of the students of the filters. */
export const studentListInput = z.object({ ...zPage, ...studentFilterFields }).refine(...CREATED_IN_ORDER);

/** A row of the student list. */
export interface StudentRow {
  id: number;
  realName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string | null;
  mobile: string | null;
  email: string | null;
  unitId: number | null;
  unitName: string | null;
  status: RecordStatus;
  wechatBound: boolean;
  /** Enrolments of every state. */
  enrolmentCount: number;
  lastLoginAt: string | null;
  /** When the student registered (or was imported). */
  createdAt: string;
  /** The latest identity check's answer for the current name and ID number; null: never checked. */
  identityResult: IdentityCheckResult | null;
}
export type StudentPage = PageAnswer<StudentRow>;

/** One student of the project (`student/detail`, `student/face-photo`, `study-report/student`). */
export const studentIdInput = zIdInput;

/**
 * An enrolment with its class and the hours credited against the class's (the student detail, the
 * study archive). Hours have one decimal.
 */
export interface EnrolmentSummary {
  myClassId: number;
  classId: number;
  className: string;
  year: number;
  status: MyClassStatus;
  /** The class's required hours (its required courses). */
  requiredHours: number;
  /** The elective hours the class asks for (0 when the project hides electives). */
  electiveHours: number;
  creditedRequiredHours: number;
  creditedElectiveHours: number;
  /** The class's study window (`YYYY-MM-DD`, China days). */
  studyStartDate: string;
  studyEndDate: string;
  enrolledAt: string;
  /** The last beat of any study session of the enrolment; null before study began. */
  lastStudyAt: string | null;
  finishedStudyAt: string | null;
  passedAt: string | null;
}

/** A WeChat binding of a student (one per official account). */
export interface StudentWechatBinding {
  wxappName: string;
  nickname: string | null;
  avatarUrl: string | null;
  boundAt: string;
}

/** `student/detail`: the student with the full ID number, unit, WeChat, enrolments and face photo. */
export interface StudentDetail {
  id: number;
  realName: string;
  /** In full (the detail page has its own grant). */
  idCardNo: string | null;
  /** Read from the ID number; null without a valid one. */
  gender: Gender | null;
  birthDate: string | null;
  mobile: string | null;
  email: string | null;
  unitId: number | null;
  unitName: string | null;
  status: RecordStatus;
  /** The student must complete missing profile fields at the next sign-in. */
  needComplete: boolean;
  /** Whether the account has a password (students created by WeChat, SMS or an import have none). */
  hasPassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  wechat: StudentWechatBinding[];
  enrolments: EnrolmentSummary[];
  facePhoto: { hasPhoto: boolean; updatedAt: string | null };
  /** When the student agreed to the project's face agreement (人脸识别授权协议); null: not yet. */
  faceConsentAt: string | null;
  /** Face captures of every enrolment. */
  captureCount: number;
  /** The latest identity check of the current name and ID number with an answer; null: never checked. */
  identity: IdentityCheckView | null;
  abilities: StudentAbilities;
}

/**
 * `student/update`: corrects a student's profile as a whole form sends it: name, mobile and e-mail
 * (blank: none), unit (absent: none) and status (disabling ends the student's sessions). The ID
 * number is the student's identity and is not changed here.
 */
export const studentUpdateInput = z.object({
  id: zInput.id(),
  realName: z
    .string({ error: '请填写姓名' })
    .trim()
    .min(2, { error: '姓名至少 2 个字符' })
    .max(50, { error: '姓名不能超过 50 个字符' }),
  mobile: zOptional(zMobile),
  email: zOptional(zEmail),
  unitId: zInput.optionalId(),
  status: zStatus,
});
export type StudentUpdateInput = z.input<typeof studentUpdateInput>;

/** The columns of the import template, in order (the first three must be filled). */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'realName', header: '姓名', required: true },
  { key: 'idCardNo', header: '身份证号', required: true },
  { key: 'mobile', header: '手机号', required: true },
  { key: 'email', header: '邮箱', required: false },
  { key: 'unitName', header: '所属单位', required: false },
] as const;
export type StudentImportField = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];

/** The most students one import file may hold. */
export const STUDENT_IMPORT_MAX_ROWS = 1000;

/** A refused cell of an import file: its row as Excel numbers it, the column, what it held and why. */
export interface StudentImportError {
  row: number;
  field: StudentImportField;
  value: string;
  message: string;
}

/**
 * `student/import` (multipart `file`, an `.xlsx` of the template): every row is checked before
 * anything is written; with any error nothing is imported (`imported` 0) and every error is listed.
 */
export interface StudentImportAnswer {
  /** Data rows read from the file. */
  total: number;
  imported: number;
  errors: StudentImportError[];
}

/** `student/capture-list`: a student's face captures, newest first; optionally of one enrolment. */
export const captureListInput = z.object({
  ...zPage,
  id: zInput.id(),
  myClassId: zInput.optionalId(),
});

/** A face capture compared with the student's reference photo during study. */
export interface FaceCaptureRow {
  id: number;
  createdAt: string;
  myClassId: number | null;
  className: string | null;
  /** Before study (`START`) or at a random point (`RANDOM`). */
  kind: 'START' | 'RANDOM';
  /** Similarity 0..1 as the face provider answered it. */
  score: number;
  passed: boolean;
  /** No face was really compared (the simulator provider). */
  simulated: boolean;
  reason: string | null;
}

/** The kinds of capture in words. */
export const FACE_CAPTURE_KIND_LABEL: Readonly<Record<FaceCaptureRow['kind'], string>> = {
  START: '开始学习前',
  RANDOM: '学习中随机',
};

/** `student/capture-image`: one capture's image. */
export const captureIdInput = zIdInput;

/**
 * What a check of a name and ID number through the identity-verification service (实名核验,
 * docs/identity.md) concluded: the person's answers (MATCH, MISMATCH, INVALID_ID, INVALID_NAME,
 * NOT_FOUND) or that the check could not be made (UNAVAILABLE, LIMITED, ERROR).
 */
export const IDENTITY_CHECK_RESULTS = [
  'MATCH',
  'MISMATCH',
  'INVALID_ID',
  'INVALID_NAME',
  'NOT_FOUND',
  'UNAVAILABLE',
  'LIMITED',
  'ERROR',
] as const;
export type IdentityCheckResult = (typeof IDENTITY_CHECK_RESULTS)[number];

/** The results in words (the back office and the answers). */
export const IDENTITY_CHECK_RESULT_LABEL: Readonly<Record<IdentityCheckResult, string>> = {
  MATCH: '已核验，姓名与身份证号一致',
  MISMATCH: '姓名与身份证号不一致',
  INVALID_ID: '身份证号无效',
  INVALID_NAME: '姓名格式不正确',
  NOT_FOUND: '证件库中无此身份证号',
  UNAVAILABLE: '核验服务暂不可用',
  LIMITED: '该身份证号今日核验次数已达上限',
  ERROR: '核验未完成',
};

/** Who asked for a check: registration, the student completing the profile, staff, CMS registration. */
export type IdentityCheckPurpose = 'REGISTER' | 'COMPLETE_INFO' | 'STAFF' | 'CMS';

/** A check of a student (the latest of their current name and ID number, or the one just made). */
export interface IdentityCheckView {
  result: IdentityCheckResult;
  resultText: string;
  checkedAt: string;
  /** Made by the local simulator, not the real service. */
  simulated: boolean;
}

/** Abilities of a student's detail: 实名核验 (`student/id-card-check`). */
export type StudentAbilities = Abilities<'idCardCheck'>;

/** The student calls of the back office (`student/...`). */
export const studentCalls = defineCalls('student', {
  /** The project's students, filtered, newest first; ID numbers masked. */
  list: { input: studentListInput, answer: answer<StudentPage>(), access: staff(STUDENT_LIST) },
  /** One student with profile, unit, WeChat bindings, enrolments and face photo state. */
  detail: { input: studentIdInput, answer: answer<StudentDetail>(), access: staff(STUDENT_DETAIL) },
  /** Corrects a student's name, mobile, e-mail, unit and status. */
  update: { input: studentUpdateInput, answer: answer<StudentDetail>(), access: staff(STUDENT_DETAIL) },
  /** 实名核验: checks the student's name and ID number through the identity-verification service. */
  'id-card-check': {
    input: studentIdInput,
    answer: answer<IdentityCheckView>(),
    access: staff(STUDENT_DETAIL),
  },
  /** Imports students from an `.xlsx` of the template (multipart `file`), all or nothing. */
  import: {
    input: z.object({}),
    answer: answer<StudentImportAnswer>(),
    access: staff(STUDENT_LIST),
    upload: true,
  },
  /** The `.xlsx` template of the import. */
  'import-template': {
    input: z.object({}),
    answer: fileAnswer(),
    access: staff(STUDENT_LIST),
    methods: ['GET', 'POST'],
  },
  /** The student's reference photo for face checks (the image itself). */
  'face-photo': {
    input: studentIdInput,
    answer: fileAnswer(),
    access: staff(STUDENT_DETAIL),
    methods: ['GET', 'POST'],
  },
  /** The student's face captures, newest first. */
  'capture-list': {
    input: captureListInput,
    answer: answer<PageAnswer<FaceCaptureRow>>(),
    access: staff(STUDENT_DETAIL, STUDY_DETAIL),
  },
  /** One face capture's image. */
  'capture-image': {
    input: captureIdInput,
    answer: fileAnswer(),
    access: staff(STUDENT_DETAIL, STUDY_DETAIL),
    methods: ['GET', 'POST'],
  },
});
