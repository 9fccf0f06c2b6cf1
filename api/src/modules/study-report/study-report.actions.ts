import { studyReportCalls } from '../../contract/study-report';
import { implement } from '../../core/action';
import { awaitReplica, onReplica } from '../../db/connection-routes';
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

/**
 * The study archive (`study-report/...`): enrolments, a student's enrolments, one enrolment's study.
 * The archive's lists, its export and the refused beats are read from the read replica when there is
 * one; one enrolment's detail, ledger and corrections (what staff look at as they correct it) from
 * the primary, and a correction answers once the replica has it (the list's next read shows it).
 */
export const studyReportActions = implement(studyReportCalls, {
  page: (ctx, input) => onReplica(() => studyReportList.page(ctx, input)),
  export: async (ctx, input) => onReplica(() => studyReportList.export(ctx, input)),
  'class-options': (ctx, input) => reportClassOptions(ctx, input.name),
  student: (ctx, input) => reportStudent(ctx, input.accountId),
  detail: (ctx, input) => studyDetail(ctx, input.myClassId),
  refusals: (ctx, input) => onReplica(() => reportRefusals(ctx, input)),
  'verify-ledger': (ctx, input) => verifyStudyLedger(ctx, input.myClassId),
  ledger: (ctx, input) => studyLedger(ctx, input.myClassId),
  'correct-hours': async (ctx, input) => {
    const answer = await correctHours(ctx, input);
    await awaitReplica(ctx.sequelize);
    return answer;
  },
  'correct-lesson': async (ctx, input) => {
    const answer = await correctLesson(ctx, input);
    await awaitReplica(ctx.sequelize);
    return answer;
  },
  corrections: (ctx, input) => correctionList(ctx, input),
});
