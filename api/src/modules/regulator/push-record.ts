import { isIdCardNumber } from '@px/config';
import { contentHash, type RegulatorClass, type StudyRecord } from '@px/regulator';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { chinaToday } from '../train-class/class-read';
import { TrainClass } from '../train-class/train-class.model';
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

/**
 * A batch read of one fact of enrolments: the value of each enrolment of `myClassIds` that has one
 * (one query for the whole batch).
 */
export type EnrolmentFactsReader<V> = (
  sequelize: Sequelize,
  projectId: number,
  myClassIds: readonly number[],
  transaction?: Transaction,
) => Promise<Map<number, V>>;

/** What a record is built from beyond the enrolment, read by modules above (listeners wire them). */
export interface RecordSources {
  /** Hours changed by data correction (study-report): the corrected tenths, applied over what study credited. */
  hoursOverrides?: EnrolmentFactsReader<number>;
  /** The ledger's newest hash. */
  ledgerHeads?: EnrolmentFactsReader<string>;
}

/** A source's facts of the batch's enrolments; none where no module wired the source. */
const readFacts = <V>(
  reader: EnrolmentFactsReader<V> | undefined,
  sequelize: Sequelize,
  on: { projectId: number; ids: readonly number[] },
  transaction?: Transaction,
): Promise<Map<number, V>> =>
  reader ? reader(sequelize, on.projectId, on.ids, transaction) : Promise.resolve(new Map());

/** A push to build: the push, and the push number it corrects (a correction's). */
export interface RecordToBuild {
  push: RegulatorPush;
  corrects: string | null;
}

interface EnrolmentRow {
  id: number;
  required_tenths: number;
  elective_tenths: number;
  finished_study_at: Date | null;
  passed_at: Date | null;
  created_at: Date;
}

/** The rows of `sql` keyed by `my_class_id` (or `id`), for the batch's enrolments. */
async function byEnrolment<R extends { key: number }>(
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown>,
  transaction?: Transaction,
): Promise<Map<number, R>> {
  const rows = await sequelize.query<R>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  return new Map(rows.map((row) => [Number(row.key), row]));
}

/**
 * The study records of one project's pushes as they stand now, each read once for the whole batch
 * (a query per source, not per push: building them one by one held the sender far below the
 * regulator's rate). Each record names the student's identity, the class's code, the hours credited
 * (corrected where staff corrected them; never beyond the class's), the days studied, the result
 * (PASSED with the exam that passed it, else COMPLETED), the class certificate and the ledger's head.
 * A push whose enrolment, class or student is missing has no record in the answer.
 */
