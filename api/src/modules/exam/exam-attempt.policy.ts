import { type AttemptKind, EXAM_LOCK_REASON_LABEL, type ExamLockReason } from '../../contract/exam';
import type { MyClassStatus } from '../../contract/train-class';
import { definePolicy, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The exam attempt's record policy (docs/product-decisions.md "Exams"): whether the student may
 * start an attempt of their enrolment (the exam: the class requires one, a paper is set, the
 * enrolment finished study and has not passed, the study window is open, attempts are left — an
 * open attempt is always resumed; an exercise: exercises are on and the enrolment is studying,
 * finished or passed), and whether a final attempt's result may be read.
 */

/** The enrolment states that may practise. */
const PRACTISING: readonly MyClassStatus[] = ['STUDYING', 'FINISHED_STUDY', 'PASSED'];

/** What the policy reads to judge starting an attempt. */
export interface ExamStartFacts {
  kind: AttemptKind;
  projectId: number;
  accountId: number;
  examRequired: boolean;
  hasPaper: boolean;
  exerciseEnabled: boolean;
  enrolmentStatus: MyClassStatus;
  /** An attempt of the exam is open (it is resumed). */
  openAttempt: boolean;
  /** China's today is past the class's study window. */
  studyWindowOver: boolean;
  used: number;
  allowed: number;
}

/** What the policy reads of an attempt. */
export interface ExamAttemptRef {
  projectId: number;
  accountId: number;
  status: string;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'exam-attempt.start': ExamStartFacts;
    'exam-attempt.result': ExamAttemptRef;
  }
}

export const ENROLMENT_NOT_FOUND = '班级不存在或未报名';
export const ATTEMPT_NOT_FOUND = '考试记录不存在';

/** Why the exam of an enrolment cannot be started now (null: it may, or an open attempt is resumed). */
export function examLockReason(
  facts: Omit<ExamStartFacts, 'kind' | 'projectId' | 'accountId'>,
): ExamLockReason | null {
  if (!facts.examRequired) return 'NOT_REQUIRED';
  if (!facts.hasPaper) return 'NOT_CONFIGURED';
  if (facts.enrolmentStatus === 'PASSED') return 'ALREADY_PASSED';
  if (facts.enrolmentStatus === 'STUDYING') return 'HOURS_NOT_CREDITED';
  if (facts.enrolmentStatus !== 'FINISHED_STUDY') return 'ENROLMENT_CLOSED';
  if (facts.openAttempt) return null;
  // The exam belongs to the study window (as study does): none starts after its last day.
  if (facts.studyWindowOver) return 'STUDY_WINDOW_OVER';
  if (facts.used >= facts.allowed) return 'ATTEMPTS_USED_UP';
  return null;
}

/** Whether exercises are open to the enrolment. */
export const exerciseOpen = (
  facts: Pick<ExamStartFacts, 'exerciseEnabled' | 'hasPaper' | 'enrolmentStatus'>,
) => facts.exerciseEnabled && facts.hasPaper && PRACTISING.includes(facts.enrolmentStatus);

/** The student's own row of their project; another's reads as missing. */
const own = (scope: PolicyScope, row: { projectId: number; accountId: number }, missing: string): Verdict =>
  row.projectId === scope.project.id && row.accountId === scope.principal.accountId ? null : refuse(missing);

export const examAttemptPolicy = definePolicy({
  'exam-attempt.start': (scope, facts) => {
    const mine = own(scope, facts, ENROLMENT_NOT_FOUND);
    if (mine) return mine;
    if (facts.kind === 'EXAM') {
      const reason = examLockReason(facts);
      return reason ? refuse(EXAM_LOCK_REASON_LABEL[reason]) : null;
    }
    if (!exerciseOpen(facts)) return refuse('本班级未开放练习');
    return null;
  },
  /** A final attempt's score and review (an open one is not submitted yet). */
  'exam-attempt.result': (scope, attempt) =>
    own(scope, attempt, ATTEMPT_NOT_FOUND) ?? (attempt.status === 'OPEN' ? refuse('尚未交卷') : null),
});
