import { domainEvent } from '../../core/events';

/** Courses of a project, by id. */
export interface CoursesOfProject {
  projectId: number;
  ids: number[];
}

/**
 * Courses are about to be deleted (inside the deleting transaction): a module that uses them (a
 * class) vetoes by throwing a BusinessError saying why.
 */
export const courseDeleting = domainEvent<CoursesOfProject>('course.deleting');

/**
 * Published courses are about to become drafts (inside the saving transaction): a module showing
 * them (a class on the shelf) vetoes by throwing a ValidationError naming `status`.
 */
export const courseUnpublishing = domainEvent<CoursesOfProject>('course.unpublishing');
