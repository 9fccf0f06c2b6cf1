import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { type LessonFinished, lessonFinished } from '../study/study.events';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { certificateOf, lessonOf, noteProgress } from './partner-notice.service';

/** A lesson finished: LESSON_FINISHED for the apps that signed the enrolment up. */
async function onLessonFinished(
  scope: Scope,
  event: LessonFinished,
  transaction: Transaction,
): Promise<void> {
  const lesson = await lessonOf(event.projectId, event.progressId, transaction);
  if (!lesson) return;
  await noteProgress(
    scope,
    {
      projectId: event.projectId,
      myClassId: event.myClassId,
      kind: 'LESSON_FINISHED',
      key: `lesson:${lesson.key}`,
      occurredAt: event.finishedAt,
      detail: { lessonId: lesson.lessonId, lessonName: lesson.lessonName },
    },
    transaction,
  );
}

/**
 * An enrolment passed: CLASS_PASSED, then CERTIFICATE_ISSUED when its certificate was issued in
 * the same transaction (my-certificate listens first: modules/index.ts wires it before this module).
 */
async function onPassed(scope: Scope, event: EnrolmentPassed, transaction: Transaction): Promise<void> {
  const base = { projectId: event.projectId, myClassId: event.myClassId, occurredAt: event.passedAt };
  await noteProgress(
    scope,
    { ...base, kind: 'CLASS_PASSED', key: `passed:${event.myClassId}`, detail: {} },
    transaction,
  );
  const certificate = await certificateOf(event.projectId, event.myClassId, transaction);
  if (certificate)
    await noteProgress(
      scope,
      {
        ...base,
        kind: 'CERTIFICATE_ISSUED',
        key: `certificate:${certificate.id}`,
        detail: { certificateNo: certificate.certificateNo },
      },
      transaction,
    );
}

/** Wires the partner listeners (once, by `modules/index.ts`, after my-certificate's). */
export function listenPartner(): void {
  listen(lessonFinished, onLessonFinished);
  listen(enrolmentPassed, onPassed);
}
