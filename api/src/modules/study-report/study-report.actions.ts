import { studyReportCalls } from '../../contract/study-report';
import { implement } from '../../core/action';
import {
  pageStudyReport,
  reportClassOptions,
  reportRefusals,
  reportStudent,
  studyDetail,
} from './study-report.service';
import { exportStudyReport } from './study-report-export';

/** The study archive (`study-report/...`): enrolments, a student's enrolments, one enrolment's study. */
export const studyReportActions = implement(studyReportCalls, {
  page: (ctx, input) => pageStudyReport(ctx, input),
  export: async (ctx, input) => exportStudyReport(ctx, input),
  'class-options': (ctx, input) => reportClassOptions(ctx, input.name),
  student: (ctx, input) => reportStudent(ctx, input.accountId),
  detail: (ctx, input) => studyDetail(ctx, input.myClassId),
  refusals: (ctx, input) => reportRefusals(ctx, input),
});
