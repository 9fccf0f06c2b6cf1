/**
 * The inputs and answers of the partner API as a partner sees them (docs/partner-api.md). Our API
 * validates with zod contracts of the same shapes (`api/src/contract/open.ts`, checked against
 * these at compile time), and the OpenAPI document is generated from those.
 */

export interface OpenPage<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface ClassifyNode {
  id: number;
  name: string;
  children: ClassifyNode[];
}

export interface QueryClassInput {
  categoryId?: number;
  name?: string;
  year?: number;
  pageNum?: number;
  pageSize?: number;
}

export interface OpenClass {
  classId: number;
  name: string;
  year: number;
  /** `public` (公需科目) or `specialized` (专业科目). */
  baseType: string;
  categoryPath: string;
  /** The price in fen (1/100 yuan), settled between partner and project. */
  priceFen: number;
  requiredHours: number;
  electiveHours: number;
  courseCount: number;
  enrolEndDate: string;
  studyStartDate: string | null;
  studyEndDate: string | null;
}

export interface StudentIdentity {
  /** The partner's own id of its user (1-64 letters, digits, `_`, `-`, `.`, `@`). */
  outAccountId: string;
  idCardNo: string;
  realName: string;
  mobile: string;
}

export interface SignUpInput extends StudentIdentity {
  /** The partner's id of this request: repeating it answers the first sign-up again. */
  requestId: string;
  classId: number;
}

export interface SignUpAnswer {
  enrolmentId: number;
  classId: number;
  orderNo: string | null;
  /** CREATED: enrolled now; EXISTING: the student was already enrolled in the class. */
  enrolment: 'CREATED' | 'EXISTING';
  /** CREATED: a new account; BOUND: an existing account of the same ID number was bound. */
  account: 'CREATED' | 'BOUND' | 'EXISTING';
  status: string;
}

export interface StudyProcessInput {
  enrolmentId: number;
}

export interface StudyProcessByOutAccountInput {
  outAccountId: string;
  classId?: number;
}

export interface LessonProcess {
  lessonId: number;
  courseName: string;
  name: string;
  hours: number;
  creditedSeconds: number;
  finished: boolean;
}

export interface StudyProcess {
  enrolmentId: number;
  outAccountId: string | null;
  classId: number;
  className: string;
  status: string;
  requiredHours: number;
  electiveHours: number;
  creditedRequiredHours: number;
  creditedElectiveHours: number;
  /** 0-100, of the required hours. */
  percent: number;
  lessonsFinished: number;
  lessonsTotal: number;
  lessons: LessonProcess[];
}

export interface TrainInfoInput extends StudentIdentity {
  classId: number;
  /** Sign the student up when not enrolled (needs the identity; idempotent per student and class). */
  autoRegister?: boolean;
}

export interface TrainInfoAnswer {
  registered: boolean;
  /** Whether this call signed the student up. */
  registeredNow: boolean;
  enrolmentId: number | null;
  status: string | null;
  /** The single-sign-on address of the study page (one-time, short-lived); null when not enrolled. */
  ssoUrl: string | null;
  ssoExpiresAt: string | null;
}

/** What the student should study next. */
export interface StudyTaskAnswer {
  kind: 'LESSON' | 'EXAM' | 'DONE' | 'CLOSED' | 'WAIT';
  enrolmentId: number;
  lessonId?: number;
  lessonName?: string;
  courseName?: string;
  reason: string;
}

export interface UnlockCheckInput {
  enrolmentId: number;
  /** A lesson to check; without it, the exam. */
  lessonId?: number;
}

export interface UnlockCheckAnswer {
  target: 'LESSON' | 'EXAM';
  open: boolean;
  /** Why not, in Chinese; null when open. */
  reason: string | null;
}

export interface TokenAnswer {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  expiresAt: string;
}
