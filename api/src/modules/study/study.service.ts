import { randomInt, randomUUID } from 'node:crypto';
import type { ProjectSettings } from '@px/config';
import type { Transaction } from 'sequelize';
import type { z } from 'zod';
import type { ClassBaseType } from '../../contract/class-category';
import type { FaceCheckAnswer } from '../../contract/face';
import type {
  AnswerQuestionAnswer,
  BeatRefusalReason,
  HeartbeatAnswer,
  heartbeatInput,
  PlayerRules,
  StudyCourse,
  StudyInfo,
  StudyLesson,
  StudyStart,
} from '../../contract/study';
import { STUDY_NEEDS_INFO, STUDY_NEEDS_INFO_MESSAGE } from '../../contract/study';
import type { MyClassStatus } from '../../contract/train-class';
import type { ActorScope, Scope, TenantScope, UploadedFile } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { emit } from '../../core/events';
import { needComplete } from '../account/account.service';
import { categoryPlaces } from '../class-category/category-places';
import { Course, CourseLesson, ResourceQuestion } from '../course/course.model';
import { compareCapture, keepCapture } from '../face/face.service';
import { Resource } from '../resource/resource.model';
import { chinaToday } from '../train-class/class-read';
import { enrolmentPassed } from '../train-class/my-class.events';
import { MyClass, TrainClass, TrainClassCourse } from '../train-class/train-class.model';
import { type BeatRow, readBeat, rememberBeat, rememberedBeat, writeBeat } from './beat-store';
import {
  BEAT_INTERVAL_SECONDS,
  type BeatOutcome,
  coveredSeconds,
  judgeBeat,
  type SeekRule,
} from './heartbeat';
import { LessonProgress, PopupAnswer, StudySession } from './study.model';

/**
 * Studying an enrolment: the study page (courses, lessons, what was credited, locks), sessions
 * that play one lesson, the heartbeat that credits them (judged by `heartbeat.ts`), pop-up answers
 * and anti-idle confirmations, and the roll-up of hours into the enrolment, which finishes study
 * (and passes the class when it has no exam) once the class's hours are reached.
 */

const ENROLMENT_NOT_FOUND = '班级不存在或未报名';
const SESSION_NOT_FOUND = '学习会话不存在，请重新进入学习';
const SESSION_TAKEN_OVER = '已在其他设备学习，请重新进入';
/** Enrolments that may be studied. */
const STUDYABLE: readonly MyClassStatus[] = ['STUDYING', 'FINISHED_STUDY', 'PASSED'];

/** The player's rules from the project's settings (spec section 3). */
export function playerRules(settings: ProjectSettings): PlayerRules {
  const seek: SeekRule =
    settings.videoCanSeek === 1 ? 'FREE' : settings.videoCanSeekByLimitTime === 1 ? 'WATCHED' : 'NONE';
  return {
    seek,
    freeSeekWhenFinished: settings.finishVideoCanSeek === 1,
    canSpeed: settings.videoCanSpeed === 1,
    showHd: settings.videoShowHd === 1,
    showLanguage: settings.videoLanguage === 1,
    idleMinutes: settings.videoTaskTime,
    faceCheck: settings.needCheckFacePass === 1,
    beatIntervalSeconds: BEAT_INTERVAL_SECONDS,
  };
}

/** An enrolment of the signed-in student with its class. Throws BusinessError when it is not theirs. */
async function loadEnrolment(scope: ActorScope, myClassId: number, transaction?: Transaction) {
  const enrolment = await MyClass.findOne({
    where: { id: myClassId, projectId: scope.project.id, accountId: scope.principal.accountId },
    transaction,
  });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { id: enrolment.classId, projectId: scope.project.id }, transaction })
    : null;
  if (!enrolment || !cls) throw new BusinessError(ENROLMENT_NOT_FOUND);
  return { enrolment, cls };
}

