import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import { OPTION_LETTERS } from '../../contract/course';
import {
  type AttemptKind,
  type AttemptStatus,
  type AttemptSummary,
  EXAM_LOCK_REASON_LABEL,
  type ExamEntry,
  type ExamLockReason,
  type ExamResult,
  type ExamSaveAnswer,
  type ExamSheet,
  type examSaveInput,
  type examStartInput,
  type examSubmitInput,
} from '../../contract/exam';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, NoticeError, ValidationError } from '../../core/errors';
import { abilitiesOf, authorize } from '../../core/policy';
import { passEnrolment } from '../study/progress.service';
import { chinaToday } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { ExamAttempt } from './exam.model';
import { presentResult, presentSheet } from './exam.presenter';
import {
  ATTEMPT_NOT_FOUND,
  ENROLMENT_NOT_FOUND,
  type ExamStartFacts,
  examLockReason,
  exerciseOpen as exerciseOpenFor,
} from './exam-attempt.policy';
import { type ClassExam, classExam } from './exam-setting.service';
import { gradeAttempt, normaliseLetters, reviewOf } from './grading';
import { drawQuestions } from './paper.service';

/**
 * The student's exams and exercises (docs/product-decisions.md "Exams"). The exam of an enrolment
 * opens once its hours are credited (FINISHED_STUDY); an attempt draws its questions when it starts
 * and keeps them (with their answers, which only the server reads); the student saves answers as
 * they go and submits; the server grades. An exam ends by itself at its deadline: every read, save
 * and submit finalises an overdue attempt first, and a job does at the deadline (`exam.jobs.ts`).
 * A final attempt never changes. A passing exam moves the enrolment to PASSED (`passEnrolment`)
 * in the transaction that grades it, holding the enrolment's row lock, so it happens once.
 * Exercises: the same sheet, any number, no deadline, always reviewable, never change the enrolment.
 *
 * Locks: the enrolment's row first, then the attempt's, in every transaction that changes an attempt.
 */

/**
 * Seconds after the deadline a save or submit is still taken (the sheet's own submit at 0 s may
 * arrive a moment late); after them the attempt is final with the answers saved before.
 */
export const DEADLINE_GRACE_SECONDS = 10;

/** When an exam attempt stops taking answers: its deadline and the grace. */
export const attemptEnd = (attempt: Pick<ExamAttempt, 'deadline'>): Date | null =>
  attempt.deadline ? new Date(attempt.deadline.getTime() + DEADLINE_GRACE_SECONDS * 1000) : null;

const isOverdue = (attempt: ExamAttempt, now: Date) => {
  const end = attemptEnd(attempt);
  return attempt.status === 'OPEN' && end !== null && now.getTime() >= end.getTime();
};

/** An enrolment of the signed-in student with its class; locked when a transaction is given. */
async function studentEnrolment(scope: ActorScope, myClassId: number, transaction?: Transaction) {
  const enrolment = await MyClass.findOne({
    where: { id: myClassId, projectId: scope.project.id, accountId: scope.principal.accountId },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { id: enrolment.classId, projectId: scope.project.id }, transaction })
    : null;
  if (!enrolment || !cls) throw new BusinessError(ENROLMENT_NOT_FOUND);
  return { enrolment, cls };
}

/**
 * Ends an OPEN attempt: grades the answers saved, and when an exam passes, moves the enrolment to
 * PASSED (the caller holds the enrolment's row lock and the attempt's). A final attempt is left as
 * it is, so a second submit or a late job grades nothing twice. Answers whether it ended it now.
 */
