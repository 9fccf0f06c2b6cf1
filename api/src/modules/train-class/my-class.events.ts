import { domainEvent } from '../../core/events';

/** An enrolment that has just become PASSED (its hours credited and, where the class has one, its exam passed). */
export interface EnrolmentPassed {
  projectId: number;
  myClassId: number;
  accountId: number;
  classId: number;
  passedAt: Date;
  /** The exam score that passed it (0..100), null for a class without an exam. */
  score: number | null;
}

/**
 * Emitted, in the transaction that moves it, when an enrolment becomes PASSED: by study's roll-up
 * for a class without an exam, by the exam when its attempt passes. Certificates listen (issuing).
 */
export const enrolmentPassed = domainEvent<EnrolmentPassed>('my-class.passed');
