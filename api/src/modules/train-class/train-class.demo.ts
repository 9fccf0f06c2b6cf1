import type { Transaction } from 'sequelize';
import type { ClassCourseKind } from '../../contract/train-class';
import { chinaYear } from '../../contract/train-plan';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { ClassCategory } from '../class-category/class-category.model';
import { Course } from '../course/course.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { TrainClass, TrainClassCourse } from './train-class.model';

/** Which demo plan a demo class belongs to (see train-plan.demo.ts). */
type DemoPlan = 'this-year' | 'last-year' | 'draft';

/** A demo class: its plan, category (by name), price, courses (by name) and shelf state. */
interface DemoClass {
  name: string;
  plan: DemoPlan;
  /** The name of a category of the demo tree (a base type, major type or major child). */
  category: string;
  amountFen: number;
  /** Courses of course.demo.ts by name, with how they count. */
  courses: readonly [string, ClassCourseKind][];
  electiveHoursTenths: number;
  onShelf: boolean;
  teacherName: string;
  description: string;
  /** The class ends with an exam (its paper and settings come from the exam demo). */
  examRequired?: boolean;
  /** Enrolment goes through an application staff approve (报名需审核). */
  applyRequired?: boolean;
}

const SAFETY = '安全生产基础';
const FIRST_AID = '现场急救实务';
/** The course whose lesson has audio in two languages (普通话 / 英语). */
const BILINGUAL = '岗前安全须知';

/** The demo class with an exam: one short lesson, then the exam (exam.demo.ts sets it up). */
export const DEMO_EXAM_CLASS = '安全生产考试体验班';
/** The free class marked 报名需审核: students apply, 报名审核 approves, then they enrol. */
export const DEMO_APPLY_CLASS = '特种作业安全管理研修班';