export async function finaliseAttempt(
  scope: TenantScope,
  enrolment: MyClass,
  attempt: ExamAttempt,
  status: Exclude<AttemptStatus, 'OPEN'>,
  now: Date,
  transaction: Transaction,
): Promise<boolean> {
  if (attempt.status !== 'OPEN') return false;
  const { scoreTenths } = gradeAttempt(attempt.questions, attempt.answers);
  const passed = scoreTenths >= attempt.passScore * 10;
  await attempt.update(
    {
      status,
      scoreTenths,
      passed,
      // A timed-out attempt ended at its deadline, whenever it is finalised.
      submittedAt: status === 'TIMED_OUT' && attempt.deadline ? attempt.deadline : now,
    },
    { transaction },
  );
  if (attempt.kind === 'EXAM' && passed)
    await passEnrolment(scope, enrolment, scoreTenths / 10, now, transaction);
  return true;
}

/** Finalises the enrolment's open exam attempt when past its end (inside the caller's locks). */
async function finaliseOverdue(
  scope: TenantScope,
  enrolment: MyClass,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const open = await ExamAttempt.findAll({
    where: {
      projectId: scope.project.id,
      myClassId: enrolment.id,
      status: 'OPEN',
      deadline: { [Op.ne]: null },
    },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  for (const attempt of open)
    if (isOverdue(attempt, now))
      await finaliseAttempt(scope, enrolment, attempt, 'TIMED_OUT', now, transaction);
}

/** Exam attempts of an enrolment: how many were used, the best score (tenths), any passed, the open one. */
async function examStats(projectId: number, myClassId: number, transaction?: Transaction) {
  const attempts = await ExamAttempt.findAll({
    attributes: ['id', 'status', 'scoreTenths', 'passed', 'submittedAt'],
    where: { projectId, myClassId, kind: 'EXAM' },
    transaction,
  });
  const scores = attempts.flatMap((attempt) => (attempt.scoreTenths === null ? [] : [attempt.scoreTenths]));
  return {
    used: attempts.length,
    bestTenths: scores.length ? Math.max(...scores) : null,
    passed: attempts.some((attempt) => attempt.passed === true),
    open: attempts.find((attempt) => attempt.status === 'OPEN') ?? null,
  };
}

/** What the exam attempt policy reads to judge starting an attempt of the enrolment. */
function startFacts(
  kind: AttemptKind,
  cls: TrainClass,
  exam: ClassExam,
  enrolment: MyClass,
  stats: { open: unknown; used: number },
  now: Date,
): ExamStartFacts {
  return {
    kind,
    projectId: enrolment.projectId,
    accountId: enrolment.accountId,
    examRequired: cls.examRequired,
    hasPaper: exam.paper !== null,
    exerciseEnabled: exam.exerciseEnabled,
    enrolmentStatus: enrolment.status,
    openAttempt: Boolean(stats.open),
    studyWindowOver: chinaToday(now) > cls.studyEndDate,
    used: stats.used,
    allowed: exam.attemptsAllowed,
  };
}

/** Why the exam of an enrolment cannot be started now (an open attempt may always be resumed). */
function lockReason(
  cls: TrainClass,
  exam: ClassExam,
  enrolment: MyClass,
  stats: Awaited<ReturnType<typeof examStats>>,
  now: Date,
): ExamLockReason | null {
  return examLockReason(startFacts('EXAM', cls, exam, enrolment, stats, now));
}

/**
 * `my-class/exam-entry`: whether the exam of one of the student's enrolments opens, and why not;
 * attempts used and allowed, best score, pass mark, time limit; exercises. An overdue attempt is
 * finalised first. Throws BusinessError 班级不存在或未报名.
 */
export async function examEntry(
  scope: ActorScope,
  myClassId: number,
  now = scope.providers.clock.now(),
): Promise<ExamEntry> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const { enrolment, cls } = await studentEnrolment(scope, myClassId, transaction);
    await finaliseOverdue(scope, enrolment, now, transaction);
    const exam = await classExam(projectId, cls.id, transaction);
    const stats = await examStats(projectId, enrolment.id, transaction);
    const reason = lockReason(cls, exam, enrolment, stats, now);
    const openExercise = await ExamAttempt.findOne({
      attributes: ['id'],
      where: { projectId, myClassId: enrolment.id, kind: 'EXERCISE', status: 'OPEN' },
      transaction,
    });
    return {
      myClassId: enrolment.id,
      classId: cls.id,
      className: cls.name,
      enrolmentStatus: enrolment.status,
      examRequired: cls.examRequired,
      unlocked: reason === null,
      lockedReason: reason,
      lockedText: reason ? EXAM_LOCK_REASON_LABEL[reason] : null,
      attemptsUsed: stats.used,
      attemptsAllowed: exam.attemptsAllowed,
      bestScore: stats.bestTenths === null ? null : stats.bestTenths / 10,
      passed: stats.passed || enrolment.status === 'PASSED',
      passScore: cls.examPassScore,
      timeLimitMinutes: exam.timeLimitMinutes,
      questionCount: exam.paper?.questionCount ?? 0,
      openAttemptId: stats.open?.id ?? null,
      exerciseOpen: exerciseOpenFor({
        exerciseEnabled: exam.exerciseEnabled,
        hasPaper: exam.paper !== null,
        enrolmentStatus: enrolment.status,
      }),
      openExerciseId: openExercise?.id ?? null,
      abilities: abilitiesOf(scope, {
        start: ['exam-attempt.start', startFacts('EXAM', cls, exam, enrolment, stats, now)],
        practise: ['exam-attempt.start', startFacts('EXERCISE', cls, exam, enrolment, stats, now)],
      }),
    };
  });
}

