import { Op } from 'sequelize';
import type { z } from 'zod';
import type {
  ExamAttemptDetail,
  ExamAttemptItem,
  ExamClassOption,
  ExamScorePage,
  ExamScoreRow,
  examScoreExportInput,
  examScorePageInput,
} from '../../contract/exam-score';
import { MY_CLASS_STATUS_LABEL } from '../../contract/my-class';
import type { FileResult, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { cursorBatches } from '../../core/export-cursor';
import { containsPattern } from '../../core/query';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { Account } from '../account/account.model';
import { chinaToday } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { summaryOf } from './attempt.service';
import { ExamAttempt } from './exam.model';
import { presentScoreRow, type ScoreSqlRow } from './exam.presenter';
import { DEFAULT_EXAM_SETTING } from './exam-setting.service';
import { reviewOf } from './grading';

/**
 * 考试成绩: the enrolments of the project's classes that require an exam (paid ones: not 待支付),
 * each with its exam attempts used, best score and whether one passed; the attempts of one
 * enrolment; one attempt with every answer; the export. Reads only.
 */

type ScoreFilters = z.output<typeof examScoreExportInput>;

const SCORE_FROM = `
  FROM my_class mc
  JOIN train_class tc ON tc.id = mc.class_id AND tc.project_id = mc.project_id
  JOIN account a ON a.id = mc.account_id
  LEFT JOIN exam_setting es ON es.class_id = mc.class_id AND es.project_id = mc.project_id
  LEFT JOIN (
    SELECT my_class_id, count(*) AS attempts_used, max(score_tenths) AS best_tenths,
           bool_or(passed) AS passed, max(submitted_at) AS last_submitted_at
    FROM exam_attempt WHERE project_id = :projectId AND kind = 'EXAM' GROUP BY my_class_id
  ) s ON s.my_class_id = mc.id`;

const SELECT = `
  SELECT mc.id AS my_class_id, mc.account_id, a.real_name, a.id_card_no, a.mobile, mc.class_id,
         tc.name AS class_name, tc.year, mc.status, tc.exam_pass_score, es.attempts_allowed,
         COALESCE(s.attempts_used, 0) AS attempts_used, s.best_tenths, COALESCE(s.passed, FALSE) AS passed,
         s.last_submitted_at, mc.created_at
  ${SCORE_FROM}`;

const SCORE_ORDER = 'mc.created_at DESC, mc.id DESC';

/** The WHERE of the scores of the filters in the project, with its replacements. */
function scoreFilter(scope: TenantScope, filters: ScoreFilters): SqlFilter {
  const filter = new SqlFilter('mc.project_id = :projectId', { projectId: scope.project.id })
    .where('tc.exam_required')
    .where("mc.status <> 'PENDING_PAY'")
    .equals('mc.class_id', 'classId', filters.classId);
  if (filters.student)
    filter.where('(a.real_name ILIKE :namePattern OR a.id_card_no = :idCardNo OR a.mobile = :student)', {
      namePattern: containsPattern(filters.student),
      idCardNo: filters.student.toUpperCase(),
      student: filters.student,
    });
  if (filters.passed !== undefined)
    filter.where(`COALESCE(s.passed, FALSE) = ${filters.passed ? 'TRUE' : 'FALSE'}`);
  return filter;
}

const presentScore = (row: ScoreSqlRow) => presentScoreRow(row, DEFAULT_EXAM_SETTING.attemptsAllowed);

/** `exam-score/page`: one page of the scores of the filters, newest enrolment first. */
export function pageScores(
  scope: TenantScope,
  input: z.output<typeof examScorePageInput>,
): Promise<ExamScorePage> {
  const query = {
    select: SELECT,
    countFrom: SCORE_FROM,
    filter: scoreFilter(scope, input),
    orderBy: SCORE_ORDER,
  };
  return sqlPageAnswer(scope.sequelize, query, input, presentScore);
}

/** The scores of the filters through the export cursor (one snapshot, a batch at a time), for the export. */
function scoreBatches(scope: TenantScope, filters: ScoreFilters): AsyncGenerator<ExamScoreRow[]> {
  const filter = scoreFilter(scope, filters);
  return cursorBatches<ScoreSqlRow, ExamScoreRow>(
    scope.sequelize,
    { sql: `${SELECT} ${filter.sql} ORDER BY ${SCORE_ORDER}`, replacements: filter.replacements },
    (rows) => rows.map(presentScore),
  );
}

const SCORE = '0.0';
const COLUMNS: readonly XlsxColumn<ExamScoreRow>[] = [
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '身份证号', width: 20, value: (row) => row.idCardNo },
  { header: '手机号', width: 14, value: (row) => row.mobile },
  { header: '班级', width: 32, value: (row) => row.className },
  { header: '年度', width: 8, value: (row) => row.year },
  { header: '学习状态', width: 10, value: (row) => MY_CLASS_STATUS_LABEL[row.enrolmentStatus] },
  { header: '已考次数', width: 10, value: (row) => row.attemptsUsed },
  { header: '允许次数', width: 10, value: (row) => row.attemptsAllowed },
  { header: '最高分', width: 10, numFmt: SCORE, value: (row) => row.bestScore },
  { header: '合格分', width: 10, value: (row) => row.passScore },
  { header: '是否合格', width: 10, value: (row) => (row.passed ? '合格' : '未合格') },
  { header: '最近交卷时间', width: 20, value: (row) => chinaDateTime(row.lastSubmittedAt) },
];