/** Why an enrolment may not be studied on China day `today`, or null when it may. */
export function closedReason(
  status: MyClassStatus,
  cls: Pick<TrainClass, 'studyStartDate' | 'studyEndDate'>,
  today: string,
): string | null {
  if (status === 'PENDING_PAY') return '订单尚未支付';
  if (!STUDYABLE.includes(status)) return '该班级已不能学习';
  if (today < cls.studyStartDate) return `学习时间从 ${cls.studyStartDate} 开始`;
  if (today > cls.studyEndDate) return `学习时间已于 ${cls.studyEndDate} 结束`;
  return null;
}

/** A lesson of a class in study order, with its course and video. */
export interface ClassLesson {
  lesson: CourseLesson;
  course: Course;
  link: TrainClassCourse;
  video: Resource | undefined;
}

/** The class's courses (in class order) with their lessons (in course order) and videos. */
export async function classLessons(projectId: number, classId: number, transaction?: Transaction) {
  const links = await TrainClassCourse.findAll({
    where: { projectId, classId },
    order: [
      ['sort', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const courseIds = links.map((link) => link.courseId);
  const courses = new Map(
    (await Course.findAll({ where: { projectId, id: courseIds }, transaction })).map((c) => [c.id, c]),
  );
  const lessons = await CourseLesson.findAll({
    where: { projectId, courseId: courseIds },
    order: [
      ['courseId', 'ASC'],
      ['sort', 'ASC'],
    ],
    transaction,
  });
  const videos = new Map(
    (
      await Resource.findAll({
        where: { projectId, id: [...new Set(lessons.map((lesson) => lesson.resourceId))] },
        transaction,
      })
    ).map((video) => [video.id, video]),
  );
  const ordered: ClassLesson[] = [];
  for (const link of links) {
    const course = courses.get(link.courseId);
    if (!course) continue;
    for (const lesson of lessons.filter((row) => row.courseId === link.courseId))
      ordered.push({ lesson, course, link, video: videos.get(lesson.resourceId) });
  }
  return { links, courses, ordered };
}

/** How lesson progress is keyed: by the lesson's course and video (lesson ids do not last). */
export const progressKey = (courseId: number, resourceId: number) => `${courseId}:${resourceId}`;

/** The enrolment's lesson progress by course and video. */
async function progressOf(projectId: number, myClassId: number, transaction?: Transaction) {
  const rows = await LessonProgress.findAll({ where: { projectId, myClassId }, transaction });
  return new Map(rows.map((row) => [progressKey(row.courseId, row.resourceId), row]));
}

/** Which lessons are locked: in a class studied in order, every lesson after the first unfinished one. */
function lockedLessons(
  ordered: readonly ClassLesson[],
  progress: Map<string, LessonProgress>,
  inOrder: boolean,
) {
  const locked = new Set<number>();
  if (!inOrder) return locked;
  let open = true;
  for (const { lesson } of ordered) {
    if (!open) locked.add(lesson.id);
    const row = progress.get(progressKey(lesson.courseId, lesson.resourceId));
    if (!row?.finishedAt) open = false;
  }
  return locked;
}

/** Hours in tenths as a number with one decimal. */
const hours = (tenths: number) => tenths / 10;

/**
 * The hours an enrolment has credited (tenths): per class course, the finished lessons' share of
 * the course's hours, counted at the hours the class gives the course; required and elective apart.
 */
function creditedTenths(
  links: readonly TrainClassCourse[],
  courses: Map<number, Course>,
  progress: Iterable<LessonProgress>,
): { required: number; elective: number } {
  const finishedByCourse = new Map<number, number>();
  for (const row of progress)
    if (row.finishedAt)
      finishedByCourse.set(row.courseId, (finishedByCourse.get(row.courseId) ?? 0) + row.hoursTenths);
  let required = 0;
  let elective = 0;
  for (const link of links) {
    const courseTenths = courses.get(link.courseId)?.hoursTenths ?? 0;
    const finished = finishedByCourse.get(link.courseId) ?? 0;
    if (courseTenths <= 0 || finished <= 0) continue;
    const credited = Math.min(link.hoursTenths, Math.floor((finished * link.hoursTenths) / courseTenths));
    if (link.kind === 'REQUIRED') required += credited;
    else elective += credited;
  }
  return { required, elective };
}

/** The hours a class asks for (tenths): its required courses' hours, and the elective hours to earn. */
function targetTenths(cls: TrainClass, links: readonly TrainClassCourse[], settings: ProjectSettings) {
  return {
    required: links
      .filter((link) => link.kind === 'REQUIRED')
      .reduce((sum, link) => sum + link.hoursTenths, 0),
    elective: settings.hideElective === 1 ? 0 : cls.electiveHoursTenths,
  };
}

/** `my-class/study-info`: the study page of one of the student's enrolments. */
export async function studyInfo(
  scope: ActorScope,
  myClassId: number,
  now = scope.providers.clock.now(),
): Promise<StudyInfo> {
  const projectId = scope.project.id;
  const { enrolment, cls } = await loadEnrolment(scope, myClassId);
  const { links, courses, ordered } = await classLessons(projectId, cls.id);
  const progress = await progressOf(projectId, enrolment.id);
  const locked = lockedLessons(ordered, progress, cls.studyInOrder);
  const places = await categoryPlaces(projectId);
  const target = targetTenths(cls, links, scope.project.settings);
  const reason = closedReason(enrolment.status, cls, chinaToday(now));
  const studyCourses: StudyCourse[] = links.flatMap((link) => {
    const course = courses.get(link.courseId);
    if (!course) return [];
    const lessons: StudyLesson[] = ordered
      .filter((entry) => entry.link === link)
      .map(({ lesson, video }) => {
        const row = progress.get(progressKey(lesson.courseId, lesson.resourceId));
        const duration = row?.durationSeconds ?? video?.durationSeconds ?? 0;
        return {
          lessonId: lesson.id,
          name: row?.lessonName ?? video?.name ?? '',
          durationSeconds: duration,
          hours: hours(lesson.hoursTenths),
          creditedSeconds: Math.floor(row?.creditedSeconds ?? 0),
          coverage: row && duration > 0 ? Math.min(1, coveredSeconds(row.segments, duration) / duration) : 0,
          finished: Boolean(row?.finishedAt),
          lastPosition: row?.lastPosition ?? 0,
          locked: locked.has(lesson.id),
        };
      });
    return [
      { courseId: course.id, name: course.name, kind: link.kind, hours: hours(link.hoursTenths), lessons },
    ];
  });
  return {
    myClassId: enrolment.id,
    classId: cls.id,
    className: cls.name,
    year: cls.year,
    baseType: (places.get(cls.categoryId)?.baseType ?? 'public') as ClassBaseType,
    status: enrolment.status,
    studyStartDate: cls.studyStartDate,
    studyEndDate: cls.studyEndDate,
    studyOpen: reason === null,
    closedReason: reason,
    studyInOrder: cls.studyInOrder,
    requiredHours: hours(target.required),
    electiveHours: hours(target.elective),
    creditedRequiredHours: hours(enrolment.requiredTenths),
    creditedElectiveHours: hours(enrolment.electiveTenths),
    rules: playerRules(scope.project.settings),
    courses: studyCourses,
  };
}

/** The lesson's progress row of an enrolment, made (with the names and hours of today) when missing. */
async function progressRow(
  scope: ActorScope,
  enrolment: MyClass,
  entry: ClassLesson & { video: Resource },
  transaction: Transaction,
): Promise<LessonProgress> {
  await scope.sequelize.query(
    `INSERT INTO lesson_progress (project_id, account_id, my_class_id, course_id, resource_id, course_name,
       lesson_name, duration_seconds, hours_tenths)
     VALUES (:projectId, :accountId, :myClassId, :courseId, :resourceId, :courseName, :lessonName,
       :duration, :hoursTenths)
     ON CONFLICT (my_class_id, course_id, resource_id) DO NOTHING`,
    {
      replacements: {
        projectId: enrolment.projectId,
        accountId: enrolment.accountId,
        myClassId: enrolment.id,
        courseId: entry.course.id,
        resourceId: entry.video.id,
        courseName: entry.course.name,
        lessonName: entry.video.name.slice(0, 100),
        duration: Math.max(1, Math.round(entry.video.durationSeconds)),
        hoursTenths: entry.lesson.hoursTenths,
      },
      transaction,
    },
  );
  const row = await LessonProgress.findOne({
    where: {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      courseId: entry.course.id,
      resourceId: entry.video.id,
    },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!row) throw new Error('lesson progress row missing after insert');
  return row;
}

/**
 * `study/start`: starts playing a lesson of one of the student's enrolments. Refused when the
 * enrolment may not be studied today, the lesson is not the class's, it is locked (studied in
 * order) or its video cannot be played, and while the student's profile still lacks what the project
 * requires (`account/is-need-complete`: refused with `{ reason: STUDY_NEEDS_INFO, missing }`). The
 * student's other active sessions stop (the newest device wins; their next beat is told so). With
 * face checks on, the session waits for one first.
 */
export async function startStudy(
  scope: ActorScope,
  input: { myClassId: number; lessonId: number },
  now = scope.providers.clock.now(),
): Promise<StudyStart> {
  const projectId = scope.project.id;
  const rules = playerRules(scope.project.settings);
  const profile = await needComplete(scope);
  if (profile.needComplete)
    throw new BusinessError(STUDY_NEEDS_INFO_MESSAGE, { reason: STUDY_NEEDS_INFO, missing: profile.missing });
  const { session, progress, entry, questions } = await scope.sequelize.transaction(async (transaction) => {
    const { enrolment, cls } = await loadEnrolment(scope, input.myClassId, transaction);
    const reason = closedReason(enrolment.status, cls, chinaToday(now));
    if (reason) throw new BusinessError(reason);
    const { ordered } = await classLessons(projectId, cls.id, transaction);
    const entry = ordered.find((row) => row.lesson.id === input.lessonId);
    if (!entry) throw new BusinessError('该课时不在本班级中');
    if (
      lockedLessons(ordered, await progressOf(projectId, enrolment.id, transaction), cls.studyInOrder).has(
        entry.lesson.id,
      )
    )
      throw new BusinessError('请按顺序学习，先学完前面的课时');
    const { video } = entry;
    if (video?.status !== 'READY' || video.durationSeconds <= 0) throw new BusinessError('视频暂不能播放');
    // Sessions first, then the progress row: the order the heartbeat locks them in.
    await StudySession.update(
      { status: 'SUPERSEDED', endedAt: now },
      { where: { projectId, accountId: scope.principal.accountId, status: 'ACTIVE' }, transaction },
    );
    const progress = await progressRow(scope, enrolment, { ...entry, video }, transaction);
    const answered = new Set(
      (
        await PopupAnswer.findAll({
          attributes: ['questionId'],
          where: { projectId, progressId: progress.id },
          transaction,
        })
      ).map((row) => row.questionId),
    );
    const questions = (
      await ResourceQuestion.findAll({
        where: { projectId, resourceId: video.id },
        order: [['markSecond', 'ASC']],
        transaction,
      })
    ).filter((question) => !answered.has(question.id));
    const resume = progress.lastPosition >= progress.durationSeconds - 1 ? 0 : progress.lastPosition;
    const session = await StudySession.create(
      {
        id: randomUUID(),
        projectId,
        accountId: scope.principal.accountId,
        myClassId: enrolment.id,
        progressId: progress.id,
        lessonId: entry.lesson.id,
        lastBeatAt: now,
        lastPosition: resume,
        awaiting: rules.faceCheck ? { kind: 'FACE' } : null,
        openQuestions: questions.map((question) => ({ id: question.id, markSecond: question.markSecond })),
        idleDueAt: rules.idleMinutes > 0 ? new Date(now.getTime() + rules.idleMinutes * 60_000) : null,
        faceDueAt: null,
        ip: scope.request.ip.slice(0, 64) || null,
        userAgent: scope.request.userAgent.slice(0, 300) || null,
        startedAt: now,
      },
      { transaction },
    );
    return { session, progress, entry: { ...entry, video }, questions };
  });
  const { video } = scope.providers;
  const grant = await video.authorizePlay(scope, entry.video, video.limits.playUrlTtlSeconds, now);
  if (!grant.url) throw new BusinessError('视频暂不能播放');
  return {
    sessionId: session.id,
    lessonId: entry.lesson.id,
    name: progress.lessonName,
    url: grant.url,
    urlExpiresAt: grant.expiresAt.toISOString(),
    durationSeconds: progress.durationSeconds,
    resumePosition: session.lastPosition,
    furthestPosition: progress.furthestPosition,
    creditedSeconds: Math.floor(progress.creditedSeconds),
    finished: Boolean(progress.finishedAt),
    rules,
    questions: questions.map((question) => ({
      id: question.id,
      markSecond: question.markSecond,
      type: question.type,
      content: question.content,
      options: question.options,
    })),
    awaiting: rules.faceCheck ? 'FACE' : null,
  };
}

/** A session of the signed-in student, locked for the transaction. */
async function lockSession(
  scope: ActorScope,
  sessionId: string,
  transaction: Transaction,
): Promise<StudySession> {
  const session = await StudySession.findOne({
    where: { id: sessionId, projectId: scope.project.id, accountId: scope.principal.accountId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!session) throw new BusinessError(SESSION_NOT_FOUND);
  return session;
}

/**
 * Rolls the finished lessons of an enrolment up into its hours; once the class's required and
 * elective hours are reached a STUDYING enrolment becomes FINISHED_STUDY, and PASSED at once when
 * the class has no exam. Answers the enrolment's status.
 */
export async function rollUp(
  scope: TenantScope,
  enrolmentId: number,
  now: Date,
  transaction: Transaction,
): Promise<MyClassStatus> {
  const { enrolment, passedNow } = await rollUpHours(
    enrolmentId,
    scope.project.id,
    scope.project.settings,
    now,
    transaction,
  );
  if (passedNow) await announcePassed(scope, enrolment, now, transaction);
  return enrolment.status;
}

/**
 * The roll-up without telling anyone: for the demo seed, which has no scope (and whose enrolment
 * does not pass). Everything else calls `rollUp`.
 */
export async function rollUpHours(
  enrolmentId: number,
  projectId: number,
  settings: ProjectSettings,
  now: Date,
  transaction: Transaction,
): Promise<{ enrolment: MyClass; passedNow: boolean }> {
  const enrolment = await MyClass.findOne({
    where: { id: enrolmentId, projectId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { id: enrolment.classId, projectId }, transaction })
    : null;
  if (!enrolment || !cls) throw new Error('enrolment missing during roll-up');
  const { links, courses } = await classLessons(projectId, cls.id, transaction);
  const credited = creditedTenths(
    links,
    courses,
    (await progressOf(projectId, enrolment.id, transaction)).values(),
  );
  const target = targetTenths(cls, links, settings);
  const reached = credited.required >= target.required && credited.elective >= target.elective;
  const next: Partial<Pick<MyClass, 'status' | 'finishedStudyAt' | 'passedAt'>> = {};
  if (reached && enrolment.status === 'STUDYING') {
    next.status = cls.examRequired ? 'FINISHED_STUDY' : 'PASSED';
    next.finishedStudyAt = now;
    if (!cls.examRequired) next.passedAt = now;
  }
  await enrolment.update(
    { requiredTenths: credited.required, electiveTenths: credited.elective, ...next },
    { transaction },
  );
  return { enrolment, passedNow: next.status === 'PASSED' };
}

/**
 * Moves a FINISHED_STUDY enrolment to PASSED (its exam passed with `score`; null when the class
 * stopped requiring an exam) and tells the modules above
 * (certificates). The caller holds the enrolment's row lock in `transaction`. Answers whether it moved.
 */
export async function passEnrolment(
  scope: Scope,
  enrolment: MyClass,
  score: number | null,
  now: Date,
  transaction: Transaction,
): Promise<boolean> {
  if (enrolment.status !== 'FINISHED_STUDY') return false;
  await enrolment.update({ status: 'PASSED', passedAt: now }, { transaction });
  await announcePassed(scope, enrolment, now, transaction, score);
  return true;
}

/**
 * Passes every enrolment of a class that waited for its exam (FINISHED_STUDY), in id order under
 * row locks: the class no longer requires an exam (`classExamDropped`). Answers how many passed.
 */
export async function passWaitingForExam(
  scope: Scope,
  { projectId, classId }: { projectId: number; classId: number },
  now: Date,
  transaction: Transaction,
): Promise<number> {
  const waiting = await MyClass.findAll({
    where: { projectId, classId, status: 'FINISHED_STUDY' },
    order: [['id', 'ASC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  let passed = 0;
  for (const enrolment of waiting)
    if (await passEnrolment(scope, enrolment, null, now, transaction)) passed++;
  return passed;
}

function announcePassed(
  scope: Scope,
  enrolment: MyClass,
  passedAt: Date,
  transaction: Transaction,
  score: number | null = null,
) {
  return emit(
    scope,
    enrolmentPassed,
    {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      accountId: enrolment.accountId,
      classId: enrolment.classId,
      passedAt,
      score,
    },
    transaction,
  );
}

/**
 * `study/heartbeat`: one beat of a session, judged by `judgeBeat` at the server's clock `now`. A
 * beat of a session another device took over credits nothing and tells the player to stop. Every
 * beat that credits nothing is recorded with its reason; a beat that finishes the lesson rolls the
 * hours up into the enrolment. The hot path of study (every student beats every 15 s): a beat is
 * judged on the session as this process last stored it and written in one statement that holds
 * only while nothing else wrote the session or its lesson since (`beat-store.ts`); any other beat
 * (the first of a session here, one after a change elsewhere, one that finishes the lesson or
 * meets a stopped session) is judged again in a transaction with both rows locked. The `last` beat
 * of a page going away takes the locked path too and ends the session with it.
 *
 * The one-statement write commits asynchronously: its answer does not wait for PostgreSQL to flush
 * the write-ahead log to disk. At 1,000 beats/s on the bench's machine that wait was the tail
 * (p99 60-107 ms with each beat flushing, 36-44 ms without). The trade: if PostgreSQL itself
 * stops (a crash, the machine's power) within a few hundred milliseconds of a beat (three
 * `wal_writer_delay`s at most), that beat's credit is lost, at most one beat per session, and the
 * student's next beat is judged on the stored row; the database stays consistent, and this
 * process forgets what it remembers when the change feed loses the database. The locked path (and
 * with it every beat that finishes a lesson and rolls the hours up) commits as configured.
 */
export async function heartbeat(
  scope: ActorScope,
  input: z.output<typeof heartbeatInput>,
  now = scope.providers.clock.now(),
): Promise<HeartbeatAnswer> {
  const known = rememberedBeat(scope, input.sessionId) ?? (await readBeat(scope, input.sessionId));
  if (known?.status === 'ACTIVE' && !input.last) {
    const outcome = judgeStoredBeat(scope, known, input, now);
    if (!outcome.finishedNow) {
      const stored = await writeBeat(scope, input.sessionId, known, {
        ...input,
        outcome,
        refusal: outcome.refusal,
        now,
        asynchronousCommit: true,
      });
      rememberBeat(scope, input.sessionId, stored);
      if (stored) return beatAnswer(known, outcome, stored.enrolment_status);
    }
  }
  return scope.sequelize.transaction(async (transaction) => {
    const row = await readBeat(scope, input.sessionId, transaction);
    if (!row) throw new BusinessError(SESSION_NOT_FOUND);
    const outcome = row.status === 'ACTIVE' ? judgeStoredBeat(scope, row, input, now) : null;
    const refusal: BeatRefusalReason | null = outcome ? outcome.refusal : 'SUPERSEDED';
    const stored = await writeBeat(
      scope,
      input.sessionId,
      row,
      { ...input, outcome, refusal, now },
      transaction,
    );
    if (!stored) throw new Error('a locked study session changed under its lock');
    const status = outcome?.finishedNow
      ? await rollUp(scope, row.my_class_id, now, transaction)
      : stored.enrolment_status;
    if (input.last && row.status === 'ACTIVE')
      await StudySession.update(
        { status: 'ENDED', endedAt: now },
        { where: { id: input.sessionId, projectId: scope.project.id }, transaction },
      );
    // Remembered once committed: a roll-up that fails rolls the beat back with it.
    transaction.afterCommit(() => rememberBeat(scope, input.sessionId, input.last ? undefined : stored));
    return beatAnswer(row, outcome, status);
  });
}

/** Judges a beat of an active session as stored. */
function judgeStoredBeat(
  scope: ActorScope,
  row: BeatRow,
  input: z.output<typeof heartbeatInput>,
  now: Date,
): BeatOutcome {
  return judgeBeat(
    {
      lastSeq: row.last_seq,
      lastBeatAt: row.last_beat_at.getTime(),
      lastPosition: row.last_position,
      awaiting: row.awaiting,
      idleDueAt: row.idle_due_at?.getTime() ?? null,
      faceDueAt: row.face_due_at?.getTime() ?? null,
    },
    {
      creditedSeconds: row.credited_seconds,
      furthestPosition: row.furthest_position,
      segments: row.segments,
      finished: row.finished_at !== null,
    },
    input,
    {
      ...playerRules(scope.project.settings),
      durationSeconds: row.duration_seconds,
      openQuestions: row.open_questions,
    },
    now.getTime(),
  );
}

/** The player's answer to a beat judged on `row` (`outcome` null: the session is no longer active). */
function beatAnswer(row: BeatRow, outcome: BeatOutcome | null, status: MyClassStatus): HeartbeatAnswer {
  const segments = outcome?.lesson.segments ?? row.segments;
  return {
    credited: outcome?.credited ?? 0,
    refusal: outcome ? outcome.refusal : 'SUPERSEDED',
    action: outcome ? outcome.action : { kind: 'STOP' },
    creditedSeconds: Math.floor(outcome?.lesson.creditedSeconds ?? row.credited_seconds),
    coverage: Math.min(1, coveredSeconds(segments, row.duration_seconds) / row.duration_seconds),
    finished: outcome?.lesson.finished ?? row.finished_at !== null,
    finishedNow: outcome?.finishedNow ?? false,
    status,
  };
}

/**
 * `study/answer-question`: answers the pop-up question the session waits for (any answer resumes
 * play; a wrong one is told the right answer and the explanation). The answer is recorded as the
 * question was asked. Throws BusinessError when the session waits for no such question.
 */
export async function answerQuestion(
  scope: ActorScope,
  input: { sessionId: string; questionId: number; answer: string },
): Promise<AnswerQuestionAnswer> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const session = await lockSession(scope, input.sessionId, transaction);
    const awaiting = session.awaiting;
    if (
      session.status !== 'ACTIVE' ||
      awaiting?.kind !== 'QUESTION' ||
      awaiting.questionId !== input.questionId
    )
      throw new BusinessError('当前没有待回答的这道题');
    const question = await ResourceQuestion.findOne({
      where: { id: input.questionId, projectId },
      transaction,
    });
    const given = [...input.answer].sort().join('');
    const correct = question ? given === question.answer : true;
    await PopupAnswer.create(
      {
        projectId,
        accountId: session.accountId,
        myClassId: session.myClassId,
        progressId: session.progressId,
        questionId: input.questionId,
        markSecond: question?.markSecond ?? 0,
        content: question?.content ?? '（题目已删除）',
        answer: given,
        correct,
      },
      { transaction },
    );
    await session.update(
      { awaiting: null, openQuestions: session.openQuestions.filter((open) => open.id !== input.questionId) },
      { transaction },
    );
    return { correct, answer: question?.answer ?? given, explanation: question?.explanation ?? null };
  });
}

/** `study/confirm-idle`: the student is still there; crediting resumes and the next prompt is scheduled. */
export async function confirmIdle(
  scope: ActorScope,
  sessionId: string,
  now = scope.providers.clock.now(),
): Promise<null> {
  const minutes = scope.project.settings.videoTaskTime;
  await scope.sequelize.transaction(async (transaction) => {
    const session = await lockSession(scope, sessionId, transaction);
    if (session.awaiting?.kind !== 'IDLE') return;
    await session.update(
      { awaiting: null, idleDueAt: minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null },
      { transaction },
    );
  });
  return null;
}

/** `study/end`: ends an active session of the student (the page closed the player). */
export async function endSession(
  scope: ActorScope,
  sessionId: string,
  now = scope.providers.clock.now(),
): Promise<null> {
  await scope.sequelize.transaction(async (transaction) => {
    const session = await lockSession(scope, sessionId, transaction);
    if (session.status === 'ACTIVE') await session.update({ status: 'ENDED', endedAt: now }, { transaction });
  });
  return null;
}

/** The next random face check comes between 5 and 15 minutes after one passed. */
const FACE_CHECK_GAP_SECONDS: [number, number] = [5 * 60, 15 * 60];

/**
 * `study/face-check`: compares a capture with the student's reference photo (the face provider,
 * outside the transaction: a real comparison takes a second or more), then stores it with its score.
 * A pass ends the session's wait for a face check and sets the next one at a random point; a
 * failure keeps the session waiting (no credit until a capture passes). Throws BusinessError for a
 * session that is not active or has no reference photo.
 */
export async function submitFaceCheck(
  scope: ActorScope,
  sessionId: string,
  file: UploadedFile | undefined,
  now = scope.providers.clock.now(),
): Promise<FaceCheckAnswer> {
  const found = await StudySession.findOne({
    where: { id: sessionId, projectId: scope.project.id, accountId: scope.principal.accountId },
  });
  if (!found) throw new BusinessError(SESSION_NOT_FOUND);
  if (found.status !== 'ACTIVE') throw new BusinessError(SESSION_TAKEN_OVER);
  const compared = await compareCapture(scope, file);
  return scope.sequelize.transaction(async (transaction) => {
    const session = await lockSession(scope, sessionId, transaction);
    if (session.status !== 'ACTIVE') throw new BusinessError(SESSION_TAKEN_OVER);
    const kind = session.faceDueAt ? 'RANDOM' : 'START';
    await keepCapture(
      scope,
      compared,
      { myClassId: session.myClassId, sessionId: session.id, kind },
      transaction,
    );
    const { outcome } = compared;
    if (outcome.passed && session.awaiting?.kind === 'FACE') {
      const gap = randomInt(FACE_CHECK_GAP_SECONDS[0], FACE_CHECK_GAP_SECONDS[1]);
      await session.update(
        { awaiting: null, faceDueAt: new Date(now.getTime() + gap * 1000) },
        { transaction },
      );
    }
    return {
      passed: outcome.passed,
      score: outcome.score,
      threshold: scope.providers.face.threshold,
      simulated: outcome.simulated,
      reason: outcome.reason,
    };
  });
}
