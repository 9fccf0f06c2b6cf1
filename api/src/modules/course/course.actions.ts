import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import {
  courseCategoryDragInput,
  courseCategorySaveInput,
  courseIdInput,
  courseQueryInput,
  courseSaveInput,
  questionQueryInput,
  questionSaveInput,
} from '../../contract/course';
import { type ActionContext, defineAction } from '../../core/action';
import { requireProjectId } from '../../core/tenant';
import { deleteCourse, getCourse, listCourses, saveCourse } from './course.service';
import { courseCategories, courseCategoryTree } from './course-category.service';
import { deleteQuestion, listQuestions, saveQuestion } from './question.service';

/** 课程管理: the screen that manages course categories and courses. */
const COURSE = '/resource-manage/course';
/** 添加弹题: the (hidden) screen that manages the pop-up questions of a video. */
const ADD_QUESTION = '/resource-manage/add-question';
/** Screens that read courses without managing them (the class screens pick courses). */
const COURSE_READERS = [COURSE, '/train-manage/class', '/train-manage/train-class-detail'];
/** Screens that show the questions of a video. */
const QUESTION_READERS = [ADD_QUESTION, COURSE, '/resource-manage/video'];
const STAFF = [ROLE_SYSTEM.PROJECT];

function staffAction<S extends z.ZodType, R>(
  group: 'course' | 'resource',
  name: string,
  permission: string[],
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>, projectId: number) => Promise<R>,
) {
  return defineAction({
    group,
    name,
    auth: 'signed-in',
    roles: STAFF,
    permission,
    input,
    handler: (ctx, parsed) => handler(ctx, parsed, requireProjectId(ctx)),
  });
}

/** `course/category-tree`: the project's course categories as a tree, with course counts. */
export const courseCategoryTreeAction = staffAction(
  'course',
  'category-tree',
  COURSE_READERS,
  z.object({}),
  (_ctx, _input, projectId) => courseCategoryTree(projectId),
);

/** `course/category-save`: creates or renames a course category. */
export const courseCategorySave = staffAction(
  'course',
  'category-save',
  [COURSE],
  courseCategorySaveInput,
  (ctx, input, projectId) => courseCategories.save(ctx, projectId, input),
);

/** `course/category-drag`: moves a category (no cycles); answers the new tree. */
export const courseCategoryDrag = staffAction(
  'course',
  'category-drag',
  [COURSE],
  courseCategoryDragInput,
  async (ctx, input, projectId) => {
    await courseCategories.drag(ctx, projectId, input);
    return courseCategoryTree(projectId);
  },
);

/** `course/category-delete`: deletes a category and its children when none holds courses. */
export const courseCategoryDelete = staffAction(
  'course',
  'category-delete',
  [COURSE],
  courseIdInput,
  async (ctx, input, projectId) => {
    await courseCategories.remove(ctx, projectId, input.id);
    return null;
  },
);

/** `course/query`: paged courses (name, teacher, category with its descendants, status). */
export const courseQuery = staffAction(
  'course',
  'query',
  COURSE_READERS,
  courseQueryInput,
  (_ctx, input, projectId) => listCourses(projectId, input),
);

/** `course/get`: one course with its lessons. */
export const courseGet = staffAction(
  'course',
  'get',
  COURSE_READERS,
  courseIdInput,
  (_ctx, input, projectId) => getCourse(projectId, input.id),
);

/** `course/save`: creates or replaces a course with its whole lesson list. */
export const courseSave = staffAction('course', 'save', [COURSE], courseSaveInput, (ctx, input, projectId) =>
  saveCourse(ctx, projectId, input),
);

/** `course/delete`: deletes a draft course. */
export const courseDelete = staffAction(
  'course',
  'delete',
  [COURSE],
  courseIdInput,
  async (ctx, input, projectId) => {
    await deleteCourse(ctx, projectId, input.id);
    return null;
  },
);

/** `resource/question-query`: the pop-up questions of a video, by mark. */
export const questionQuery = staffAction(
  'resource',
  'question-query',
  QUESTION_READERS,
  questionQueryInput,
  (_ctx, input, projectId) => listQuestions(projectId, input.resourceId),
);

/** `resource/question-save`: creates or edits a pop-up question. */
export const questionSave = staffAction(
  'resource',
  'question-save',
  [ADD_QUESTION],
  questionSaveInput,
  (ctx, input, projectId) => saveQuestion(ctx, projectId, input),
);

/** `resource/question-delete`: deletes a pop-up question. */
export const questionDelete = staffAction(
  'resource',
  'question-delete',
  [ADD_QUESTION],
  courseIdInput,
  async (ctx, input, projectId) => {
    await deleteQuestion(ctx, projectId, input.id);
    return null;
  },
);

export const courseActions = [
  courseCategoryTreeAction,
  courseCategorySave,
  courseCategoryDrag,
  courseCategoryDelete,
  courseQuery,
  courseGet,
  courseSave,
  courseDelete,
  questionQuery,
  questionSave,
  questionDelete,
];
