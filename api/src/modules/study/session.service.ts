import { randomInt, randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { z } from 'zod';
import type { FaceCheckAnswer } from '../../contract/face';
import type {
  AnswerQuestionAnswer,
  BeatRefusalReason,
  HeartbeatAnswer,
  heartbeatInput,
  StudyStart,
} from '../../contract/study';
import { STUDY_NEEDS_INFO, STUDY_NEEDS_INFO_MESSAGE } from '../../contract/study';
import type { MyClassStatus } from '../../contract/train-class';
import type { ActorScope, UploadedFile } from '../../core/action';
import { sharedCache } from '../../core/change-feed';
import { BusinessError } from '../../core/errors';
import { emit } from '../../core/events';
import { withBypass } from '../../db/tenant-access';
import { needComplete } from '../account/account.service';
import { ResourceQuestion } from '../course/course.model';
import { compareCapture, keepCapture } from '../face/face.service';
import type { Resource } from '../resource/resource.model';
import { playGrantFailure } from '../resource/video-provider';
import { chinaToday } from '../train-class/class-read';
import { MyClass } from '../train-class/train-class.model';
import { type BeatRow, readBeat, rememberBeat, rememberedBeat, writeBeat } from './beat-store';
import { type BeatOutcome, coveredSeconds, judgeBeat } from './heartbeat';
import { appendLedger } from './ledger';
import { type ClassLesson, classLessons, lockedLessons, progressOf, rollUp } from './progress.service';
import { lessonFinished } from './study.events';
import { LessonProgress, PopupAnswer, StudySession, type StudySessionStatus } from './study.model';
import { closedReason, loadEnrolment, playerRules } from './study.service';

/**
 * Study sessions: a session plays one lesson of an enrolment (`study/start`), its heartbeat credits
 * it (judged by `heartbeat.ts`, stored by `beat-store.ts`), and it waits for pop-up answers,
 * anti-idle confirmations and face checks.
 */

const SESSION_NOT_FOUND = '学习会话不存在，请重新进入学习';
const SESSION_TAKEN_OVER = '已在其他设备学习，请重新进入';
const SESSION_ENDED = '本次学习已结束，请重新进入学习';

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
 * The lesson `input` names, checked as `study/start` needs it: its enrolment may be studied today
 * (`now`), it is the class's, not locked (studied in order), and its video is READY. Throws
 * BusinessError (the reason) otherwise.
 */
async function startableLesson(
  scope: ActorScope,
  input: { myClassId: number; lessonId: number },
  now: Date,
  transaction?: Transaction,
): Promise<{ enrolment: MyClass; entry: ClassLesson & { video: Resource } }> {
  const projectId = scope.project.id;
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
  return { enrolment, entry: { ...entry, video } };
}

/**
 * `study/start`: starts playing a lesson of one of the student's enrolments. Refused when the
 * enrolment may not be studied today, the lesson is not the class's, it is locked (studied in
 * order) or its video cannot be played (the video service's refusal or outage as playGrantFailure
 * words it), and while the student's profile still lacks what the project
 * requires (`account/is-need-complete`: refused with `{ reason: STUDY_NEEDS_INFO, missing }`). The
 * student's other active sessions stop (the newest device wins; their next beat is told so), but
 * only once the video's play grant is given: the grant is asked for (for the session's id, chosen
 * first) before the session is written, so a refused start changes nothing and the student's
 * other device plays on. With face checks on, the session waits for one first.
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
  const sessionId = randomUUID();
  const checked = await startableLesson(scope, input, now);
  const { video } = scope.providers;
  const grant = await video
    .authorizePlay(
      scope,
      checked.entry.video,
      { kind: 'study', accountId: scope.principal.accountId, sessionId },
      video.limits.playUrlTtlSeconds,
      now,
    )
    .catch((error: unknown) => {
      throw playGrantFailure(scope, error);
    });
  if (!grant.url) throw new BusinessError('视频暂不能播放');
  const { session, progress, entry, questions } = await scope.sequelize.transaction(async (transaction) => {
    // Checked again with the writes: the enrolment or the lesson may have changed during the grant.
    const { enrolment, entry } = await startableLesson(scope, input, now, transaction);
    const { video } = entry;
    if (video.id !== checked.entry.video.id) throw new BusinessError('视频已更换，请重新进入学习');
    // Sessions first, then the progress row: the order the heartbeat locks them in.
    await StudySession.update(
      { status: 'SUPERSEDED', endedAt: now },
      { where: { projectId, accountId: scope.principal.accountId, status: 'ACTIVE' }, transaction },
    );
    const progress = await progressRow(scope, enrolment, entry, transaction);
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
        id: sessionId,
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
    return { session, progress, entry, questions };
  });
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

/** What the HLS key route asks of a study session (`studySessionKeyRefusal`). */
interface KeyHolderRow {
  status: StudySessionStatus;
  account_id: number;
  resource_id: number;
  /** Its account is enabled and not deleted. */
  enabled: boolean;
}

/**
 * The study sessions the key route asked about, kept in each process until their row or their
 * account changes on any instance: a status change notifies its account (migration 0033), an
 * account disabled or deleted too (0091). A player asks a key every segment (4 s): without this
 * every key was a query.
 */
const KEY_HOLDER_SOURCES = ['study_session', 'account'] as const;
/** Sessions kept per process; the cache empties itself when it holds more. */
const MAX_KEY_HOLDERS = 50_000;
/** A backstop: a kept session is read again after a minute whatever the feed says. */
const KEY_HOLDER_MAX_AGE_MS = 60_000;

export const ACCOUNT_DISABLED_KEY = '账号已停用，无法播放';

/**
 * Whether study session `sessionId` of `accountId` still holds the HLS key of video `resourceId`
 * (hls.route.ts; app.ts hands this to the route, as resource sits below study): null when it is
 * that student's live (ACTIVE) session of a lesson of that video and the student's account is
 * enabled, else the refusal (zh-CN). Looked up across projects by its id, as a key request carries
 * no sign-in; through the process's change-feed cache when the server has a feed (a session taken
 * over or ended, an account disabled elsewhere is refused as soon as its notification arrives).
 */
export async function studySessionKeyRefusal(
  sequelize: Sequelize,
  holder: { accountId: number; sessionId: string },
  resourceId: number,
): Promise<string | null> {
  const read = async () => {
    const [row] = await withBypass('study session of an HLS key', () =>
      sequelize.query<KeyHolderRow>(
        `SELECT s.status, s.account_id, p.resource_id, (a.status = 'ENABLED' AND a.deleted_at IS NULL) AS enabled
           FROM study_session s
           JOIN lesson_progress p ON p.id = s.progress_id
           JOIN account a ON a.id = s.account_id
          WHERE s.id = :sessionId`,
        { replacements: { sessionId: holder.sessionId }, type: QueryTypes.SELECT },
      ),
    );
    return row ?? null;
  };
  const cache = sharedCache<KeyHolderRow>(sequelize, 'study-key-holders', {
    tables: KEY_HOLDER_SOURCES,
    accountsOf: (_sessionId, row) => [row.account_id],
    maxEntries: MAX_KEY_HOLDERS,
    maxAgeMs: KEY_HOLDER_MAX_AGE_MS,
  });
  const row = cache ? await cache.get(holder.sessionId, read) : await read();
  const refusal = keyHolderRefusal(row, holder.accountId, resourceId);
  // Only grants are kept (as every cache keeps only successes).
  if (refusal) cache?.delete(holder.sessionId);
  return refusal;
}

function keyHolderRefusal(row: KeyHolderRow | null, accountId: number, resourceId: number): string | null {
  if (!row || row.account_id !== accountId || row.resource_id !== resourceId) return '播放地址无效';
  if (row.status === 'SUPERSEDED') return SESSION_TAKEN_OVER;
  if (row.status !== 'ACTIVE') return SESSION_ENDED;
  if (!row.enabled) return ACCOUNT_DISABLED_KEY;
  return null;
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
    if (outcome?.finishedNow) await ledgerLessonFinished(scope, row, now, transaction);
    const status = outcome?.finishedNow
      ? await rollUp(scope, row.my_class_id, now, transaction)
      : stored.enrolment_status;
    if (outcome?.finishedNow)
      await emit(
        scope,
        lessonFinished,
        {
          projectId: scope.project.id,
          myClassId: row.my_class_id,
          accountId: scope.principal.accountId,
          progressId: row.progress_id,
          finishedAt: now,
        },
        transaction,
      );
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

/** The ledger's entry of a lesson the beat finished (its progress row as the beat left it). */
async function ledgerLessonFinished(scope: ActorScope, row: BeatRow, now: Date, transaction: Transaction) {
  const progress = await LessonProgress.findOne({
    where: { id: row.progress_id, projectId: scope.project.id },
    transaction,
  });
  if (!progress) throw new Error('lesson progress missing for a finished lesson');
  // The enrolment before the ledger, the order the roll-up and an exam's pass lock them in.
  await MyClass.findOne({
    attributes: ['id'],
    where: { id: row.my_class_id, projectId: scope.project.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  await appendLedger(
    scope.sequelize,
    {
      projectId: scope.project.id,
      myClassId: row.my_class_id,
      kind: 'LESSON',
      body: {
        courseId: progress.courseId,
        resourceId: progress.resourceId,
        lessonName: progress.lessonName,
        hoursTenths: progress.hoursTenths,
        creditedSeconds: Math.floor(progress.creditedSeconds),
        durationSeconds: progress.durationSeconds,
      },
      actorId: scope.principal.accountId,
      at: now,
    },
    transaction,
  );
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
    await appendLedger(
      scope.sequelize,
      {
        projectId,
        myClassId: session.myClassId,
        kind: 'POPUP',
        body: { progressId: session.progressId, questionId: input.questionId, answer: given, correct },
        actorId: session.accountId,
        at: scope.providers.clock.now(),
      },
      transaction,
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
    await appendLedger(
      scope.sequelize,
      {
        projectId: scope.project.id,
        myClassId: session.myClassId,
        kind: 'FACE',
        body: {
          kind,
          passed: outcome.passed,
          scoreThousandths: Math.round(outcome.score * 1000),
          simulated: outcome.simulated,
        },
        actorId: session.accountId,
        at: now,
      },
      transaction,
    );
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