/** The demo catalogue: most classes of this year's published plan are on the shelf and offered now. */
export const DEMO_CLASSES: readonly DemoClass[] = [
  {
    name: '公需科目综合学习班',
    plan: 'this-year',
    category: '公需科目',
    amountFen: 0,
    courses: [
      [SAFETY, 'REQUIRED'],
      [FIRST_AID, 'ELECTIVE'],
      [BILINGUAL, 'ELECTIVE'],
    ],
    electiveHoursTenths: 10,
    onShelf: true,
    teacherName: '王建国',
    description: '面向全体专业技术人员的公需科目学习，免费报名。',
  },
  {
    name: '安全生产法专题班',
    plan: 'this-year',
    category: '安全生产法',
    amountFen: 9800,
    courses: [[SAFETY, 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: true,
    teacherName: '王建国',
    description: '解读《安全生产法》要点，结合消防演练案例。',
  },
  {
    name: '职业道德与安全素养提升班',
    plan: 'this-year',
    category: '职业道德',
    amountFen: 12000,
    courses: [
      [SAFETY, 'REQUIRED'],
      [FIRST_AID, 'ELECTIVE'],
    ],
    electiveHoursTenths: 15,
    onShelf: true,
    teacherName: '李敏',
    description: '职业道德规范与岗位安全素养，选修现场急救。',
  },
  {
    name: '建筑施工安全员继续教育班',
    plan: 'this-year',
    category: '建筑施工',
    amountFen: 26000,
    courses: [
      [SAFETY, 'REQUIRED'],
      [FIRST_AID, 'REQUIRED'],
    ],
    electiveHoursTenths: 0,
    onShelf: true,
    teacherName: '王建国',
    description: '建筑施工企业安全员年度继续教育，含安全生产与现场急救。',
  },
  {
    name: '工程造价人员安全培训班',
    plan: 'this-year',
    category: '工程造价',
    amountFen: 12000,
    courses: [
      [SAFETY, 'REQUIRED'],
      [FIRST_AID, 'ELECTIVE'],
    ],
    electiveHoursTenths: 10,
    onShelf: true,
    teacherName: '王建国',
    description: '工程造价人员的安全生产知识培训。',
  },
  {
    name: '护理人员现场急救技能班',
    plan: 'this-year',
    category: '护理',
    amountFen: 9800,
    courses: [[FIRST_AID, 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: true,
    teacherName: '李敏',
    description: '心肺复苏、止血包扎等现场急救技能训练。',
  },
  {
    name: '建筑工程专业科目综合班',
    plan: 'this-year',
    category: '建筑工程',
    amountFen: 26000,
    courses: [
      [SAFETY, 'REQUIRED'],
      [FIRST_AID, 'REQUIRED'],
    ],
    electiveHoursTenths: 0,
    onShelf: false,
    teacherName: '王建国',
    description: '待上架：建筑工程类专业科目综合学习。',
  },
  {
    name: '临床医学岗位技能提升班',
    plan: 'draft',
    category: '临床医学',
    amountFen: 26000,
    courses: [[FIRST_AID, 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: false,
    teacherName: '李敏',
    description: '下半年医护人员岗位技能培训，随培训计划发布后上架。',
  },
  {
    name: '公需科目综合学习班（上年度）',
    plan: 'last-year',
    category: '公需科目',
    amountFen: 0,
    courses: [[SAFETY, 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: false,
    teacherName: '王建国',
    description: '上一年度的公需科目学习班，已结束。',
  },
  {
    name: DEMO_EXAM_CLASS,
    plan: 'this-year',
    category: '安全生产法',
    amountFen: 0,
    courses: [['安全生产知识速学', 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: true,
    teacherName: '王建国',
    description: '免费报名，学完一节安全生产课后参加在线考试（20 分钟，3 次机会，60 分合格）。',
    examRequired: true,
  },
  {
    name: DEMO_APPLY_CLASS,
    plan: 'this-year',
    category: '建筑施工',
    amountFen: 0,
    courses: [[SAFETY, 'REQUIRED']],
    electiveHoursTenths: 0,
    onShelf: true,
    teacherName: '王建国',
    description: '面向特种作业单位安全管理人员，名额有限：请先提交报名申请，审核通过后即可免费报名。',
    applyRequired: true,
  },
];

/** The plans of the demo (train-plan.demo.ts) by role: last year's, this year's published one, this year's draft. */
async function demoPlans(projectId: number, year: number, transaction: Transaction) {
  const plans = await TrainPlan.findAll({ where: { projectId }, order: [['id', 'ASC']], transaction });
  const find = (predicate: (plan: TrainPlan) => boolean): TrainPlan => {
    const plan = plans.find(predicate);
    if (!plan) throw new Error('a demo plan is missing');
    return plan;
  };
  return {
    'last-year': find((plan) => plan.year === year - 1),
    'this-year': find((plan) => plan.year === year && plan.status === 'PUBLISHED'),
    draft: find((plan) => plan.status === 'DRAFT'),
  } satisfies Record<DemoPlan, TrainPlan>;
}

/** The windows of a demo class: the plan's year through next year, or the whole of last year. */
function windowsOf(plan: DemoPlan, year: number) {
  if (plan === 'last-year') {
    const last = year - 1;
    return { start: `${last}-01-01`, end: `${last}-12-31` };
  }
  return { start: `${year}-01-01`, end: `${year + 1}-12-31` };
}

/**
 * Seeds DEMO_CLASSES into the demo project (after seedTrainCatalogueDemo and seedCourseDemo): the
 * classes of this year's plan enrol from 1 January of this China year to the end of next year, so
 * `npm start` shows offered classes. Uses a certificate template of the project when one exists.
 * Throws when a demo plan, category or course is missing.
 */
export async function seedTrainClassDemo(
  projectId: number,
  transaction: Transaction,
  now: Date = new Date(),
): Promise<void> {
  const year = chinaYear(now);
  const plans = await demoPlans(projectId, year, transaction);
  const categories = new Map(
    (await ClassCategory.findAll({ where: { projectId }, transaction })).map((row) => [row.name, row.id]),
  );
  const courses = new Map(
    (await Course.findAll({ where: { projectId }, transaction })).map((row) => [row.name, row]),
  );
  const template = await CertificateTemplate.findOne({
    where: { projectId, status: 'ENABLED' },
    order: [['id', 'ASC']],
    transaction,
  });
  for (const [index, demo] of DEMO_CLASSES.entries()) {
    const plan = plans[demo.plan];
    const categoryId = categories.get(demo.category);
    if (categoryId === undefined) throw new Error(`the demo category ${demo.category} is missing`);
    const windows = windowsOf(demo.plan, year);
    const cls = await TrainClass.create(
      {
        projectId,
        planId: plan.id,
        categoryId,
        certificateTemplateId: template?.id ?? null,
        name: demo.name,
        year: plan.year,
        amountFen: demo.amountFen,
        enrolStartDate: windows.start,
        enrolEndDate: windows.end,
        studyStartDate: windows.start,
        studyEndDate: windows.end,
        electiveHoursTenths: demo.electiveHoursTenths,
        examRequired: demo.examRequired ?? false,
        applyRequired: demo.applyRequired ?? false,
        examPassScore: 60,
        teacherName: demo.teacherName,
        description: demo.description,
        onShelf: demo.onShelf,
        shelvedAt: demo.onShelf ? now : null,
        sort: index + 1,
        createdBy: null,
      },
      { transaction },
    );
    await TrainClassCourse.bulkCreate(
      demo.courses.map(([name, kind], sort) => {
        const course = courses.get(name);
        if (!course) throw new Error(`the demo course ${name} is missing`);
        return {
          projectId,
          classId: cls.id,
          courseId: course.id,
          kind,
          hoursTenths: course.hoursTenths,
          sort,
        };
      }),
      { transaction },
    );
  }
}
