import { randomBytes } from 'node:crypto';
import { type NoticeEvent, type ProgressNotice, signedHeaders } from '@px/partner';
import type { Transaction } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer, PartnerNoticeItem, partnerNoticeListInput } from '../../contract';
import type { Scope, SignedInScope } from '../../core/action';
import { NotFoundError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize, principalScope } from '../../core/policy';
import { withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { CourseLesson } from '../course/course.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { LessonProgress } from '../study/study.model';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { noticeAbilities, noticeFacts } from './partner.policy';
import { PartnerNotice, PartnerNoticeAttempt, PartnerSignUp } from './partner-api.model';
import { PartnerApp } from './partner-app.model';
import { findPartnerApp } from './partner-app.service';
import { presentNotice } from './partner-notice.presenter';

/**
 * Progress notices (docs/partner-api.md "Progress notices"): when an enrolment a partner app signed
 * up finishes a lesson, passes, or gets its certificate, a notice for the app is written in the
 * same transaction (once per event: `event_key`) with a pg-boss job that delivers it, signed like
 * a request, to the app's callback URL; failures are retried with backoff, every attempt is
 * logged, and staff may replay a notice from the back office.
 */

/** Attempts before a notice counts as FAILED (the first and pg-boss's retries of `partner.notice`). */
export const NOTICE_ATTEMPTS = 8;
const DELIVERY_TIMEOUT_MS = 10_000;

const hours = (tenths: number) => tenths / 10;

/** The apps to tell of an enrolment: those that signed it up, enabled, with a callback URL. */
async function appsOf(projectId: number, myClassId: number, transaction: Transaction) {
  const signUps = await PartnerSignUp.findAll({
    attributes: ['appId', 'outAccountId'],
    where: { projectId, myClassId },
    transaction,
  });
  if (signUps.length === 0) return [];
  const apps = await PartnerApp.findAll({
    where: { projectId, id: [...new Set(signUps.map((row) => row.appId))], enabled: true },
    transaction,
  });
  return apps
    .filter((app) => app.callbackUrl)
    .map((app) => ({ app, outAccountId: signUps.find((row) => row.appId === app.id)?.outAccountId ?? null }));
}

/**
 * Writes the notices of one event of an enrolment for each app that signed it up, with the jobs
 * delivering them, in the event's transaction. A notice already written for the event (the same
 * key) is left as it is.
 */
export async function noteProgress(
  scope: Scope,
  event: {
    projectId: number;
    myClassId: number;
    kind: NoticeEvent;
    key: string;
    occurredAt: Date;
    detail: Pick<ProgressNotice, 'lessonId' | 'lessonName' | 'certificateNo'>;
  },
  transaction: Transaction,
): Promise<void> {
  const { projectId, myClassId } = event;
  const targets = await appsOf(projectId, myClassId, transaction);
  if (targets.length === 0) return;
  const enrolment = await MyClass.findOne({ where: { projectId, id: myClassId }, transaction });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { projectId, id: enrolment.classId }, transaction })
    : null;
  if (!enrolment || !cls) return;
  for (const { app, outAccountId } of targets) {
    const noticeId = `n_${randomBytes(12).toString('hex')}`;
    const payload: ProgressNotice = {
      noticeId,
      event: event.kind,
      occurredAt: event.occurredAt.toISOString(),
      enrolmentId: myClassId,
      outAccountId,
      classId: cls.id,
      className: cls.name,
      ...event.detail,
      creditedHours: hours(enrolment.requiredTenths + enrolment.electiveTenths),
      requiredHours: hours(enrolment.requiredTenths),
      status: enrolment.status,
    };
    const [notice, created] = await PartnerNotice.findOrCreate({
      where: { projectId, appId: app.id, eventKey: event.key },
      defaults: {
        projectId,
        appId: app.id,
        myClassId,
        event: event.kind,
        eventKey: event.key,
        payload: payload as unknown as Record<string, unknown>,
      },
      transaction,
    });
    if (created)
      await scope.jobs.send(
        'partner.notice',
        { projectId, noticeId: notice.id, replay: false },
        { transaction },
      );
  }
}

/** The notice's details of a finished lesson: its id and name as studied. */
export async function lessonOf(projectId: number, progressId: number, transaction: Transaction) {
  const progress = await LessonProgress.findOne({ where: { projectId, id: progressId }, transaction });
  if (!progress) return null;
  const lesson = await CourseLesson.findOne({
    where: { projectId, courseId: progress.courseId, resourceId: progress.resourceId },
    transaction,
  });
  return {
    lessonId: lesson?.id ?? 0,
    lessonName: progress.lessonName,
    key: `${progress.myClassId}:${progress.courseId}:${progress.resourceId}`,
  };
}

/** The class certificate of an enrolment, once issued. */
export function certificateOf(projectId: number, myClassId: number, transaction: Transaction) {
  return Certificate.findOne({ where: { projectId, myClassId, kind: 'CLASS' }, transaction });
}