/** `exam-score/export`: the scores of the filters as a streamed `.xlsx`, 考试成绩-YYYYMMDD.xlsx. */
export function exportScores(scope: TenantScope, input: ScoreFilters, now = new Date()): FileResult {
  return streamXlsx({
    filename: `考试成绩-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '考试成绩',
    columns: COLUMNS,
    batches: scoreBatches(scope, input),
    log: scope.log,
  });
}

const attemptItem = (attempt: ExamAttempt): ExamAttemptItem => ({
  ...summaryOf(attempt),
  paperName: attempt.paperName,
  deadline: attempt.deadline?.toISOString() ?? null,
  durationSeconds: attempt.submittedAt
    ? Math.round((attempt.submittedAt.getTime() - attempt.startedAt.getTime()) / 1000)
    : null,
});

/** `exam-score/attempts`: the exam attempts of one enrolment of the project, newest first. Throws 学习记录不存在. */
export async function enrolmentAttempts(scope: TenantScope, myClassId: number): Promise<ExamAttemptItem[]> {
  const enrolment = await MyClass.findOne({ where: { id: myClassId, projectId: scope.project.id } });
  if (!enrolment) throw new BusinessError('学习记录不存在');
  const attempts = await ExamAttempt.findAll({
    where: { projectId: scope.project.id, myClassId, kind: 'EXAM' },
    order: [
      ['startedAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return attempts.map(attemptItem);
}

/** `exam-score/attempt`: one exam attempt of the project with every answer. Throws 考试记录不存在. */
export async function attemptDetail(scope: TenantScope, attemptId: number): Promise<ExamAttemptDetail> {
  const projectId = scope.project.id;
  const attempt = await ExamAttempt.findOne({ where: { id: attemptId, projectId, kind: 'EXAM' } });
  if (!attempt) throw new BusinessError('考试记录不存在');
  const student = await Account.findOne({
    attributes: ['realName'],
    where: { id: attempt.accountId, projectId },
  });
  const cls = await TrainClass.findOne({ attributes: ['name'], where: { id: attempt.classId, projectId } });
  return {
    ...attemptItem(attempt),
    myClassId: attempt.myClassId,
    studentName: student?.realName ?? '',
    className: cls?.name ?? '',
    review: reviewOf(attempt.questions, attempt.answers),
  };
}

/** `exam-score/class-options`: classes of the project that require an exam, by part of the name. */
export async function examClassOptions(
  scope: TenantScope,
  name: string | undefined,
): Promise<ExamClassOption[]> {
  const rows = await TrainClass.findAll({
    attributes: ['id', 'name', 'year'],
    where: {
      projectId: scope.project.id,
      examRequired: true,
      ...(name ? { name: { [Op.iLike]: containsPattern(name) } } : {}),
    },
    order: [
      ['year', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 50,
  });
  return rows.map((row) => ({ id: row.id, name: row.name, year: row.year }));
}