/**
 * `exam/start`: starts an exam (when the entry is unlocked; counts an attempt; timed) or an exercise
 * (when exercises are open) of one of the student's enrolments. An open attempt of the kind is
 * resumed instead of starting another. Throws BusinessError with the reason it is locked.
 */
export async function startAttempt(
  scope: ActorScope,
  input: z.output<typeof examStartInput>,
  now = scope.providers.clock.now(),
): Promise<ExamSheet> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const { enrolment, cls } = await studentEnrolment(scope, input.myClassId, transaction);
    await finaliseOverdue(scope, enrolment, now, transaction);
    const open = await ExamAttempt.findOne({
      where: { projectId, myClassId: enrolment.id, kind: input.kind, status: 'OPEN' },
      transaction,
    });
    if (open) return presentSheet(open, cls.name, now);
    const exam = await classExam(projectId, cls.id, transaction);
    const stats =
      input.kind === 'EXAM' ? await examStats(projectId, enrolment.id, transaction) : { open: null, used: 0 };
    authorize(scope, 'exam-attempt.start', startFacts(input.kind, cls, exam, enrolment, stats, now));
    const paper = exam.paper;
    if (!paper) throw new BusinessError(EXAM_LOCK_REASON_LABEL.NOT_CONFIGURED);
    const questions = await drawQuestions(scope, paper, transaction);
    const timed = input.kind === 'EXAM';
    const attempt = await ExamAttempt.create(
      {
        projectId,
        accountId: scope.principal.accountId,
        myClassId: enrolment.id,
        classId: cls.id,
        paperId: paper.id,
        paperName: paper.name,
        kind: input.kind,
        questions,
        passScore: cls.examPassScore,
        startedAt: now,
        deadline: timed ? new Date(now.getTime() + exam.timeLimitMinutes * 60_000) : null,
      },
      { transaction },
    );
    const end = attemptEnd(attempt);
    if (end)
      await scope.jobs.send('exam.deadline', { attemptId: attempt.id }, { transaction, startAfter: end });
    return presentSheet(attempt, cls.name, now);
  });
}

/**
 * Runs `work` on one of the student's attempts holding the enrolment's and the attempt's row locks,
 * after finalising the attempt when it is overdue. Throws BusinessError 考试记录不存在.
 */
