import { isIdCardNumber } from '@px/config';
import { contentHash, type RegulatorClass, type StudyRecord } from '@px/regulator';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { ExamAttempt } from '../exam/exam.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { chinaToday } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import type { RegulatorPush } from './push.model';

/**
 * What is reported (docs/regulator.md "The study record", "The class"): a class as it is filed, and
 * an enrolment's record as it stands when its push is first sent. Each class is filed under
 * `PX<project>-<class>`; the record names the student, the hours credited (at most the class's), the
 * days, the result and the exam, the class certificate, and the head of the enrolment's study
 * ledger.
 */

/** The regulator's code of a class. */
export const classCode = (projectId: number, classId: number): string => `PX${projectId}-${classId}`;

const tenths = (value: number) => Math.round(value) / 10;

/** The class's total credit hours in tenths: its required courses and the elective hours it asks. */
export async function classHoursTenths(
  sequelize: Sequelize,
  cls: TrainClass,
  transaction?: Transaction,
): Promise<number> {
  const [row] = await sequelize.query<{ required: string | null }>(
    `SELECT SUM(hours_tenths) FILTER (WHERE kind = 'REQUIRED') AS required
       FROM train_class_course WHERE project_id = :projectId AND class_id = :classId`,
    { replacements: { projectId: cls.projectId, classId: cls.id }, type: QueryTypes.SELECT, transaction },
  );
  return Number(row?.required ?? 0) + cls.electiveHoursTenths;
}

/** A class as it is filed with the regulator. */
export async function filedClassOf(
  sequelize: Sequelize,
  cls: TrainClass,
  transaction?: Transaction,
): Promise<RegulatorClass & { hash: string }> {
  const filed: RegulatorClass = {
    code: classCode(cls.projectId, cls.id),
    name: cls.name,
    hours: tenths(await classHoursTenths(sequelize, cls, transaction)),
    startOn: cls.studyStartDate,
    endOn: cls.studyEndDate,
  };
  return { ...filed, hash: contentHash(filed) };
}

/** `2026-03-22T10:00:00+08:00`: a time in China's offset. */
export function chinaIso(date: Date): string {
  const china = new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return `${china}+08:00`;
}

/** Hours changed by data correction (study-report), applied over what study credited. */
export type HoursOverride = (push: RegulatorPush, transaction?: Transaction) => Promise<number | null>;

/** The ledger's newest hash of an enrolment, or null when it has none. */
export type LedgerHeadReader = (
  sequelize: Sequelize,
  projectId: number,
  myClassId: number,
  transaction?: Transaction,
) => Promise<string | null>;

/** What a record is built from beyond the enrolment (data corrections, the ledger). */
export interface RecordSources {
  hoursOverride?: HoursOverride;
  ledgerHead?: LedgerHeadReader;
}

/**
 * The study record of a push as it stands now: the student's identity, the class's code, the hours
 * credited (corrected where staff corrected them; never beyond the class's), the days studied, the
 * result (PASSED with the exam that passed it, else COMPLETED), the class certificate and the
 * ledger's head. `corrects` names the push number a correction replaces.
 */
export async function buildStudyRecord(
  sequelize: Sequelize,
  push: RegulatorPush,
  corrects: string | null,
  now: Date,
  sources: RecordSources = {},
  transaction?: Transaction,
): Promise<StudyRecord> {
  const where = { projectId: push.projectId };
  const [enrolment, cls, account] = await Promise.all([
    MyClass.findOne({ where: { ...where, id: push.myClassId }, transaction }),
    TrainClass.findOne({ where: { ...where, id: push.classId }, transaction }),
    Account.findOne({ where: { ...where, id: push.accountId }, paranoid: false, transaction }),
  ]);
  if (!enrolment || !cls || !account) throw new Error(`push ${push.id}: enrolment, class or student missing`);
  const [certificate, exam, firstLesson, classTenths] = await Promise.all([
    Certificate.findOne({
      where: { ...where, kind: 'CLASS', myClassId: enrolment.id, deletedAt: null },
      order: [['id', 'DESC']],
      transaction,
    }),
    ExamAttempt.findOne({
      where: {
        ...where,
        myClassId: enrolment.id,
        kind: 'EXAM',
        status: { [Op.ne]: 'OPEN' },
        scoreTenths: { [Op.ne]: null },
      },
      order: [
        ['scoreTenths', 'DESC'],
        ['id', 'ASC'],
      ],
      transaction,
    }),
    sequelize.query<{ first: Date | null }>(
      'SELECT MIN(created_at) AS first FROM lesson_progress WHERE project_id = :projectId AND my_class_id = :id',
      { replacements: { projectId: push.projectId, id: enrolment.id }, type: QueryTypes.SELECT, transaction },
    ),
    classHoursTenths(sequelize, cls, transaction),
  ]);
  const override = (await sources.hoursOverride?.(push, transaction)) ?? null;
  const creditedTenths = override ?? enrolment.requiredTenths + enrolment.electiveTenths;
  const day = (date: Date | null | undefined) => (date ? chinaToday(date) : null);
  const completedOn = day(enrolment.finishedStudyAt) ?? day(enrolment.passedAt) ?? chinaToday(now);
  const began =
    day(firstLesson[0]?.first ? new Date(firstLesson[0].first) : null) ?? day(enrolment.createdAt);
  const passedExam = exam && exam.scoreTenths !== null && cls.examRequired ? exam : null;
  const examOn = passedExam ? day(passedExam.submittedAt ?? passedExam.startedAt) : null;
  // The regulator wants every day of the record on or after the first: the earliest of them.
  const startedOn =
    [began, completedOn, examOn, certificate?.issueDate ?? null]
      .filter((date): date is string => date !== null)
      .sort()[0] ?? completedOn;
  const idNumber = account.idCardNo ?? '';
  return {
    pushNo: push.pushNo,
    kind: push.kind,
    corrects,
    student: {
      name: account.realName,
      idType: !idNumber || isIdCardNumber(idNumber) ? 'ID_CARD' : 'OTHER',
      idNumber,
      mobile: account.mobile ?? null,
    },
    classCode: classCode(push.projectId, cls.id),
    study: {
      hours: tenths(override === null ? Math.min(creditedTenths, classTenths) : creditedTenths),
      startedOn,
      completedOn,
      result: passedExam ? 'PASSED' : 'COMPLETED',
      examScore: passedExam ? tenths(passedExam.scoreTenths ?? 0) : null,
      examOn,
    },
    certificate: certificate ? { number: certificate.certificateNo, issuedOn: certificate.issueDate } : null,
    ledgerHead: (await sources.ledgerHead?.(sequelize, push.projectId, enrolment.id, transaction)) ?? null,
    reportedAt: chinaIso(now),
  };
}
