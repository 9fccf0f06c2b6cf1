import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import { zBoolean, zInput } from './common';

/** The exam settings of a class, part of the class editor: paper, time, attempts, pass score, review. */

const CLASS_EDIT = '/train-manage/train-class-detail' as const;

/** When a student may see the right answers and analyses of a submitted exam attempt. */
export const REVIEW_POLICIES = ['NEVER', 'AFTER_SUBMIT', 'AFTER_PASS'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
export const REVIEW_POLICY_LABEL: Readonly<Record<ReviewPolicy, string>> = {
  NEVER: '不显示答案',
  AFTER_SUBMIT: '交卷后显示答案',
  AFTER_PASS: '考试合格后显示答案',
};

const MINUTES = '考试时长应为 1 到 600 的整数（分钟）';
const ATTEMPTS = '考试次数应为 1 到 100 的整数';
const PASS = '合格分数应为 0 到 100 的整数';

/** `exam-setting/get`: the exam settings of one class of the project. */
export const examSettingGetInput = z.object({ classId: zInput.id() });

/**
 * `exam-setting/save`: the exam of a class. `examRequired` and `passScore` are the class's own
 * `examRequired` / `examPassScore` (the same columns `train-class/save` writes). A required exam
 * needs a paper.
 */
export const examSettingSaveInput = z.object({
  classId: zInput.id(),
  examRequired: zBoolean(),
  paperId: zInput.optionalId(),
  timeLimitMinutes: z
    .number({ error: MINUTES })
    .int({ error: MINUTES })
    .min(1, { error: MINUTES })
    .max(600, { error: MINUTES }),
  attemptsAllowed: z
    .number({ error: ATTEMPTS })
    .int({ error: ATTEMPTS })
    .min(1, { error: ATTEMPTS })
    .max(100, { error: ATTEMPTS }),
  passScore: z.number({ error: PASS }).int({ error: PASS }).min(0, { error: PASS }).max(100, { error: PASS }),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: '答案显示方式应为 NEVER、AFTER_SUBMIT 或 AFTER_PASS' }),
  exerciseEnabled: zBoolean(),
});
export type ExamSettingSaveInput = z.input<typeof examSettingSaveInput>;

/** The exam settings of a class (defaults when never saved: no paper, 60 minutes, 3 attempts). */
export interface ExamSetting {
  classId: number;
  className: string;
  examRequired: boolean;
  paperId: number | null;
  paperName: string | null;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  passScore: number;
  reviewPolicy: ReviewPolicy;
  exerciseEnabled: boolean;
  /** The class requires an exam and has a paper: students can sit it. */
  configured: boolean;
}

/** The exam settings of a class (part of the class editor, `exam-setting/...`). */
export const examSettingCalls = defineCalls('exam-setting', {
  /** The class's exam settings (defaults when never saved). */
  get: { input: examSettingGetInput, answer: answer<ExamSetting>(), access: staff(CLASS_EDIT) },
  /** Saves the class's exam settings. */
  save: { input: examSettingSaveInput, answer: answer<ExamSetting>(), access: staff(CLASS_EDIT) },
});
