import type { Transaction } from 'sequelize';
import { hoursToTenths } from '../../contract/course';
import { Resource } from '../resource/resource.model';
import { Course, CourseCategory, CourseLesson, ResourceQuestion } from './course.model';

/** The demo project's courses: a category, and the demo videos (by name) with hours and trials. */
export const DEMO_COURSES: readonly {
  category: string;
  name: string;
  teacherName: string;
  description: string;
  lessons: readonly { video: string; hours: number; trialSeconds: number }[];
}[] = [
  {
    category: '安全生产',
    name: '安全生产基础',
    teacherName: '王建国',
    description: '安全生产法律法规与消防演练要点，适合新入职员工。',
    lessons: [
      { video: '安全生产概述', hours: 0.5, trialSeconds: 3 },
      { video: '消防演练示范', hours: 1, trialSeconds: 3 },
    ],
  },
  {
    category: '职业技能',
    name: '现场急救实务',
    teacherName: '李敏',
    description: '心肺复苏、止血包扎等现场急救技能。',
    lessons: [{ video: '现场急救要点', hours: 1.5, trialSeconds: 5 }],
  },
  {
    category: '安全生产',
    name: '安全生产知识速学',
    teacherName: '王建国',
    description: '一节课学完安全生产要点，学完即可参加在线考试。',
    lessons: [{ video: '安全生产概述', hours: 0.5, trialSeconds: 3 }],
  },
  {
    category: '安全生产',
    name: '岗前安全须知',
    teacherName: '王建国',
    description: '普通话、英语双语讲解的岗前安全须知，学习时可切换语言。',
    // The demo video with audio in two languages: the study player offers 语言 (videoLanguage).
    lessons: [{ video: '岗前安全须知（双语）', hours: 0.5, trialSeconds: 3 }],
  },
];

/**
 * Seeds the demo project's course categories and DEMO_COURSES (published) from the demo videos
 * (seedResourceDemo runs first), and a pop-up question on the first video. Throws when a demo video
 * is missing.
 */
export async function seedCourseDemo(projectId: number, transaction: Transaction): Promise<void> {
  const videos = new Map(
    (await Resource.findAll({ where: { projectId }, transaction })).map((video) => [video.name, video]),
  );
  const videoOf = (name: string): Resource => {
    const video = videos.get(name);
    if (!video) throw new Error(`the demo video ${name} is missing`);
    return video;
  };
  const categories = new Map<string, CourseCategory>();
  for (const demo of DEMO_COURSES) {
    let category = categories.get(demo.category);
    if (!category) {
      category = await CourseCategory.create(
        { projectId, parentId: null, name: demo.category, sort: categories.size },
        { transaction },
      );
      categories.set(demo.category, category);
    }
    const course = await Course.create(
      {
        projectId,
        categoryId: category.id,
        name: demo.name,
        teacherName: demo.teacherName,
        description: demo.description,
        status: 'PUBLISHED',
        hoursTenths: demo.lessons.reduce((sum, lesson) => sum + hoursToTenths(lesson.hours), 0),
        createdBy: null,
      },
      { transaction },
    );
    await CourseLesson.bulkCreate(
      demo.lessons.map((lesson, sort) => {
        const video = videoOf(lesson.video);
        return {
          projectId,
          courseId: course.id,
          resourceId: video.id,
          sort,
          hoursTenths: hoursToTenths(lesson.hours),
          trialSeconds: Math.min(lesson.trialSeconds, video.durationSeconds),
        };
      }),
      { transaction },
    );
  }
  const first = videoOf(DEMO_COURSES[0]?.lessons[0]?.video ?? '');
  await ResourceQuestion.create(
    {
      projectId,
      resourceId: first.id,
      markSecond: Math.max(1, Math.floor(first.durationSeconds / 2)),
      type: 'SINGLE',
      content: '发现火情后，第一步应当做什么？',
      options: ['继续工作', '立即报警并疏散', '先收拾个人物品', '等待领导指示'],
      answer: 'B',
      explanation: '发现火情应立即报警，并按疏散路线撤离。',
    },
    { transaction },
  );
}
