import { domainEvent } from '../../core/events';

/** A lesson of an enrolment that has just been finished (its coverage and credited time met). */
export interface LessonFinished {
  projectId: number;
  myClassId: number;
  accountId: number;
  /** The lesson's progress row (`lesson_progress`: course, video, names as studied). */
  progressId: number;
  finishedAt: Date;
}

/**
 * Emitted by the heartbeat, in the transaction of the beat that finishes a lesson, after the
 * enrolment's hours were rolled up. Partner apps listen (progress notices).
 */
export const lessonFinished = domainEvent<LessonFinished>('study.lesson-finished');
