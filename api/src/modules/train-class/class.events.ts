import { domainEvent } from '../../core/events';

/** A class copied (`class/copy`, `class/batch-copy`) with its courses: the modules above copy what they keep of it. */
export interface ClassCopied {
  projectId: number;
  sourceClassId: number;
  copyClassId: number;
}

/** Emitted in the copy's transaction for each class copied (the exam copies the class's exam settings). */
export const classCopied = domainEvent<ClassCopied>('class.copied');