export async function buildStudyRecords(
  sequelize: Sequelize,
  batch: readonly RecordToBuild[],
  now: Date,
  sources: RecordSources = {},
  transaction?: Transaction,
): Promise<Map<number, StudyRecord>> {
  const records = new Map<number, StudyRecord>();
  const projectId = batch[0]?.push.projectId;
  if (projectId === undefined) return records;
  if (batch.some(({ push }) => push.projectId !== projectId)) throw new Error('one project per batch');
  const ids = [...new Set(batch.map(({ push }) => push.myClassId))];
  const on = { projectId, ids };
  const [enrolments, accounts, certificates, exams, firstLessons, classes, overrides, heads] =
    await Promise.all([
      byEnrolment<EnrolmentRow & { key: number }>(
        sequelize,
        `SELECT id AS key, id, required_tenths, elective_tenths, finished_study_at, passed_at, created_at
           FROM my_class WHERE project_id = :projectId AND id IN (:ids)`,
        on,
        transaction,
      ),
      // Deleted students keep their records (accounts are paranoid: read them all).
      sequelize.query<{ id: number; real_name: string; id_card_no: string | null; mobile: string | null }>(
        `SELECT id, real_name, id_card_no, mobile FROM account WHERE project_id = :projectId AND id IN (:accountIds)`,
        {
          replacements: { projectId, accountIds: [...new Set(batch.map(({ push }) => push.accountId))] },
          type: QueryTypes.SELECT,
          transaction,
        },
      ),
      byEnrolment<{ key: number; certificate_no: string; issue_date: string }>(
        sequelize,
        `SELECT DISTINCT ON (my_class_id) my_class_id AS key, certificate_no, issue_date::text AS issue_date
           FROM certificate
          WHERE project_id = :projectId AND kind = 'CLASS' AND my_class_id IN (:ids) AND deleted_at IS NULL
          ORDER BY my_class_id, id DESC`,
        on,
        transaction,
      ),
      byEnrolment<{ key: number; score_tenths: number; submitted_at: Date | null; started_at: Date }>(
        sequelize,
        `SELECT DISTINCT ON (my_class_id) my_class_id AS key, score_tenths, submitted_at, started_at
           FROM exam_attempt
          WHERE project_id = :projectId AND my_class_id IN (:ids) AND kind = 'EXAM' AND status <> 'OPEN'
            AND score_tenths IS NOT NULL
          ORDER BY my_class_id, score_tenths DESC, id ASC`,
        on,
        transaction,
      ),
      byEnrolment<{ key: number; first: Date | null }>(
        sequelize,
        `SELECT my_class_id AS key, MIN(created_at) AS first FROM lesson_progress
          WHERE project_id = :projectId AND my_class_id IN (:ids) GROUP BY my_class_id`,
        on,
        transaction,
      ),
      TrainClass.findAll({
        where: { projectId, id: [...new Set(batch.map(({ push }) => push.classId))] },
        transaction,
      }),
      readFacts(sources.hoursOverrides, sequelize, on, transaction),
      readFacts(sources.ledgerHeads, sequelize, on, transaction),
    ]);
  const accountOf = new Map(accounts.map((account) => [account.id, account]));
  const classTenths = new Map<number, number>();
  for (const cls of classes) classTenths.set(cls.id, await classHoursTenths(sequelize, cls, transaction));
  const classOf = new Map(classes.map((cls) => [cls.id, cls]));
  const day = (date: Date | string | null | undefined) => (date ? chinaToday(new Date(date)) : null);
  for (const { push, corrects } of batch) {
    const enrolment = enrolments.get(push.myClassId);
    const cls = classOf.get(push.classId);
    const account = accountOf.get(push.accountId);
    if (!enrolment || !cls || !account) continue;
    const certificate = certificates.get(enrolment.id);
    const exam = exams.get(enrolment.id);
    const override = overrides.get(enrolment.id) ?? null;
    const creditedTenths = override ?? enrolment.required_tenths + enrolment.elective_tenths;
    const completedOn = day(enrolment.finished_study_at) ?? day(enrolment.passed_at) ?? chinaToday(now);
    const began = day(firstLessons.get(enrolment.id)?.first) ?? day(enrolment.created_at);
    const passedExam = exam && cls.examRequired ? exam : null;
    const examOn = passedExam ? day(passedExam.submitted_at ?? passedExam.started_at) : null;
    // The regulator wants every day of the record on or after the first: the earliest of them.
    const startedOn =
      [began, completedOn, examOn, certificate?.issue_date ?? null]
        .filter((date): date is string => date !== null)
        .sort()[0] ?? completedOn;
    const idNumber = account.id_card_no ?? '';
    records.set(push.id, {
      pushNo: push.pushNo,
      kind: push.kind,
      corrects,
      student: {
        name: account.real_name,
        idType: !idNumber || isIdCardNumber(idNumber) ? 'ID_CARD' : 'OTHER',
        idNumber,
        mobile: account.mobile ?? null,
      },
      classCode: classCode(push.projectId, cls.id),
      study: {
        hours: tenths(
          override === null ? Math.min(creditedTenths, classTenths.get(cls.id) ?? 0) : creditedTenths,
        ),
        startedOn,
        completedOn,
        result: passedExam ? 'PASSED' : 'COMPLETED',
        examScore: passedExam ? tenths(passedExam.score_tenths) : null,
        examOn,
      },
      certificate: certificate
        ? { number: certificate.certificate_no, issuedOn: certificate.issue_date }
        : null,
      ledgerHead: heads.get(enrolment.id) ?? null,
      reportedAt: chinaIso(now),
    });
  }
  return records;
}
