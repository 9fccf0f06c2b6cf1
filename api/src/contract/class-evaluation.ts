import { z } from 'zod';
import { guest, staff, student } from './access';
import { answer, defineCalls } from './call';
import { type PageAnswer, zInput, zOptionalText, zPage } from './common';
import { CLASS_EVALUATION_SCREENS } from './train-class';

/** Evaluations (评价): students who enrolled rate a class 1..5 with a comment; staff hide or show them. */

/** An evaluation's visibility: staff may hide one (it then shows to nobody but its author). */
export const EVALUATION_STATUS = ['VISIBLE', 'HIDDEN'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUS)[number];

/** `class/evaluate-list`: a class's evaluations, newest first; the H5 (public) sees visible ones only. */
export const evaluateListInput = z.object({
  ...zPage,
  classId: zInput.id(),
  unitId: zInput.optionalId(),
});

/** An evaluation as listed. */
export interface EvaluationItem {
  id: number;
  classId: number;
  /** The author's name, masked for the H5 (`张*`). */
  studentName: string;
  score: number;
  content: string | null;
  status: EvaluationStatus;
  createdAt: string;
  updatedAt: string;
}

/** `class/evaluate-list`: a page plus the class's average over visible evaluations. */
export interface EvaluationPage extends PageAnswer<EvaluationItem> {
  rating: number | null;
}

/** `class/evaluate-get`: the signed-in student's own evaluation of a class (null when none). */
export const evaluateGetInput = z.object({ classId: zInput.id() });

const SCORE = '评分应为 1 到 5 的整数';
/**
 * `class/evaluate-save` (students): writes or rewrites the caller's evaluation of a class they have
 * paid for (an enrolment STUDYING, FINISHED_STUDY, PASSED or EXPIRED). One evaluation per student and class.
 */
export const evaluateSaveInput = z.object({
  classId: zInput.id(),
  score: z.number({ error: SCORE }).int({ error: SCORE }).min(1, { error: SCORE }).max(5, {
    error: SCORE,
  }),
  content: zOptionalText(500),
});

/** `class/evaluate-status` (staff of the class screens): hides or shows one evaluation. */
export const evaluateStatusInput = z.object({
  id: zInput.id(),
  status: z.enum(EVALUATION_STATUS, { error: '状态应为 VISIBLE 或 HIDDEN' }),
});

/** Enrolment states that let a student evaluate a class: the paid ones. */
export const EVALUATING_MY_CLASS_STATUS = ['STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED'] as const;

/**
 * The evaluation calls (`class/evaluate-...`). The list is public: project staff holding a class
 * screen read their project's every evaluation (staff view); anyone else reads the visible ones of
 * the caller's project (a signed-in caller's own, else the request's).
 */
export const classEvaluationCalls = defineCalls('class', {
  /** A class's evaluations with its average (public view, or staff view). */
  'evaluate-list': { input: evaluateListInput, answer: answer<EvaluationPage>(), access: guest },
  /** The signed-in student's own evaluation of a class, or null. */
  'evaluate-get': { input: evaluateGetInput, answer: answer<EvaluationItem | null>(), access: student },
  /** Writes or rewrites the caller's evaluation (students with a paid enrolment). */
  'evaluate-save': { input: evaluateSaveInput, answer: answer<EvaluationItem>(), access: student },
  /** Hides or shows an evaluation of the project; audited. */
  'evaluate-status': {
    input: evaluateStatusInput,
    answer: answer<EvaluationItem>(),
    access: staff(...CLASS_EVALUATION_SCREENS),
  },
});