/**
 * Delivers a notice (the `partner.notice` job): POSTs its body, signed with the app's secret, to
 * the callback URL; a 2xx delivers it. Anything else is logged and thrown (pg-boss retries with
 * backoff) until NOTICE_ATTEMPTS, when the notice is FAILED. A delivered notice is not sent again
 * unless replayed; a disabled app or a removed callback URL ends it as FAILED.
 */
export async function deliverNotice(scope: Scope, noticeId: number, replay: boolean): Promise<void> {
  const notice = await PartnerNotice.findOne({ where: { id: noticeId }, allTenants: true });
  if (!notice) return;
  const projectId = notice.projectId;
  await withProject(projectId, async () => {
    if (notice.status !== 'PENDING') return;
    const app = await PartnerApp.findOne({ where: { projectId, id: notice.appId } });
    const attempt = async (
      fields: Pick<PartnerNoticeAttempt, 'httpStatus' | 'outcome' | 'error' | 'durationMs'>,
    ) => {
      await PartnerNoticeAttempt.create({ projectId, noticeId: notice.id, replay, ...fields });
      const attempts = notice.attempts + 1;
      const delivered = fields.outcome === 'DELIVERED';
      await notice.update({
        attempts,
        lastHttpStatus: fields.httpStatus,
        lastError: fields.error,
        status: delivered ? 'DELIVERED' : attempts >= NOTICE_ATTEMPTS ? 'FAILED' : 'PENDING',
        deliveredAt: delivered ? scope.providers.clock.now() : null,
      });
      return notice.status === 'PENDING';
    };
    if (!app?.enabled || !app.callbackUrl) {
      await notice.update({ status: 'FAILED', lastError: app?.enabled ? '未设置回调地址' : '应用已停用' });
      return;
    }
    const url = new URL(app.callbackUrl);
    const body = JSON.stringify(notice.payload);
    const headers = signedHeaders(app, {
      method: 'POST',
      target: `${url.pathname}${url.search}`,
      body,
      timestamp: Math.floor(scope.providers.clock.now().getTime() / 1000),
      nonce: randomBytes(16).toString('base64url'),
    });
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'x-px-notice-id': String(notice.payload.noticeId ?? notice.id),
          ...headers,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? `${caught.name}: ${caught.message}`.slice(0, 300) : 'unreachable';
    }
    const durationMs = Date.now() - started;
    const ok = status !== null && status >= 200 && status < 300;
    const retry = await attempt({
      httpStatus: status,
      outcome: ok ? 'DELIVERED' : status === null ? 'UNREACHABLE' : 'REJECTED',
      error: ok ? null : (error ?? `HTTP ${status}`),
      durationMs,
    });
    if (retry)
      throw new Error(`notice ${notice.id} not delivered (${error ?? `HTTP ${status}`}); retried later`);
  });
}

/** `partner-app/notices`: an app's notices, newest first. */
export async function listNotices(
  scope: SignedInScope,
  input: z.output<typeof partnerNoticeListInput>,
): Promise<PageAnswer<PartnerNoticeItem>> {
  const app = await findPartnerApp(input.id);
  const caller = principalScope(scope);
  const where = {
    projectId: app.projectId,
    appId: app.id,
    ...(input.status ? { status: input.status } : {}),
    ...(input.event ? { event: input.event } : {}),
  };
  return withProject(app.projectId, () =>
    newestFirstPage(PartnerNotice, where, input, (rows) =>
      rows.map((row) => presentNotice(row, noticeAbilities(caller, noticeFacts(row, app)))),
    ),
  );
}

/**
 * `partner-app/replay-notice`: sends a delivered or failed notice again (the same notice id, so the
 * partner can tell a repeat), with a fresh retry budget. Audited.
 */
export async function replayNotice(scope: SignedInScope, noticeId: number): Promise<PartnerNoticeItem> {
  const caller = principalScope(scope);
  const found = await PartnerNotice.findOne({ where: { id: noticeId }, allTenants: true });
  if (!found) throw new NotFoundError('通知不存在');
  const app = await findPartnerApp(found.appId);
  return withProject(found.projectId, () =>
    scope.sequelize.transaction(async (transaction) => {
      const notice = await PartnerNotice.findOne({
        where: { projectId: found.projectId, id: found.id },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!notice) throw new NotFoundError('通知不存在');
      authorize(caller, 'partner-notice.replay', noticeFacts(notice, app));
      await notice.update({ status: 'PENDING', attempts: 0 }, { transaction });
      await scope.jobs.send(
        'partner.notice',
        { projectId: notice.projectId, noticeId: notice.id, replay: true },
        { transaction },
      );
      await audit(
        scope,
        {
          action: 'partner-app.replay-notice',
          projectId: notice.projectId,
          targetType: 'partner_notice',
          targetId: notice.id,
        },
        transaction,
      );
      return presentNotice(notice, noticeAbilities(caller, noticeFacts(notice, app)));
    }),
  );
}
