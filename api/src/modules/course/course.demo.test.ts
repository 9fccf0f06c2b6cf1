import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject } from '../../testing/factories';
import { tenantOf } from '../project/project.tenant';
import { seedResourceDemo } from '../resource/resource.demo';
import { useTestStorage } from '../resource/resource.testing';
import { DEMO_COURSES, seedCourseDemo } from './course.demo';
import { Course, CourseLesson, ResourceQuestion } from './course.model';
import { getCourse } from './course.service';
import { checkQuestionAnswer } from './question.service';

let t: TestApp;
useTestStorage();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the demo project gets published courses of the demo videos and a valid pop-up question', async () => {
  const project = await buildProject();
  const projectId = project.id;
  const scope = t.scope({ project: tenantOf(project) });
  await t.sequelize.transaction(async (transaction) => {
    await seedResourceDemo(projectId, transaction);
    await seedCourseDemo(projectId, transaction);
  });
  const courses = await Course.findAll({ where: { projectId }, order: [['id', 'ASC']] });
  expect(courses.map((course) => [course.name, course.status])).toEqual(
    DEMO_COURSES.map((demo) => [demo.name, 'PUBLISHED']),
  );
  for (const course of courses) {
    const detail = await getCourse(scope, course.id);
    expect(detail.lessons.length).toBeGreaterThan(0);
    expect(detail.hours).toBeCloseTo(detail.lessons.reduce((sum, lesson) => sum + lesson.hours, 0));
    for (const lesson of detail.lessons)
      expect(lesson.trialSeconds).toBeLessThanOrEqual(lesson.durationSeconds);
  }
  expect(await CourseLesson.count({ where: { projectId } })).toBe(
    DEMO_COURSES.reduce((sum, demo) => sum + demo.lessons.length, 0),
  );
  const questions = await ResourceQuestion.findAll({ where: { projectId } });
  expect(questions).toHaveLength(1);
  const [question] = questions;
  if (!question) throw new Error('no demo question');
  const video = question.resourceId;
  const detail = await getCourse(scope, courses[0]?.id ?? 0);
  const lesson = detail.lessons.find((l) => l.resourceId === video);
  expect(lesson?.questionCount).toBe(1);
  expect(question.markSecond).toBeGreaterThan(0);
  expect(question.markSecond).toBeLessThan(lesson?.durationSeconds ?? 0);
  expect(
    checkQuestionAnswer({ type: question.type, options: question.options, answer: question.answer }),
  ).toEqual({
    options: question.options,
    answer: question.answer,
  });
});
