import type {
  Calls,
  ExamCategoryNode,
  ExamQuestionSaveInput,
  ExamSettingSaveInput,
  PaperSaveInput,
} from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import type { CategoryTreeCalls } from './category-tree';
import { api } from './request';

/** The exam type tree calls (`exam-question/category-tree|save|drag|delete`), for the category panel. */
export const examCategoryCalls: CategoryTreeCalls<ExamCategoryNode> = {
  tree: (options) => api.call('exam-question/category-tree', {}, options),
  save: (payload) => api.call('exam-question/category-save', payload),
  drag: (id, parentId, index) => api.call('exam-question/category-drag', { id, parentId, index }),
  remove: (id) => api.call('exam-question/category-delete', { id }),
};

/** Filters and page of the question bank. */
export type ExamQuestionQuery = InputOf<Calls['exam-question/page']>;

/** One page of the question bank, newest first (`categoryId` includes the categories below it). Rejects with an ApiError. */
export const listExamQuestions = (query: ExamQuestionQuery, ...options: [CallOptions?]) =>
  api.call('exam-question/page', query, ...options);

/** Creates or edits a question. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const saveExamQuestion = (payload: ExamQuestionSaveInput) => api.call('exam-question/save', payload);

/** Deletes a question no paper holds. Rejects with an ApiError. */
export const deleteExamQuestion = (id: number) => api.call('exam-question/delete', { id });

/** Imports questions from an `.xlsx` of the template (all or nothing; the answer lists refused cells). Rejects with an ApiError. */
export function importExamQuestions(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload('exam-question/import', form);
}

/** The question import template as an `.xlsx` file. Rejects with an ApiError. */
export const downloadExamQuestionTemplate = () => api.download('exam-question/import-template');

/** Filters and page of the papers. */
export type PaperQuery = InputOf<Calls['exam-paper/page']>;

/** One page of the papers, newest first. Rejects with an ApiError. */
export const listPapers = (query: PaperQuery, ...options: [CallOptions?]) =>
  api.call('exam-paper/page', query, ...options);

/** One paper with its questions or rules. Rejects with an ApiError. */
export const getPaper = (id: number) => api.call('exam-paper/detail', { id });

/** Creates or replaces a paper (scores add up to 100). Rejects with an ApiError (an ApiFieldsError naming fields). */
export const savePaper = (payload: PaperSaveInput) => api.call('exam-paper/save', payload);

/** Deletes a paper no class uses. Rejects with an ApiError. */
export const deletePaper = (id: number) => api.call('exam-paper/delete', { id });

/** One draw of a paper as an attempt would get it. Rejects with an ApiError. */
export const previewPaper = (id: number) => api.call('exam-paper/preview', { id });

/** Papers by part of the name, for a class's exam settings. Rejects with an ApiError. */
export const listPaperOptions = (name?: string) => api.call('exam-paper/options', { name });

/** A class's exam settings (defaults when never saved). Rejects with an ApiError. */
export const getExamSetting = (classId: number, ...options: [CallOptions?]) =>
  api.call('exam-setting/get', { classId }, ...options);

/** Saves a class's exam settings. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const saveExamSetting = (payload: ExamSettingSaveInput) => api.call('exam-setting/save', payload);

/** Filters and page of the scores. */
export type ExamScoreQuery = InputOf<Calls['exam-score/page']>;

/** One page of enrolments of classes requiring an exam, with their results. Rejects with an ApiError. */
export const listExamScores = (query: ExamScoreQuery, ...options: [CallOptions?]) =>
  api.call('exam-score/page', query, ...options);

/** The filtered scores as an `.xlsx`. Rejects with an ApiError. */
export const exportExamScores = (filters: InputOf<Calls['exam-score/export']>) =>
  api.download('exam-score/export', filters);

/** The exam attempts of one enrolment, newest first. Rejects with an ApiError. */
export const listExamAttempts = (myClassId: number) => api.call('exam-score/attempts', { myClassId });

/** One attempt with every answer against the right one. Rejects with an ApiError. */
export const getExamAttempt = (attemptId: number) => api.call('exam-score/attempt', { attemptId });

/** Classes requiring an exam by part of the name, to filter the scores by. Rejects with an ApiError. */
export const listExamClassOptions = (name?: string) => api.call('exam-score/class-options', { name });
