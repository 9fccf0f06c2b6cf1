import { zIdCardNumber, zMobile } from '@px/config';
import type * as Partner from '@px/partner';
import { z } from 'zod';

/**
 * The partner API's contracts (docs/partner-api.md): the input each call is validated with and the
 * answer it gives, as zod schemas. The route (`modules/partner/open/open.route.ts`) parses with
 * them, and the OpenAPI document (`modules/partner/open/openapi.ts`) is generated from them, so the
 * document cannot drift from what the API accepts. The shapes are the partner client's
 * (`@px/partner` calls.ts), checked at the bottom of this file.
 *
 * Only the server reads this file (not re-exported by `contract/index.ts`: no app calls it).
 */

const id = (description: string) =>
  z
    .number({ error: '应为正整数' })
    .int({ error: '应为正整数' })
    .positive({ error: '应为正整数' })
    .max(2_147_483_647)
    .describe(description);

export const zOutAccountId = z
  .string({ error: '请填写合作方账号' })
  .trim()
  .min(1, { error: '请填写合作方账号' })
  .max(64, { error: '合作方账号不能超过 64 个字符' })
  .regex(/^[A-Za-z0-9_.@-]+$/, { error: '合作方账号只能包含字母、数字和 _ . @ -' })
  .describe("The partner's own id of its user");

const zRealName = z
  .string({ error: '请填写姓名' })
  .trim()
  .min(1, { error: '请填写姓名' })
  .max(30, { error: '姓名不能超过 30 个字符' })
  .describe("The student's real name, as on the ID card");

const zIdentity = {
  outAccountId: zOutAccountId,
  idCardNo: zIdCardNumber.describe('Resident ID number (18 characters)'),
  realName: zRealName,
  mobile: zMobile.describe('Mobile number (11 digits)'),
};

const zPageNum = z.number().int().min(1).max(100_000).default(1).describe('Page, from 1');
const zPageSize = z.number().int().min(1).max(100).default(10).describe('Rows per page, 1-100');

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const openEmptyInput = z.object({}).describe('No input');

export const queryClassInput = z.object({
  categoryId: id('A category of the classify tree (its classes and those below it)').optional(),
  name: z.string().trim().max(100).optional().describe('Part of the class name'),
  year: z.number().int().min(2000).max(2100).optional().describe('The class year'),
  pageNum: zPageNum,
  pageSize: zPageSize,
});

export const signUpInput = z.object({
  requestId: z
    .string({ error: '请填写请求编号' })
    .trim()
    .min(1, { error: '请填写请求编号' })
    .max(64, { error: '请求编号不能超过 64 个字符' })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: '请求编号只能包含字母、数字和 _ . : -' })
    .describe("The partner's id of this sign-up: repeating it answers the first sign-up again"),
  ...zIdentity,
  classId: id('The class to enrol in (from query-class)'),
});

export const studyProcessInput = z.object({ enrolmentId: id('Our enrolment id (from sign-up-student)') });

export const studyProcessByOutAccountInput = z.object({
  outAccountId: zOutAccountId,
  classId: id('Only the enrolment of this class').optional(),
});

export const trainInfoInput = z.object({
  ...zIdentity,
  classId: id('The class'),
  autoRegister: z
    .boolean()
    .default(false)
    .describe('Sign the student up when not enrolled yet (idempotent per student and class)'),
});

export const unlockCheckInput = z.object({
  enrolmentId: id('Our enrolment id'),
  lessonId: id('A lesson of the class; without it, the exam is checked').optional(),
});

