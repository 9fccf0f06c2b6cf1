import type { CourseStatus } from '../../contract/course';
import { refuse, type Verdict } from '../../core/policy';

/**
 * The course's rules of a row alone (project staff with 课程管理 reach the calls by the call's
 * access): a published course is not deleted (classes may teach it), a draft is.
 */

export const PUBLISHED_COURSE_UNDELETABLE = '已发布的课程不能删除，请先改为草稿';

/** Whether a course may be deleted: a draft only. */
export const courseDeletion = (course: { status: CourseStatus }): Verdict =>
  course.status === 'PUBLISHED' ? refuse(PUBLISHED_COURSE_UNDELETABLE) : null;
