import { randomUUID } from 'node:crypto';
import { resolveProjectSettings } from '@px/config';
import type { Sequelize, Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { ResourceQuestion } from '../course/course.model';
import { Project } from '../project/project.model';
import { type Awaiting, judgeBeat, type Segment } from '../study/heartbeat';
import { type ClassLesson, classLessons, rollUpHours, targetTenths } from '../study/progress.service';
import { LessonProgress, PopupAnswer, StudyRefusal, StudySession } from '../study/study.model';
import { playerRules } from '../study/study.service';
import { DEMO_REVIEWERS } from '../train-class/class-evaluation.demo';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { hoursText, insertCorrection } from './correction.service';

/** A beat of the demo: seconds after the session started, where the player was, and how it played. */
interface DemoBeat {
  at: number;
  position: number;
  visible?: boolean;
  rate?: number;
  /** The answer (option letters) the student gives to the pop-up question the beat stopped at. */
  answer?: string;
}

/**
 * The demo's sessions: the first lesson watched to the end (a seek ahead refused, a beat refused
 * while the pop-up question waits, then answered), the second begun (a beat with the page hidden
 * and one at 2x refused).
 */
const DEMO_SESSIONS: readonly { lesson: number; startAfter: number; beats: readonly DemoBeat[] }[] = [
  {
    lesson: 0,
    startAfter: 0,
    beats: [
      { at: 3, position: 3 },
      { at: 5, position: 11 },
      { at: 8, position: 6 },
      { at: 11, position: 6, answer: 'B' },
      { at: 14, position: 9 },
      { at: 17, position: 12 },
    ],
  },
  {
    lesson: 1,
    startAfter: 120,
    beats: [
      { at: 3, position: 3, visible: false },
      { at: 6, position: 6 },
      { at: 9, position: 8, rate: 2 },
    ],
  },
];

/**
 * Plays one demo session of a lesson through the heartbeat judge (`judgeBeat`, as `study/heartbeat`
 * does) and stores what it decided: the session, the lesson's progress, every refused beat with its
 * reason and the pop-up answers, each at the time it happened.
 */
async function playSession(
  enrolment: MyClass,
  entry: ClassLesson,
  startedAt: Date,
  beats: readonly DemoBeat[],
  settings: ReturnType<typeof resolveProjectSettings>,
  transaction: Transaction,
): Promise<void> {
  const { projectId } = enrolment;
  const video = entry.video;
  if (!video) throw new Error(`the demo lesson ${entry.lesson.id} has no video`);
  const duration = Math.max(1, Math.round(video.durationSeconds));
  const questions = await ResourceQuestion.findAll({
    where: { projectId, resourceId: video.id },
    order: [['markSecond', 'ASC']],
    transaction,
  });
  const progress = await LessonProgress.create(
    {
      projectId,
      accountId: enrolment.accountId,
      myClassId: enrolment.id,
      courseId: entry.course.id,
      resourceId: video.id,
      courseName: entry.course.name,
      lessonName: video.name.slice(0, 100),
      durationSeconds: duration,
      hoursTenths: entry.lesson.hoursTenths,
      createdAt: startedAt,
    },
    { transaction },
  );
  const rules = playerRules(settings);
  let session = {
    lastSeq: 0,
    lastBeatAt: startedAt.getTime(),
    lastPosition: 0,
    awaiting: null as Awaiting,
    idleDueAt: rules.idleMinutes > 0 ? startedAt.getTime() + rules.idleMinutes * 60_000 : null,
    faceDueAt: null,
  };
  let lesson = { creditedSeconds: 0, furthestPosition: 0, segments: [] as Segment[], finished: false };
  let open = questions.map((question) => ({ id: question.id, markSecond: question.markSecond }));
  let credited = 0;
  let refused = 0;
  let finishedAt: Date | null = null;
  const sessionId = randomUUID();
  const refusals: { seq: number; reason: string; position: number; createdAt: Date }[] = [];
  const answers: { question: ResourceQuestion; answer: string; createdAt: Date }[] = [];
  for (const [index, beat] of beats.entries()) {
    const now = startedAt.getTime() + beat.at * 1000;
    const outcome = judgeBeat(
      session,
      lesson,
      { seq: index + 1, position: beat.position, rate: beat.rate ?? 1, visible: beat.visible ?? true },
      { ...rules, durationSeconds: duration, openQuestions: open },
      now,
    );
    session = { ...outcome.session, faceDueAt: null };
    lesson = { ...outcome.lesson, segments: [...outcome.lesson.segments] };
    credited += outcome.credited;
    if (outcome.refusal) {
      refused += 1;
      refusals.push({
        seq: index + 1,
        reason: outcome.refusal,
        position: beat.position,
        createdAt: new Date(now),
      });
    }
    if (outcome.finishedNow) finishedAt = new Date(now);
    const asked = outcome.action.kind === 'QUESTION' ? outcome.action.questionId : null;
    const question = questions.find((row) => row.id === asked);
    if (question && beat.answer) {
      answers.push({ question, answer: beat.answer, createdAt: new Date(now + 2000) });
      open = open.filter((row) => row.id !== question.id);
      session = { ...session, awaiting: null };
    }
  }
  const endedAt = new Date(session.lastBeatAt + 5000);
  await StudySession.create(
    {
      id: sessionId,
      projectId,
      accountId: enrolment.accountId,
      myClassId: enrolment.id,
      progressId: progress.id,
      lessonId: entry.lesson.id,
      status: 'ENDED',
      lastSeq: session.lastSeq,
      lastBeatAt: new Date(session.lastBeatAt),
      lastPosition: session.lastPosition,
      awaiting: session.awaiting,
      openQuestions: open,
      idleDueAt: session.idleDueAt === null ? null : new Date(session.idleDueAt),
      faceDueAt: null,
      creditedSeconds: credited,
      ip: '127.0.0.1',
      userAgent: '演示数据',
      startedAt,
      endedAt,
    },
    { transaction },
  );
  for (const refusal of refusals)
    await StudyRefusal.create({ projectId, sessionId, progressId: progress.id, ...refusal }, { transaction });
  for (const { question, answer, createdAt } of answers)
    await PopupAnswer.create(
      {
        projectId,
        accountId: enrolment.accountId,
        myClassId: enrolment.id,
        progressId: progress.id,
        questionId: question.id,
        markSecond: question.markSecond,
        content: question.content,
        answer,
        correct: answer === question.answer,
        createdAt,
      },
      { transaction },
    );
  await progress.update(
    {
      creditedSeconds: lesson.creditedSeconds,
      furthestPosition: lesson.furthestPosition,
      lastPosition: session.lastPosition,
      segments: lesson.segments,
      refusedBeats: refused,
      finishedAt,
    },
    { transaction },
  );
}

/** The demo student 李四's first studying enrolment (the archive's and the correction's demo), if any. */
async function demoEnrolment(projectId: number, transaction: Transaction): Promise<MyClass | null> {
  const student = await Account.findOne({
    where: { projectId, idCardNo: DEMO_REVIEWERS[0].idCardNo },
    transaction,
  });
  if (!student) return null;
  return MyClass.findOne({
    where: { projectId, accountId: student.id, status: 'STUDYING' },
    order: [['id', 'ASC']],
    transaction,
  });
}

/**
 * A little study for the archive to show: the demo student 李四 studies the first lesson of his
 * first class to the end (a seek ahead refused, the pop-up question answered, the lesson finished
 * and its hours rolled up into the enrolment) and begins the second (a beat with the page hidden
 * and one at 2x refused), yesterday. Every number comes from the heartbeat judge. Does nothing when
 * the demo student, the enrolment or two lessons are missing.
 */
export async function seedStudyReportDemo(projectId: number, transaction: Transaction): Promise<void> {
  const enrolment = await demoEnrolment(projectId, transaction);
  if (!enrolment) return;
  const { ordered } = await classLessons(projectId, enrolment.classId, transaction);
  const project = await Project.findByPk(projectId, { transaction });
  if (!project || ordered.length < 2) return;
  const settings = resolveProjectSettings(project.settings);
  const yesterday = new Date(Date.now() - 24 * 3600_000);
  for (const demo of DEMO_SESSIONS) {
    const entry = ordered[demo.lesson];
    if (!entry) continue;
    await playSession(
      enrolment,
      entry,
      new Date(yesterday.getTime() + demo.startAfter * 1000),
      demo.beats,
      settings,
      transaction,
    );
  }
  await rollUpHours(enrolment.id, projectId, settings, yesterday, transaction);
}

/** Why the demo's 客服 corrected 李四's hours (学习档案纠正 lists it, his archive shows it beside the original). */
export const DEMO_CORRECTION_REASON = '线下集中培训签到表补录：学员参加线下集中授课 1 学时，线上未计';

/**
 * A data correction for 学习档案纠正 and the archives to show: 客服 credits 李四's studying
 * enrolment (the archive's demo) one more required hour, with the reason; the row and
 * its ledger entry as `study-report/correct-hours` writes them. After the ledgers are opened (the
 * correction is an entry after the opening). Does nothing when the enrolment or room for the hour
 * is missing.
 */
export async function seedCorrectionDemo(
  sequelize: Sequelize,
  projectId: number,
  correctedBy: number,
  transaction: Transaction,
): Promise<void> {
  const enrolment = await demoEnrolment(projectId, transaction);
  const cls = enrolment
    ? await TrainClass.findOne({ where: { projectId, id: enrolment.classId }, transaction })
    : null;
  const project = await Project.findByPk(projectId, { transaction });
  if (!enrolment || !cls || !project) return;
  const { links } = await classLessons(projectId, cls.id, transaction);
  const target = targetTenths(cls, links, resolveProjectSettings(project.settings));
  const before = { requiredTenths: enrolment.requiredTenths, electiveTenths: enrolment.electiveTenths };
  const after = { ...before, requiredTenths: Math.min(target.required, before.requiredTenths + 10) };
  if (after.requiredTenths === before.requiredTenths) return;
  await insertCorrection(
    sequelize,
    enrolment,
    {
      target: 'HOURS',
      progressId: null,
      lessonName: null,
      before,
      after,
      reason: DEMO_CORRECTION_REASON,
      summary: `学时 ${hoursText(before.requiredTenths, before.electiveTenths)} 更正为 ${hoursText(after.requiredTenths, after.electiveTenths)}`,
    },
    correctedBy,
    new Date(),
    transaction,
  );
}
