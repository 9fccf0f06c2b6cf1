import {
  courseIdInput,
  courseQueryInput,
  courseSaveInput,
  questionQueryInput,
  questionSaveInput,
} from '../../contract/course';
import { projectStaffActions } from '../../core/tenant';
import { categoryTreeActions } from '../category-tree/category-tree.actions';
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

const courseAction = projectStaffActions('course');
const resourceAction = projectStaffActions('resource');

/** `course/query`: paged courses (name, teacher, category with its descendants, status). */
export const courseQuery = courseAction('query', COURSE_READERS, courseQueryInput, (_ctx, input, projectId) =>
  listCourses(projectId, input),
);

/** `course/get`: one course with its lessons. */
export const courseGet = courseAction('get', COURSE_READERS, courseIdInput, (_ctx, input, projectId) =>
  getCourse(projectId, input.id),
);

/** `course/save`: creates or replaces a course with its whole lesson list. */
export const courseSave = courseAction('save', [COURSE], courseSaveInput, (ctx, input, projectId) =>
  saveCourse(ctx, projectId, input),
);

/** `course/delete`: deletes a draft course. */
export const courseDelete = courseAction('delete', [COURSE], courseIdInput, async (ctx, input, projectId) => {
  await deleteCourse(ctx, projectId, input.id);
  return null;
});

/** `resource/question-query`: the pop-up questions of a video, by mark. */
export const questionQuery = resourceAction(
  'question-query',
  QUESTION_READERS,
  questionQueryInput,
  (_ctx, input, projectId) => listQuestions(projectId, input.resourceId),
);

/** `resource/question-save`: creates or edits a pop-up question. */
export const questionSave = resourceAction(
  'question-save',
  [ADD_QUESTION],
  questionSaveInput,
  (ctx, input, projectId) => saveQuestion(ctx, projectId, input),
);

/** `resource/question-delete`: deletes a pop-up question. */
export const questionDelete = resourceAction(
  'question-delete',
  [ADD_QUESTION],
  courseIdInput,
  async (ctx, input, projectId) => {
    await deleteQuestion(ctx, projectId, input.id);
    return null;
  },
);

export const courseActions = [
  ...categoryTreeActions({
    action: courseAction,
    tree: courseCategories,
    answerTree: courseCategoryTree,
    readers: COURSE_READERS,
    writers: [COURSE],
  }),
  courseQuery,
  courseGet,
  courseSave,
  courseDelete,
  questionQuery,
  questionSave,
  questionDelete,
];
