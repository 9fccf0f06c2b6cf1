import type { AttemptKind, SheetAnswer } from '@px/api/contract';
import { api } from './request';

/**
 * Whether the exam (and exercises) of an enrolment open now and why not, with attempts used and
 * allowed, best score, pass mark and time limit. Rejects with an ApiError.
 */
export const getExamEntry = (myClassId: number) => api.call('my-class/exam-entry', { myClassId });

/**
 * Starts an exam (when unlocked) or an exercise of an enrolment; an open attempt of the kind is
 * resumed instead. Rejects with an ApiError (locked, attempts used up), shown by the request client.
 */
export const startExam = (myClassId: number, kind: AttemptKind) =>
  api.call('exam/start', { myClassId, kind });

/** The open attempt again (after a reload): questions, saved answers, time left. Rejects with an ApiError. */
export const getExamSheet = (attemptId: number) => api.call('exam/sheet', { attemptId }, { quiet: true });

/**
 * Saves answers as the student goes (merged into those saved); answers the time left. Quiet: the
 * sheet says itself when saving failed. Rejects with an ApiError.
 */
export const saveExamAnswers = (attemptId: number, answers: SheetAnswer[]) =>
  api.call('exam/save', { attemptId, answers }, { quiet: true });

/** Submits the attempt with its last answers; answers the graded result. Rejects with an ApiError (shown). */
export const submitExam = (attemptId: number, answers: SheetAnswer[]) =>
  api.call('exam/submit', { attemptId, answers });

/** A final attempt's score and, as the class allows, its review. Quiet (the page shows failures). Rejects with an ApiError. */
export const getExamResult = (attemptId: number) => api.call('exam/result', { attemptId }, { quiet: true });

/** The student's attempts of one enrolment (exams and exercises), newest first. Rejects with an ApiError. */
export const listMyAttempts = (myClassId: number) => api.call('exam/attempts', { myClassId });
