import { ROLE_SYSTEM } from '@px/config';
import { EXAM_LOCK_REASON_LABEL as L } from '../../contract/exam';
import { judge, type PolicyScope } from '../../core/policy';
import { ATTEMPT_NOT_FOUND, ENROLMENT_NOT_FOUND, type ExamStartFacts } from './exam-attempt.policy';

const student: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const facts = (over: Partial<ExamStartFacts> = {}): ExamStartFacts => ({
  kind: 'EXAM',
  projectId: 1,
  accountId: 5,
  examRequired: true,
  hasPaper: true,
  exerciseEnabled: true,
  enrolmentStatus: 'FINISHED_STUDY',
  openAttempt: false,
  studyWindowOver: false,
  used: 0,
  allowed: 3,
  ...over,
});
const reasonOf = (row: ExamStartFacts) => judge(student, 'exam-attempt.start', row)?.reason ?? null;

describe('exam attempt policy', () => {
  test('a finished enrolment with attempts left starts the exam; a studying one practises', () => {
    expect(reasonOf(facts())).toBeNull();
    expect(reasonOf(facts({ kind: 'EXERCISE', enrolmentStatus: 'STUDYING' }))).toBeNull();
  });

  test('each lock refuses the exam with its reason', () => {
    expect(reasonOf(facts({ examRequired: false }))).toBe(L.NOT_REQUIRED);
    expect(reasonOf(facts({ hasPaper: false }))).toBe(L.NOT_CONFIGURED);
    expect(reasonOf(facts({ enrolmentStatus: 'PASSED' }))).toBe(L.ALREADY_PASSED);
    expect(reasonOf(facts({ enrolmentStatus: 'STUDYING' }))).toBe(L.HOURS_NOT_CREDITED);
    expect(reasonOf(facts({ enrolmentStatus: 'REFUNDED' }))).toBe(L.ENROLMENT_CLOSED);
    expect(reasonOf(facts({ studyWindowOver: true }))).toBe(L.STUDY_WINDOW_OVER);
    expect(reasonOf(facts({ used: 3 }))).toBe(L.ATTEMPTS_USED_UP);
  });

  test('an open attempt is resumed whatever the window and the count', () => {
    expect(reasonOf(facts({ openAttempt: true, used: 3, studyWindowOver: true }))).toBeNull();
  });

  test('exercises need them on and an enrolment that studies', () => {
    expect(reasonOf(facts({ kind: 'EXERCISE', exerciseEnabled: false }))).toBe('本班级未开放练习');
    expect(reasonOf(facts({ kind: 'EXERCISE', enrolmentStatus: 'REFUNDED' }))).toBe('本班级未开放练习');
  });

  test("another student's or another project's enrolment and attempt read as missing", () => {
    expect(reasonOf(facts({ accountId: 6 }))).toBe(ENROLMENT_NOT_FOUND);
    expect(reasonOf(facts({ projectId: 2 }))).toBe(ENROLMENT_NOT_FOUND);
    const attempt = { projectId: 1, accountId: 5, status: 'SUBMITTED' };
    expect(judge(student, 'exam-attempt.result', attempt)).toBeNull();
    expect(judge(student, 'exam-attempt.result', { ...attempt, status: 'OPEN' })?.reason).toBe('尚未交卷');
    expect(judge(student, 'exam-attempt.result', { ...attempt, accountId: 6 })?.reason).toBe(
      ATTEMPT_NOT_FOUND,
    );
  });
});