async function withAttempt<T>(
  scope: ActorScope,
  attemptId: number,
  now: Date,
  work: (
    parts: { attempt: ExamAttempt; enrolment: MyClass; cls: TrainClass; overdue: boolean },
    transaction: Transaction,
  ) => Promise<T>,
): Promise<T> {
  const projectId = scope.project.id;
  const found = await ExamAttempt.findOne({
    attributes: ['id', 'myClassId'],
    where: { id: attemptId, projectId, accountId: scope.principal.accountId },
  });
  if (!found) throw new BusinessError(ATTEMPT_NOT_FOUND);
  return scope.sequelize.transaction(async (transaction) => {
    const { enrolment, cls } = await studentEnrolment(scope, found.myClassId, transaction);
    const attempt = await ExamAttempt.findOne({
      where: { id: attemptId, projectId, accountId: scope.principal.accountId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!attempt) throw new BusinessError(ATTEMPT_NOT_FOUND);
    const overdue = isOverdue(attempt, now);
    if (overdue) await finaliseAttempt(scope, enrolment, attempt, 'TIMED_OUT', now, transaction);
    return work({ attempt, enrolment, cls, overdue }, transaction);
  });
}

/** `exam/sheet`: an attempt of the student (after a reload): questions, saved answers, time left. */
export function attemptSheet(scope: ActorScope, attemptId: number, now = scope.providers.clock.now()) {
  return withAttempt(scope, attemptId, now, async ({ attempt, cls }) => presentSheet(attempt, cls.name, now));
}

/**
 * Answers merged into those saved (a choice answer kept as its sorted letters). Throws
 * ValidationError for a `no` the sheet does not have, or a choice answer that is not its letters
 * (one for SINGLE and JUDGE).
 */
function mergeAnswers(
  attempt: ExamAttempt,
  answers: { no: number; answer: string }[],
): Record<string, string> {
  const count = attempt.questions.length;
  const errors: FieldError[] = [];
  const merged = { ...attempt.answers };
  answers.forEach((entry, index) => {
    const question = attempt.questions[entry.no - 1];
    if (!question) {
      errors.push({ field: `answers.${index}.no`, rule: 'exists', message: `题号应为 1 到 ${count}` });
      return;
    }
    let answer = entry.answer;
    if (answer && question.type !== 'FILL') {
      answer = normaliseLetters(answer);
      const allowed = OPTION_LETTERS.slice(0, question.options.length) as readonly string[];
      const single = question.type !== 'MULTIPLE';
      if ([...answer].some((letter) => !allowed.includes(letter)) || (single && answer.length > 1)) {
        errors.push({
          field: `answers.${index}.answer`,
          rule: 'option',
          message: single ? '答案应为一个选项字母' : '答案应为选项字母',
        });
        return;
      }
    }
    if (answer) merged[String(entry.no)] = answer;
    else delete merged[String(entry.no)];
  });
  if (errors.length) throw new ValidationError(errors);
  return merged;
}

const FINAL_MESSAGE = '考试已结束，答案不能再修改';
const TIMED_OUT_MESSAGE = '考试时间已到，已按保存的答案自动交卷';

/**
 * `exam/save`: answers as the student goes, merged into those saved. Refused once the attempt is
 * final (a notice when it timed out just now: the saved answers were graded).
 */
export async function saveAnswers(
  scope: ActorScope,
  input: z.output<typeof examSaveInput>,
  now = scope.providers.clock.now(),
): Promise<ExamSaveAnswer> {
  const outcome = await withAttempt(
    scope,
    input.attemptId,
    now,
    async ({ attempt, overdue }, transaction) => {
      if (attempt.status !== 'OPEN') return { attempt, refused: overdue ? TIMED_OUT_MESSAGE : FINAL_MESSAGE };
      const answers = mergeAnswers(attempt, input.answers);
      await attempt.update({ answers }, { transaction });
      return { attempt, refused: null };
    },
  );
  // Refused after the transaction, so an overdue attempt's finalisation is kept.
  if (outcome.refused) throw new NoticeError(outcome.refused);
  const { attempt } = outcome;
  return {
    attemptId: attempt.id,
    savedCount: Object.keys(attempt.answers).length,
    remainingSeconds: attempt.deadline
      ? Math.max(0, Math.floor((attempt.deadline.getTime() - now.getTime()) / 1000))
      : null,
  };
}

/** Whether the student may see the answers of a final attempt now. */
function reviewable(attempt: ExamAttempt, exam: ClassExam, enrolment: MyClass, anyPassed: boolean): boolean {
  if (attempt.status === 'OPEN') return false;
  if (attempt.kind === 'EXERCISE') return true;
  if (exam.reviewPolicy === 'AFTER_SUBMIT') return true;
  if (exam.reviewPolicy === 'AFTER_PASS') return anyPassed || enrolment.status === 'PASSED';
  return false;
}

/** An attempt's result, with its review when the class allows it now. */
async function resultOf(
  scope: TenantScope,
  attempt: ExamAttempt,
  enrolment: MyClass,
  transaction?: Transaction,
): Promise<ExamResult> {
  const exam = await classExam(scope.project.id, attempt.classId, transaction);
  const stats = await examStats(scope.project.id, attempt.myClassId, transaction);
  const canReview = reviewable(attempt, exam, enrolment, stats.passed);
  return presentResult(attempt, canReview ? reviewOf(attempt.questions, attempt.answers) : null);
}

/**
 * `exam/submit`: the last answers merged in, then graded and final; an exam that passes moves the
 * enrolment to PASSED. Submitting a final attempt again answers its result (nothing is graded twice);
 * an attempt past its end is final with the answers saved before (the late answers are not taken).
 */
export async function submitAttempt(
  scope: ActorScope,
  input: z.output<typeof examSubmitInput>,
  now = scope.providers.clock.now(),
): Promise<ExamResult> {
  return withAttempt(scope, input.attemptId, now, async ({ attempt, enrolment }, transaction) => {
    if (attempt.status === 'OPEN') {
      await attempt.update({ answers: mergeAnswers(attempt, input.answers) }, { transaction });
      await finaliseAttempt(scope, enrolment, attempt, 'SUBMITTED', now, transaction);
    }
    return resultOf(scope, attempt, enrolment, transaction);
  });
}

/** `exam/result`: a final attempt's score and, as the class allows, its review. */
export async function attemptResult(
  scope: ActorScope,
  attemptId: number,
  now = scope.providers.clock.now(),
): Promise<ExamResult> {
  return withAttempt(scope, attemptId, now, async ({ attempt, enrolment }, transaction) => {
    authorize(scope, 'exam-attempt.result', attempt);
    return resultOf(scope, attempt, enrolment, transaction);
  });
}

/** A past attempt in a list. */
export const summaryOf = (attempt: ExamAttempt): AttemptSummary => ({
  attemptId: attempt.id,
  kind: attempt.kind,
  status: attempt.status,
  score: attempt.status === 'OPEN' || attempt.scoreTenths === null ? null : attempt.scoreTenths / 10,
  passed: attempt.status === 'OPEN' ? null : attempt.passed,
  startedAt: attempt.startedAt.toISOString(),
  submittedAt: attempt.submittedAt?.toISOString() ?? null,
});

/** `exam/attempts`: the student's attempts of one enrolment, newest first (overdue ones finalised). */
export async function myAttempts(
  scope: ActorScope,
  myClassId: number,
  now = scope.providers.clock.now(),
): Promise<AttemptSummary[]> {
  return scope.sequelize.transaction(async (transaction) => {
    const { enrolment } = await studentEnrolment(scope, myClassId, transaction);
    await finaliseOverdue(scope, enrolment, now, transaction);
    const attempts = await ExamAttempt.findAll({
      where: { projectId: scope.project.id, myClassId: enrolment.id },
      order: [
        ['startedAt', 'DESC'],
        ['id', 'DESC'],
      ],
      transaction,
    });
    return attempts.map(summaryOf);
  });
}
