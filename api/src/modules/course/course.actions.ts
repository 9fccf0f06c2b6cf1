import { courseCalls, questionCalls } from '../../contract/course';
import { implement } from '../../core/action';
import { categoryTreeHandlers } from '../category-tree/category-tree.actions';
import { deleteCourse, getCourse, listCourses, saveCourse } from './course.service';
import { courseCategories, courseCategoryTree } from './course-category.service';
import { deleteQuestion, listQuestions, saveQuestion } from './question.service';

/** The course calls (`course/...`) and the pop-up question calls (`resource/question-...`). */
export const courseActions = [
  ...implement(courseCalls, {
    ...categoryTreeHandlers(courseCategories, courseCategoryTree),
    query: (ctx, input) => listCourses(ctx, input),
    get: (ctx, input) => getCourse(ctx, input.id),
    save: (ctx, input) => saveCourse(ctx, input),
    delete: async (ctx, input) => {
      await deleteCourse(ctx, input.id);
      return null;
    },
  }),
  ...implement(questionCalls, {
    'question-query': (ctx, input) => listQuestions(ctx, input.resourceId),
    'question-save': (ctx, input) => saveQuestion(ctx, input),
    'question-delete': async (ctx, input) => {
      await deleteQuestion(ctx, input.id);
      return null;
    },
  }),
];
