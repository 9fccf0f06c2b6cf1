import { studyReportCalls } from '../../contract/study-report';
import { implement } from '../../core/action';
import { correctHours, correctionList, correctLesson } from './correction.service';
import {
  reportClassOptions,
  reportRefusals,
  reportStudent,
  studyDetail,
  studyLedger,
  studyReportList,
  verifyStudyLedger,
} from './study-report.service';

/** The study archive (`study-report/...`): enrolments, a student's enrolments, one enrolment's study. */
export const studyReportActions = implement(studyReportCalls, {
  page: (ctx, input) => studyReportList.page(ctx, input),
  export: async (ctx, input) => studyReportList.export(ctx, input),
  'class-options': (ctx, input) => reportClassOptions(ctx, input.name),
  student: (ctx, input) => reportStudent(ctx, input.accountId),
  detail: (ctx, input) => studyDetail(ctx, input.myClassId),
  refusals: (ctx, input) => reportRefusals(ctx, input),
  'verify-ledger': (ctx, input) => verifyStudyLedger(ctx, input.myClassId),
  ledger: (ctx, input) => studyLedger(ctx, input.myClassId),
  'correct-hours': (ctx, input) => correctHours(ctx, input),
  'correct-lesson': (ctx, input) => correctLesson(ctx, input),
  corrections: (ctx, input) => correctionList(ctx, input),
});
