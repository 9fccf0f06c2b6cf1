import { maskIdCardNumber } from '@px/config';
import type { ExamResult, ExamSheet } from '../../contract/exam';
import { PAPER_TOTAL_SCORE, type PaperItem } from '../../contract/exam-paper';
import type { ExamQuestionItem } from '../../contract/exam-question';
import type { ExamScoreRow } from '../../contract/exam-score';
import type { ExamSetting as ExamSettingAnswer } from '../../contract/exam-setting';
import type { MyClassStatus } from '../../contract/train-class';
import { verdictAbilities } from '../../core/policy';
import type { TrainClass } from '../train-class/train-class.model';
import type { ExamAttempt, ExamPaper, ExamQuestion } from './exam.model';
import { paperDeletion, questionDeletion } from './exam-bank.policy';
import type { ClassExam } from './exam-setting.service';
import { sheetQuestion } from './grading';

/** How exams are answered: a class's exam settings, papers, questions, a sheet and its result, score rows. */

/** A class's exam as its editor shows it. */
export function presentExamSetting(cls: TrainClass, exam: ClassExam): ExamSettingAnswer {
  return {
    classId: cls.id,
    className: cls.name,
    examRequired: cls.examRequired,
    paperId: exam.paper?.id ?? null,
    paperName: exam.paper?.name ?? null,
    timeLimitMinutes: exam.timeLimitMinutes,
    attemptsAllowed: exam.attemptsAllowed,
    passScore: cls.examPassScore,
    reviewPolicy: exam.reviewPolicy,
    exerciseEnabled: exam.exerciseEnabled,
    configured: cls.examRequired && exam.paper !== null,
  };
}

/** A paper of the list: `total` its score in tenths, `classes` how many classes use it. */
export function presentPaper(paper: ExamPaper, total: number, classes: number): PaperItem {
  return {
    id: paper.id,
    name: paper.name,
    mode: paper.mode,
    description: paper.description,
    questionCount: paper.questionCount,
    totalScore: total / 10,
    classCount: classes,
    createdAt: paper.createdAt.toISOString(),
    updatedAt: paper.updatedAt.toISOString(),
    abilities: verdictAbilities({ delete: paperDeletion(classes) }),
  };
}

/** A question as the back office sees it: `paths` the category paths by id, `papers` the papers holding it by question id. */
export function presentQuestion(
  question: ExamQuestion,
  paths: Map<number, string>,
  papers: Map<number, number>,
): ExamQuestionItem {
  return {
    id: question.id,
    categoryId: question.categoryId,
    categoryName: question.categoryId === null ? null : (paths.get(question.categoryId) ?? null),
    type: question.type,
    content: question.content,
    options: question.options,
    answer: question.answer,
    acceptedAnswers: question.acceptedAnswers,
    analysis: question.analysis,
    paperCount: papers.get(question.id) ?? 0,
    createdAt: question.createdAt.toISOString(),
    updatedAt: question.updatedAt.toISOString(),
    abilities: verdictAbilities({ delete: questionDeletion(papers.get(question.id) ?? 0) }),
  };
}

/** The sheet of an attempt: its questions without answers, the answers saved, the time left. */
export function presentSheet(attempt: ExamAttempt, className: string, now: Date): ExamSheet {
  return {
    attemptId: attempt.id,
    myClassId: attempt.myClassId,
    kind: attempt.kind,
    status: attempt.status,
    className,
    paperName: attempt.paperName,
    totalScore: PAPER_TOTAL_SCORE,
    passScore: attempt.passScore,
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    remainingSeconds: attempt.deadline
      ? attempt.status === 'OPEN'
        ? Math.max(0, Math.floor((attempt.deadline.getTime() - now.getTime()) / 1000))
        : 0
      : null,
    questions: attempt.questions.map(sheetQuestion),
    answers: Object.entries(attempt.answers)
      .map(([no, answer]) => ({ no: Number(no), answer }))
      .sort((a, b) => a.no - b.no),
  };
}

/** An attempt's result: no score while open; `review` the answers reviewed when the class allows it, else null. */
export function presentResult(attempt: ExamAttempt, review: ExamResult['review']): ExamResult {
  const open = attempt.status === 'OPEN';
  return {
    attemptId: attempt.id,
    myClassId: attempt.myClassId,
    kind: attempt.kind,
    status: attempt.status,
    score: open || attempt.scoreTenths === null ? null : attempt.scoreTenths / 10,
    passScore: attempt.passScore,
    passed: open ? null : attempt.passed,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    reviewable: review !== null,
    review,
  };
}

/** An enrolment's exam scores as the score query of exam-score.service reads them. */
export interface ScoreSqlRow {
  my_class_id: number;
  account_id: number;
  real_name: string | null;
  id_card_no: string | null;
  mobile: string | null;
  class_id: number;
  class_name: string;
  year: number;
  status: MyClassStatus;
  exam_pass_score: number;
  attempts_allowed: number | null;
  attempts_used: string;
  best_tenths: number | null;
  passed: boolean;
  last_submitted_at: Date | null;
  created_at: Date;
}

/** A row of 考试成绩; `defaultAttempts` stands for a class whose exam settings were never saved. */
export function presentScoreRow(row: ScoreSqlRow, defaultAttempts: number): ExamScoreRow {
  return {
    myClassId: row.my_class_id,
    accountId: row.account_id,
    studentName: row.real_name ?? '',
    idCardNo: row.id_card_no ? maskIdCardNumber(row.id_card_no) : null,
    mobile: row.mobile,
    classId: row.class_id,
    className: row.class_name,
    year: row.year,
    enrolmentStatus: row.status,
    attemptsUsed: Number(row.attempts_used),
    attemptsAllowed: row.attempts_allowed ?? defaultAttempts,
    bestScore: row.best_tenths === null ? null : row.best_tenths / 10,
    passScore: row.exam_pass_score,
    passed: row.passed,
    lastSubmittedAt: row.last_submitted_at ? new Date(row.last_submitted_at).toISOString() : null,
  };
}
