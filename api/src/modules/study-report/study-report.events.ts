import { domainEvent } from '../../core/events';

/** An enrolment's study record corrected by staff (`study-report/correct-*`). */
export interface StudyCorrected {
  projectId: number;
  myClassId: number;
  correctionId: number;
  correctedBy: number;
}

/**
 * Emitted in the correction's transaction; the regulator module listens (a record already
 * accepted is reported again as a correction).
 */
export const studyCorrected = domainEvent<StudyCorrected>('study-report.corrected');
