import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import { col, fn, Op, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type { BeatRefusalReason } from '../../contract/study';
import type {
  LedgerEntryItem,
  LedgerVerifyAnswer,
  RefusalCount,
  ReportClassOption,
  ReportLesson,
  ReportRefusal,
  ReportStudent,
  ReportStudentAnswer,
  reportRefusalsInput,
  StudyDetail,
  StudyReportFilters,
  StudyReportRow,
} from '../../contract/study-report';
import type { TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { modelPage, newestFirstList } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { Account } from '../account/account.model';
import { FaceCapture } from '../face/face.model';
import {
  enrolmentSummaries,
  STUDENT_NOT_FOUND,
  studentEnrolments,
  unitNames,
} from '../student/student.service';
import { ledgerEntries, verifyLedgers } from '../study/ledger';
import { classLessons, progressKey } from '../study/progress.service';
import { LessonProgress, PopupAnswer, StudyRefusal } from '../study/study.model';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { enrolmentCorrections, latestCorrectedHours } from './correction.service';
import {
  presentLedgerEntry,
  presentLedgerVerification,
  presentPopupAnswer,
  presentRefusal,
  reportLesson,
  STUDY_REPORT_COLUMNS,
} from './study-report.presenter';

/**
 * The study archive: every enrolment of the project with the hours the heartbeat judge credited,
 * one student's enrolments, and one enrolment lesson by lesson with its refused beats (why, when,
 * where), its pop-up answers and its face captures. The archive reads what study recorded and
 * changes nothing. Students deleted since keep their archive.
 */

const ENROLMENT_NOT_FOUND = '学习记录不存在';

/** The where-clause of the archive's filters on enrolments. */
function reportWhere(scope: TenantScope, input: StudyReportFilters): WhereOptions<MyClass> {
  const projectId = scope.project.id;
  const and: WhereOptions<MyClass>[] = [{ projectId }];
  if (input.classId) and.push({ classId: input.classId });
  if (input.status) and.push({ status: input.status });
  const accountTerms: string[] = [];
  const quote = (value: string) => scope.sequelize.escape(value);
  if (input.unitId) accountTerms.push(`unit_id = ${Number(input.unitId)}`);
  if (input.student)
    accountTerms.push(
      `(real_name ILIKE ${quote(containsPattern(input.student))} OR id_card_no = ${quote(
        input.student.toUpperCase(),
      )} OR mobile = ${quote(input.student)})`,
    );
  if (accountTerms.length)
    and.push({
      accountId: {
        [Op.in]: scope.sequelize.literal(
          `(SELECT id FROM account WHERE project_id = ${Number(projectId)} AND role_system = ${
            ROLE_SYSTEM.STUDENT
          } AND ${accountTerms.join(' AND ')})`,
        ),
      },
    });
  return { [Op.and]: and };
}

/** The students of `accountIds` (deleted ones too) as the archive shows them, by id. */
async function reportStudents(
  scope: TenantScope,
  accountIds: Iterable<number>,
): Promise<Map<number, ReportStudent>> {
  const projectId = scope.project.id;
  const ids = [...new Set(accountIds)];
  const accounts = ids.length
    ? await Account.findAll({
        attributes: ['id', 'realName', 'idCardNo', 'mobile', 'unitId'],
        where: { projectId, id: ids },
        paranoid: false,
      })
    : [];
  const units = await unitNames(
    projectId,
    accounts.map((account) => account.unitId),
  );
  return new Map(
    accounts.map((account) => [
      account.id,
      {
        accountId: account.id,
        studentName: account.realName,
        idCardNo: account.idCardNo ? maskIdCardNumber(account.idCardNo) : null,
        mobile: account.mobile,
        unitName: account.unitId === null ? null : (units.get(account.unitId) ?? null),
      },
    ]),
  );
}

/** Enrolments as archive rows: each with its student (rows whose class or student is gone are left out). */
async function reportRows(scope: TenantScope, enrolments: readonly MyClass[]): Promise<StudyReportRow[]> {
  const summaries = await enrolmentSummaries(scope, enrolments);
  const students = await reportStudents(
    scope,
    enrolments.map((row) => row.accountId),
  );
  const corrected = await latestCorrectedHours(
    scope.sequelize,
    scope.project.id,
    enrolments.map((row) => row.id),
  );
  const accountOf = new Map(enrolments.map((row) => [row.id, row.accountId]));
  return summaries.flatMap((summary) => {
    const student = students.get(accountOf.get(summary.myClassId) ?? 0);
    const hours = corrected.get(summary.myClassId);
    const correctedHours = hours
      ? { requiredHours: hours.requiredTenths / 10, electiveHours: hours.electiveTenths / 10 }
      : null;
    return student ? [{ ...summary, ...student, correctedHours }] : [];
  });
}

/**
 * `study-report/page` and `study-report/export`: the project's enrolments of the filters, newest
 * first; the export (no paging) as 学习档案-YYYYMMDD.xlsx, read a batch at a time.
 */
export const studyReportList = newestFirstList({
  model: MyClass,
  where: reportWhere,
  present: (scope: TenantScope, rows: MyClass[]) => reportRows(scope, rows),
  title: '学习档案',
  columns: STUDY_REPORT_COLUMNS,
});

/** `study-report/class-options`: up to 50 classes of the project by part of the name, newest year first. */
export async function reportClassOptions(
  scope: TenantScope,
  name: string | undefined,
): Promise<ReportClassOption[]> {
  const classes = await TrainClass.findAll({
    attributes: ['id', 'name', 'year'],
    where: { projectId: scope.project.id, ...(name ? { name: { [Op.iLike]: containsPattern(name) } } : {}) },
    order: [
      ['year', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 50,
  });
  return classes.map((cls) => ({ id: cls.id, name: cls.name, year: cls.year }));
}

/** `study-report/student`: a student of the project (deleted ones too) with every enrolment. Throws 学员不存在. */
export async function reportStudent(scope: TenantScope, accountId: number): Promise<ReportStudentAnswer> {
  const exists = await Account.count({
    where: { id: accountId, projectId: scope.project.id, roleSystem: ROLE_SYSTEM.STUDENT },
    paranoid: false,
  });
  const student = exists ? (await reportStudents(scope, [accountId])).get(accountId) : undefined;
  if (!student) throw new BusinessError(STUDENT_NOT_FOUND);
  return { student, enrolments: await studentEnrolments(scope, accountId) };
}

/** An enrolment of the project; throws BusinessError 学习记录不存在 for another project's. */
async function loadEnrolment(scope: TenantScope, myClassId: number): Promise<MyClass> {
  const enrolment = await MyClass.findOne({ where: { id: myClassId, projectId: scope.project.id } });
  if (!enrolment) throw new BusinessError(ENROLMENT_NOT_FOUND);
  return enrolment;
}

/** The lesson progress rows of an enrolment, by id. */
async function progressRows(projectId: number, myClassId: number): Promise<Map<number, LessonProgress>> {
  const rows = await LessonProgress.findAll({ where: { projectId, myClassId }, order: [['id', 'ASC']] });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The lessons of an enrolment: the class's lessons in study order (names, length and hours as they
 * were when study began, else as they are), then lessons studied that the class no longer holds.
 */
async function reportLessons(
  projectId: number,
  classId: number,
  progress: Map<number, LessonProgress>,
): Promise<ReportLesson[]> {
  const { ordered } = await classLessons(projectId, classId);
  const byKey = new Map(
    [...progress.values()].map((row) => [progressKey(row.courseId, row.resourceId), row]),
  );
  const shown = new Set<number>();
  const lessons = ordered.map(({ lesson, course, link, video }) => {
    const row = byKey.get(progressKey(lesson.courseId, lesson.resourceId));
    if (row) shown.add(row.id);
    return reportLesson(
      row,
      {
        courseName: course.name,
        lessonName: video?.name ?? '',
        durationSeconds: Math.round(video?.durationSeconds ?? 0),
        hoursTenths: lesson.hoursTenths,
      },
      link.kind,
    );
  });
  for (const row of progress.values())
    if (!shown.has(row.id))
      lessons.push(
        reportLesson(
          row,
          { courseName: row.courseName, lessonName: row.lessonName, durationSeconds: 0, hoursTenths: 0 },
          null,
        ),
      );
  return lessons;
}

/** Refused beats of the progress rows by reason, most first. */
async function refusalCounts(projectId: number, progressIds: number[]): Promise<RefusalCount[]> {
  if (progressIds.length === 0) return [];
  const rows = (await StudyRefusal.findAll({
    attributes: ['reason', [fn('COUNT', col('id')), 'count']],
    where: { projectId, progressId: progressIds },
    group: ['reason'],
    raw: true,
  })) as unknown as { reason: BeatRefusalReason; count: string }[];
  return rows
    .map((row) => ({ reason: row.reason, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * `study-report/verify-ledger`: recomputes the study ledger of every enrolment of the project (or
 * of one) and names, per enrolment that does not match, its student, class and first entry that
 * does not.
 */
export async function verifyStudyLedger(
  scope: TenantScope,
  myClassId: number | undefined,
): Promise<LedgerVerifyAnswer> {
  const projectId = scope.project.id;
  if (myClassId !== undefined) await loadEnrolment(scope, myClassId);
  const result = await verifyLedgers(scope.sequelize, { projectId, myClassId });
  const enrolments = result.mismatches.length
    ? await MyClass.findAll({
        attributes: ['id', 'accountId', 'classId'],
        where: { projectId, id: result.mismatches.map((row) => row.myClassId) },
      })
    : [];
  const students = await reportStudents(
    scope,
    enrolments.map((row) => row.accountId),
  );
  const classes = await namesById(
    TrainClass,
    enrolments.map((row) => row.classId),
    { where: { projectId } },
  );
  const byId = new Map(enrolments.map((row) => [row.id, row]));
  return presentLedgerVerification(result, (id) => {
    const enrolment = byId.get(id);
    return {
      studentName: enrolment ? (students.get(enrolment.accountId)?.studentName ?? null) : null,
      className: enrolment ? (classes.get(enrolment.classId) ?? null) : null,
    };
  });
}

/** `study-report/ledger`: one enrolment's study ledger, in order. */
export async function studyLedger(scope: TenantScope, myClassId: number): Promise<LedgerEntryItem[]> {
  await loadEnrolment(scope, myClassId);
  return (await ledgerEntries(scope.sequelize, scope.project.id, myClassId)).map(presentLedgerEntry);
}

/**
 * `study-report/detail`: one enrolment of the project lesson by lesson (credited time, coverage,
 * furthest position, finish), refused beats by reason, pop-up answers as asked and the number of
 * face captures. Throws BusinessError 学习记录不存在 for another project's enrolment.
 */
export async function studyDetail(scope: TenantScope, myClassId: number): Promise<StudyDetail> {
  const projectId = scope.project.id;
  const enrolment = await loadEnrolment(scope, myClassId);
  const [row] = await reportRows(scope, [enrolment]);
  const cls = await TrainClass.findOne({ where: { id: enrolment.classId, projectId } });
  if (!row || !cls) throw new BusinessError(ENROLMENT_NOT_FOUND);
  const progress = await progressRows(projectId, enrolment.id);
  const counts = await refusalCounts(projectId, [...progress.keys()]);
  const answers = await PopupAnswer.findAll({
    where: { projectId, myClassId: enrolment.id },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return {
    enrolment: row,
    studyInOrder: cls.studyInOrder,
    examRequired: cls.examRequired,
    lessons: await reportLessons(projectId, cls.id, progress),
    refusalCounts: counts,
    refusalTotal: counts.reduce((sum, entry) => sum + entry.count, 0),
    popupAnswers: answers.map((answer) => presentPopupAnswer(answer, progress)),
    captureCount: await FaceCapture.count({ where: { projectId, myClassId: enrolment.id } }),
    corrections:
      (await enrolmentCorrections(scope.sequelize, projectId, [enrolment.id])).get(enrolment.id) ?? [],
  };
}

/**
 * `study-report/refusals`: the refused beats of an enrolment, newest first, optionally of one of
 * its lessons (`progressId`) or one reason. Throws BusinessError 学习记录不存在.
 */
export async function reportRefusals(
  scope: TenantScope,
  input: z.output<typeof reportRefusalsInput>,
): Promise<PageAnswer<ReportRefusal>> {
  const projectId = scope.project.id;
  const enrolment = await loadEnrolment(scope, input.myClassId);
  const progress = await progressRows(projectId, enrolment.id);
  const progressIds = input.progressId
    ? [...progress.keys()].filter((id) => id === input.progressId)
    : [...progress.keys()];
  const empty = { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  if (progressIds.length === 0) return empty;
  return modelPage(
    StudyRefusal,
    {
      where: { projectId, progressId: progressIds, ...(input.reason ? { reason: input.reason } : {}) },
      order: [['id', 'DESC']],
    },
    input,
    (rows) => rows.map((refusal) => presentRefusal(refusal, progress)),
  );
}