export const revokeTokenInput = z.object({
  accessToken: z.string().min(1).max(200).describe('The token to revoke'),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A node of the class categories: three levels (base type, major type, major child); the last has no children. */
const classifyLeaf = z.object({
  id: z.number().int(),
  name: z.string(),
  children: z.array(z.unknown()).max(0).describe('Always empty'),
});
const classifyMajor = z.object({ id: z.number().int(), name: z.string(), children: z.array(classifyLeaf) });
export const classifyNode = z.object({
  id: z.number().int(),
  name: z.string(),
  children: z.array(classifyMajor),
});
export const classifyTreeAnswer = z
  .array(classifyNode)
  .describe('The base types (公需科目, 专业科目) with their categories below');

export const openClass = z.object({
  classId: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  baseType: z.string().describe('public (公需科目) or specialized (专业科目)'),
  categoryPath: z.string().describe('The category path, 公需科目/… '),
  priceFen: z.number().int().describe('Price in fen (1/100 yuan), settled between partner and project'),
  requiredHours: z.number(),
  electiveHours: z.number(),
  courseCount: z.number().int(),
  enrolEndDate: z.string().describe('Last day of enrolment, YYYY-MM-DD'),
  studyStartDate: z.string().nullable(),
  studyEndDate: z.string().nullable(),
});
export const queryClassAnswer = z.object({
  list: z.array(openClass),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const signUpAnswer = z.object({
  enrolmentId: z
    .number()
    .int()
    .describe('Our enrolment id: use it for study-process, study-task, unlock-check'),
  classId: z.number().int(),
  orderNo: z.string().nullable().describe('The order (channel PARTNER); null when already enrolled'),
  enrolment: z.enum(['CREATED', 'EXISTING']),
  account: z
    .enum(['CREATED', 'BOUND', 'EXISTING'])
    .describe(
      'CREATED: a new account; BOUND: an account of the same ID number was bound; EXISTING: bound before',
    ),
  status: z.string().describe('The enrolment state: STUDYING, FINISHED_STUDY, PASSED, EXPIRED, …'),
});

export const lessonProcess = z.object({
  lessonId: z.number().int(),
  courseName: z.string(),
  name: z.string(),
  hours: z.number(),
  creditedSeconds: z.number().int(),
  finished: z.boolean(),
});

export const studyProcessAnswer = z.object({
  enrolmentId: z.number().int(),
  outAccountId: z.string().nullable(),
  classId: z.number().int(),
  className: z.string(),
  status: z.string(),
  requiredHours: z.number(),
  electiveHours: z.number(),
  creditedRequiredHours: z.number(),
  creditedElectiveHours: z.number(),
  percent: z.number().describe('0-100, credited required hours of those needed'),
  lessonsFinished: z.number().int(),
  lessonsTotal: z.number().int(),
  lessons: z.array(lessonProcess),
});
export const studyProcessListAnswer = z.array(studyProcessAnswer);

export const trainInfoAnswer = z.object({
  registered: z.boolean(),
  registeredNow: z.boolean(),
  enrolmentId: z.number().int().nullable(),
  status: z.string().nullable(),
  ssoUrl: z
    .string()
    .nullable()
    .describe('One-time single-sign-on address of the study page (embed it in an iframe)'),
  ssoExpiresAt: z.string().nullable(),
});

export const studyTaskAnswer = z.object({
  kind: z.enum(['LESSON', 'EXAM', 'DONE', 'CLOSED', 'WAIT']),
  enrolmentId: z.number().int(),
  lessonId: z.number().int().optional(),
  lessonName: z.string().optional(),
  courseName: z.string().optional(),
  reason: z.string().describe('What to do next, in Chinese'),
});

export const unlockCheckAnswer = z.object({
  target: z.enum(['LESSON', 'EXAM']),
  open: z.boolean(),
  reason: z.string().nullable().describe('Why not, in Chinese; null when open'),
});

export const tokenAnswer = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds'),
  expiresAt: z.string(),
});

export const revokeTokenAnswer = z.object({ revoked: z.boolean() });

/** One call of the partner API: its path below `/api/open`, input, answer and what it does. */
export interface OpenCallSpec {
  key: string;
  summary: string;
  description: string;
  input: z.ZodType;
  answer: z.ZodType;
}

/** The partner calls, the same in the signed group (`train`) and the token group (`jxnc`). */
export const OPEN_CALLS = {
  'class-classify-tree': {
    summary: '班级分类树',
    description: 'The class categories of the project, as a tree.',
    input: openEmptyInput,
    answer: classifyTreeAnswer,
  },
  'query-class': {
    summary: '查询班级',
    description: 'The classes the project offers now (on shelf, within enrolment), with prices and hours.',
    input: queryClassInput,
    answer: queryClassAnswer,
  },
  'sign-up-student': {
    summary: '报名学员',
    description:
      "Creates or binds the student's account (no password is ever made for the partner) and enrols them in the class with an order of channel PARTNER. Idempotent on requestId: a repeat answers the first sign-up; the same id with other content is refused (REQUEST_ID_REUSED).",
    input: signUpInput,
    answer: signUpAnswer,
  },
  'study-process': {
    summary: '学习进度',
    description: "An enrolment's hours, state and lessons, by our enrolment id.",
    input: studyProcessInput,
    answer: studyProcessAnswer,
  },
  'study-process-by-out-account': {
    summary: '学习进度（按合作方账号）',
    description: "The enrolments the app signed the partner's user up for, with their progress.",
    input: studyProcessByOutAccountInput,
    answer: studyProcessListAnswer,
  },
  'train-info': {
    summary: '培训信息（自动报名）',
    description:
      "The student's enrolment in the class and a one-time single-sign-on URL of the study page; with autoRegister, signs the student up first when needed.",
    input: trainInfoInput,
    answer: trainInfoAnswer,
  },
  'study-task': {
    summary: '学习任务',
    description: 'What the student should study next: a lesson, the exam, or nothing (done, closed).',
    input: studyProcessInput,
    answer: studyTaskAnswer,
  },
  'unlock-check': {
    summary: '解锁检查',
    description: 'Whether a lesson (or the exam) is open to the student now, and why not.',
    input: unlockCheckInput,
    answer: unlockCheckAnswer,
  },
} as const satisfies Record<Partner.PartnerCall, Omit<OpenCallSpec, 'key'>>;

/** The token calls (signed requests). */
export const TOKEN_CALL_SPECS = {
  'auth/get-token': {
    summary: '获取访问令牌',
    description: 'An access token for the jxnc group, from a request signed with the app key and secret.',
    input: openEmptyInput,
    answer: tokenAnswer,
  },
  'auth/revoke-token': {
    summary: '吊销访问令牌',
    description: 'Revokes an access token of the app before it expires.',
    input: revokeTokenInput,
    answer: revokeTokenAnswer,
  },
} as const;

// The partner client's types are what these schemas parse and answer (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type OpenContractMatchesClient = [
  Check<Same<z.output<typeof signUpAnswer>, Partner.SignUpAnswer>>,
  Check<Same<z.output<typeof studyProcessAnswer>, Partner.StudyProcess>>,
  Check<Same<z.output<typeof trainInfoAnswer>, Partner.TrainInfoAnswer>>,
  Check<Same<z.output<typeof unlockCheckAnswer>, Partner.UnlockCheckAnswer>>,
  Check<Same<z.output<typeof openClass>, Partner.OpenClass>>,
  Check<Same<z.output<typeof tokenAnswer>, Partner.TokenAnswer>>,
  Check<Same<z.input<typeof signUpInput>, Partner.SignUpInput>>,
  Check<Same<z.input<typeof unlockCheckInput>, Partner.UnlockCheckInput>>,
];
