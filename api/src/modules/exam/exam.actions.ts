import { examCalls, examEntryCalls } from '../../contract/exam';
import { examPaperCalls } from '../../contract/exam-paper';
import { examQuestionCalls } from '../../contract/exam-question';
import { examScoreCalls } from '../../contract/exam-score';
import { examSettingCalls } from '../../contract/exam-setting';
import { implement } from '../../core/action';
import { categoryTreeHandlers } from '../category-tree/category-tree.actions';
import {
  attemptResult,
  attemptSheet,
  examEntry,
  myAttempts,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from './attempt.service';
import { examCategories, examCategoryTree } from './exam-category.service';
import {
  attemptDetail,
  enrolmentAttempts,
  examClassOptions,
  exportScores,
  pageScores,
} from './exam-score.service';
import { examSetting, saveExamSetting } from './exam-setting.service';
import { deletePaper, pagePapers, paperDetail, paperOptions, previewPaper, savePaper } from './paper.service';
import { deleteQuestion, pageQuestions, questionDetail, saveQuestion } from './question.service';
import { importQuestions, questionImportTemplate } from './question-import';

/** The exam calls: question bank, papers, class settings, scores (staff); entry and attempts (students). */
export const examActions = [
  ...implement(examQuestionCalls, {
    ...categoryTreeHandlers(examCategories, examCategoryTree),
    page: (ctx, input) => pageQuestions(ctx, input),
    detail: (ctx, input) => questionDetail(ctx, input.id),
    save: (ctx, input) => saveQuestion(ctx, input),
    delete: async (ctx, input) => {
      await deleteQuestion(ctx, input.id);
      return null;
    },
    import: (ctx) =>
      importQuestions(
        ctx,
        ctx.files.find((file) => file.field === 'file'),
      ),
    'import-template': () => questionImportTemplate(),
  }),
  ...implement(examPaperCalls, {
    page: (ctx, input) => pagePapers(ctx, input),
    detail: (ctx, input) => paperDetail(ctx, input.id),
    save: (ctx, input) => savePaper(ctx, input),
    delete: async (ctx, input) => {
      await deletePaper(ctx, input.id);
      return null;
    },
    preview: (ctx, input) => previewPaper(ctx, input.id),
    options: (ctx, input) => paperOptions(ctx, input),
  }),
  ...implement(examSettingCalls, {
    get: (ctx, input) => examSetting(ctx, input.classId),
    save: (ctx, input) => saveExamSetting(ctx, input),
  }),
  ...implement(examScoreCalls, {
    page: (ctx, input) => pageScores(ctx, input),
    export: async (ctx, input) => exportScores(ctx, input),
    attempts: (ctx, input) => enrolmentAttempts(ctx, input.myClassId),
    attempt: (ctx, input) => attemptDetail(ctx, input.attemptId),
    'class-options': (ctx, input) => examClassOptions(ctx, input.name),
  }),
  ...implement(examEntryCalls, {
    'exam-entry': (ctx, input) => examEntry(ctx, input.myClassId),
  }),
  ...implement(examCalls, {
    start: (ctx, input) => startAttempt(ctx, input),
    sheet: (ctx, input) => attemptSheet(ctx, input.attemptId),
    save: (ctx, input) => saveAnswers(ctx, input),
    submit: (ctx, input) => submitAttempt(ctx, input),
    result: (ctx, input) => attemptResult(ctx, input.attemptId),
    attempts: (ctx, input) => myAttempts(ctx, input.myClassId),
  }),
];
