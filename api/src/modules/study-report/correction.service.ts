import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  CorrectionAnswer,
  correctHoursInput,
  correctLessonInput,
  StudyCorrectionItem,
} from '../../contract/study-report';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { emit } from '../../core/events';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { appendLedger, type LedgerBody } from '../study/ledger';
import { classLessons, rollUp, targetTenths } from '../study/progress.service';
import { LessonProgress } from '../study/study.model';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { studyCorrected } from './study-report.events';
import { type CorrectionRow, presentCorrection } from './study-report.presenter';

/**
 * Data correction of study records (`/customer/study-report`, docs/regulator.md "Data
 * correction"): customer service sets an enrolment's credited hours or a started lesson's state,
 * always with a reason. A correction is a row of its own beside what study recorded (never an
 * edit of it), an entry of the enrolment's study ledger, and, for a record the regulator already
 * accepted, a correction push (the regulator module hears `studyCorrected`); all in one
 * transaction. The newest hours correction is the hours reported from then on.
 */

const ENROLMENT_NOT_FOUND = '学习记录不存在';
/** Enrolments with a study record to correct. */
const CORRECTABLE = new Set(['STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED']);

const tenthsOf = (hours: number) => Math.round(hours * 10);

/** The enrolment of the project, locked for the correction; refused when it has no study record. */
async function lockEnrolment(scope: TenantScope, myClassId: number, transaction: Transaction) {
  const enrolment = await MyClass.findOne({
    where: { id: myClassId, projectId: scope.project.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!enrolment) throw new BusinessError(ENROLMENT_NOT_FOUND);
  if (!CORRECTABLE.has(enrolment.status)) throw new BusinessError('该报名尚无可更正的学习记录');
  return enrolment;
}

/** The newest hours correction of an enrolment (tenths), or null when its hours were never corrected. */
export async function correctedHours(
  sequelize: Sequelize,
  projectId: number,
  myClassId: number,
  transaction?: Transaction,
): Promise<{ requiredTenths: number; electiveTenths: number } | null> {
  const [row] = await sequelize.query<{ after: { requiredTenths: number; electiveTenths: number } }>(
    `SELECT after FROM study_correction
      WHERE project_id = :projectId AND my_class_id = :myClassId AND target = 'HOURS'
      ORDER BY id DESC LIMIT 1`,
    { replacements: { projectId, myClassId }, type: QueryTypes.SELECT, transaction },
  );
  return row ? { requiredTenths: row.after.requiredTenths, electiveTenths: row.after.electiveTenths } : null;
}

const CORRECTION_SELECT = `SELECT c.id, c.my_class_id, c.target, c.lesson_name, c.before, c.after, c.reason,
    c.created_at, a.real_name AS student_name, t.name AS class_name,
    COALESCE(s.real_name, s.account_name) AS corrected_by,
    (SELECT p.push_no FROM regulator_push p WHERE p.my_class_id = c.my_class_id AND p.kind = 'CORRECTION'
       AND p.created_at >= c.created_at ORDER BY p.id LIMIT 1) AS correction_push_no
  FROM study_correction c
  JOIN my_class m ON m.id = c.my_class_id
  LEFT JOIN account a ON a.id = c.account_id
  LEFT JOIN train_class t ON t.id = m.class_id
  LEFT JOIN account s ON s.id = c.corrected_by`;

async function correctionItem(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<StudyCorrectionItem> {
  const [row] = await scope.sequelize.query<CorrectionRow>(
    `${CORRECTION_SELECT} WHERE c.project_id = :projectId AND c.id = :id`,
    { replacements: { projectId: scope.project.id, id }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw new Error(`correction ${id} missing`);
  return presentCorrection(row);
}

/** What a correction changes: its target, before and after (ledger bodies), why and in words. */
interface CorrectionFields {
  target: 'HOURS' | 'LESSON';
  progressId: number | null;
  lessonName: string | null;
  before: LedgerBody;
  after: LedgerBody;
  reason: string;
  summary: string;
}

/**
 * Writes the correction row and its ledger entry (the part the demo seed shares); answers the
 * row's id.
 */
export async function insertCorrection(
  sequelize: Sequelize,
  enrolment: Pick<MyClass, 'id' | 'projectId' | 'accountId'>,
  fields: CorrectionFields,
  correctedBy: number,
  now: Date,
  transaction: Transaction,
): Promise<number> {
  const [row] = await sequelize.query<{ id: number }>(
    `INSERT INTO study_correction (project_id, my_class_id, account_id, target, progress_id, lesson_name,
       before, after, reason, corrected_by, created_at)
     VALUES (:projectId, :myClassId, :accountId, :target, :progressId, :lessonName, CAST(:before AS jsonb),
       CAST(:after AS jsonb), :reason, :correctedBy, :now)
     RETURNING id`,
    {
      replacements: {
        projectId: enrolment.projectId,
        myClassId: enrolment.id,
        accountId: enrolment.accountId,
        target: fields.target,
        progressId: fields.progressId,
        lessonName: fields.lessonName,
        before: JSON.stringify(fields.before),
        after: JSON.stringify(fields.after),
        reason: fields.reason,
        correctedBy,
        now,
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const id = row?.id ?? 0;
  const prefix = (body: LedgerBody, key: string) =>
    Object.fromEntries(
      Object.entries(body).map(([name, value]) => [`${key}${name[0]?.toUpperCase()}${name.slice(1)}`, value]),
    );
  await appendLedger(
    sequelize,
    {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      kind: 'CORRECTION',
      body: {
        correctionId: id,
        target: fields.target,
        progressId: fields.progressId,
        ...prefix(fields.before, 'from'),
        ...prefix(fields.after, 'to'),
        reason: fields.reason,
        summary: fields.summary,
      },
      actorId: correctedBy,
      at: now,
    },
    transaction,
  );
  return id;
}

/** Writes the correction row, its ledger entry, the audit and the event; answers the row's id. */
async function recordCorrection(
  scope: ActorScope,
  enrolment: MyClass,
  fields: CorrectionFields,
  now: Date,
  transaction: Transaction,
): Promise<number> {
  const id = await insertCorrection(
    scope.sequelize,
    enrolment,
    fields,
    scope.principal.accountId,
    now,
    transaction,
  );
  await audit(
    scope,
    {
      action: 'study-report.correct',
      projectId: enrolment.projectId,
      targetType: 'my_class',
      targetId: enrolment.id,
      detail: {
        target: fields.target,
        progressId: fields.progressId,
        before: fields.before,
        after: fields.after,
        reason: fields.reason,
      },
    },
    transaction,
  );
  await emit(
    scope,
    studyCorrected,
    {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      correctionId: id,
      correctedBy: scope.principal.accountId,
    },
    transaction,
  );
  return id;
}

/** Hours in words, as a correction's summary says them. */
export const hoursText = (required: number, elective: number) =>
  `必修 ${(required / 10).toFixed(1)} / 选修 ${(elective / 10).toFixed(1)}`;

/**
 * One correction of the project's enrolment `myClassId`, locked (and refused without a study
 * record) while `correct` makes it and answers its id; answers the correction.
 */
async function correctEnrolment(
  scope: ActorScope,
  myClassId: number,
  correct: (enrolment: MyClass, transaction: Transaction) => Promise<number>,
): Promise<CorrectionAnswer> {
  const id = await scope.sequelize.transaction(async (transaction) =>
    correct(await lockEnrolment(scope, myClassId, transaction), transaction),
  );
  return { correction: await correctionItem(scope, id) };
}

/**
 * `study-report/correct-hours`: sets the hours an enrolment is credited with (reported from then
 * on; what study credited stays beside it). Refused beyond the class's hours, or when nothing
 * changes.
 */
export async function correctHours(
  scope: ActorScope,
  input: z.output<typeof correctHoursInput>,
  now = scope.providers.clock.now(),
): Promise<CorrectionAnswer> {
  return correctEnrolment(scope, input.myClassId, async (enrolment, transaction) => {
    const cls = await TrainClass.findOne({
      where: { id: enrolment.classId, projectId: scope.project.id },
      transaction,
    });
    if (!cls) throw new BusinessError(ENROLMENT_NOT_FOUND);
    const { links } = await classLessons(scope.project.id, cls.id, transaction);
    const target = targetTenths(cls, links, scope.project.settings);
    const required = tenthsOf(input.requiredHours);
    const elective = tenthsOf(input.electiveHours);
    if (required > target.required)
      throw new BusinessError(`必修学时不能超过班级要求的 ${(target.required / 10).toFixed(1)} 学时`, {
        field: 'requiredHours',
      });
    if (elective > Math.max(target.elective, 0))
      throw new BusinessError(`选修学时不能超过班级要求的 ${(target.elective / 10).toFixed(1)} 学时`, {
        field: 'electiveHours',
      });
    const current = (await correctedHours(scope.sequelize, scope.project.id, enrolment.id, transaction)) ?? {
      requiredTenths: enrolment.requiredTenths,
      electiveTenths: enrolment.electiveTenths,
    };
    if (current.requiredTenths === required && current.electiveTenths === elective)
      throw new BusinessError('学时没有变化');
    return recordCorrection(
      scope,
      enrolment,
      {
        target: 'HOURS',
        progressId: null,
        lessonName: null,
        before: { requiredTenths: current.requiredTenths, electiveTenths: current.electiveTenths },
        after: { requiredTenths: required, electiveTenths: elective },
        reason: input.reason,
        summary: `学时 ${hoursText(current.requiredTenths, current.electiveTenths)} 更正为 ${hoursText(required, elective)}`,
      },
      now,
      transaction,
    );
  });
}

/**
 * `study-report/correct-lesson`: marks a lesson the student started finished or not finished; the
 * enrolment's hours roll up again (a class whose hours are now reached finishes, and passes without
 * an exam, as study would). Refused for a lesson of another enrolment or when nothing changes.
 */
export async function correctLesson(
  scope: ActorScope,
  input: z.output<typeof correctLessonInput>,
  now = scope.providers.clock.now(),
): Promise<CorrectionAnswer> {
  return correctEnrolment(scope, input.myClassId, async (enrolment, transaction) => {
    const progress = await LessonProgress.findOne({
      where: { id: input.progressId, projectId: scope.project.id, myClassId: enrolment.id },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!progress) throw new BusinessError('该课时不在本报名的学习记录中', { field: 'progressId' });
    const was = progress.finishedAt !== null;
    if (was === input.finished) throw new BusinessError(input.finished ? '该课时已完成' : '该课时本就未完成');
    await progress.update({ finishedAt: input.finished ? now : null }, { transaction });
    const word = (finished: boolean) => (finished ? '已完成' : '未完成');
    const correctionId = await recordCorrection(
      scope,
      enrolment,
      {
        target: 'LESSON',
        progressId: progress.id,
        lessonName: progress.lessonName,
        before: { finished: was },
        after: { finished: input.finished },
        reason: input.reason,
        summary: `课时「${progress.lessonName}」${word(was)}更正为${word(input.finished)}`,
      },
      now,
      transaction,
    );
    await rollUp(scope, enrolment.id, now, transaction);
    return correctionId;
  });
}

/** `study-report/corrections`: the project's corrections (of one enrolment if given), newest first. */
export function correctionList(
  scope: TenantScope,
  input: { pageNum: number; pageSize: number; myClassId?: number },
): Promise<PageAnswer<StudyCorrectionItem>> {
  const filter = new SqlFilter('c.project_id = :projectId', { projectId: scope.project.id }).equals(
    'c.my_class_id',
    'myClassId',
    input.myClassId,
  );
  return sqlPageAnswer(
    scope.sequelize,
    { select: CORRECTION_SELECT, countFrom: 'FROM study_correction c', filter, orderBy: 'c.id DESC' },
    input,
    presentCorrection,
  );
}

/** The corrections of the enrolments `myClassIds` of the project, by enrolment, newest first. */
export async function enrolmentCorrections(
  sequelize: Sequelize,
  projectId: number,
  myClassIds: readonly number[],
): Promise<Map<number, StudyCorrectionItem[]>> {
  const byEnrolment = new Map<number, StudyCorrectionItem[]>();
  if (myClassIds.length === 0) return byEnrolment;
  const rows = await sequelize.query<CorrectionRow>(
    `${CORRECTION_SELECT} WHERE c.project_id = :projectId AND c.my_class_id IN (:myClassIds) ORDER BY c.id DESC`,
    { replacements: { projectId, myClassIds: [...myClassIds] }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const item = presentCorrection(row);
    byEnrolment.set(item.myClassId, [...(byEnrolment.get(item.myClassId) ?? []), item]);
  }
  return byEnrolment;
}

/** The newest hours correction of each of the enrolments `myClassIds` that has one (tenths). */
export async function latestCorrectedHours(
  sequelize: Sequelize,
  projectId: number,
  myClassIds: readonly number[],
): Promise<Map<number, { requiredTenths: number; electiveTenths: number }>> {
  if (myClassIds.length === 0) return new Map();
  const rows = await sequelize.query<{
    my_class_id: number;
    after: { requiredTenths: number; electiveTenths: number };
  }>(
    `SELECT DISTINCT ON (my_class_id) my_class_id, after FROM study_correction
      WHERE project_id = :projectId AND my_class_id IN (:myClassIds) AND target = 'HOURS'
      ORDER BY my_class_id, id DESC`,
    { replacements: { projectId, myClassIds: [...myClassIds] }, type: QueryTypes.SELECT },
  );
  return new Map(
    rows.map((row) => [
      row.my_class_id,
      { requiredTenths: row.after.requiredTenths, electiveTenths: row.after.electiveTenths },
    ]),
  );
}
