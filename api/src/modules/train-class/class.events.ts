import { domainEvent } from '../../core/events';

/** A class copied (`class/copy`, `class/batch-copy`) with its courses: the modules above copy what they keep of it. */
export interface ClassCopied {
  projectId: number;
  sourceClassId: number;
  copyClassId: number;
}

/** Emitted in the copy's transaction for each class copied (the exam copies the class's exam settings). */
export const classCopied = domainEvent<ClassCopied>('class.copied');

/** A class that required an exam and no longer does (`class/save`, `exam-setting/save`). */
export interface ClassExamDropped {
  projectId: number;
  classId: number;
}

/**
 * Emitted in the saving transaction when a class's `examRequired` goes from on to off: study passes
 * the enrolments that were waiting for the exam (FINISHED_STUDY), as a class without an exam would have.
 */
export const classExamDropped = domainEvent<ClassExamDropped>('class.exam-dropped');
