import type { Transaction } from 'sequelize';
import { JUDGE_OPTIONS } from '../../contract/course';
import type { ExamQuestionType } from '../../contract/exam-question';
import { DEMO_EXAM_CLASS } from '../train-class/train-class.demo';
import { TrainClass } from '../train-class/train-class.model';
import { ExamCategory, ExamPaper, ExamPaperQuestion, ExamQuestion, ExamSetting } from './exam.model';

/** A demo question: its category (a child of 安全生产), type, content, options and answers. */
interface DemoQuestion {
  category: '消防安全' | '用电安全' | '应急救护';
  type: ExamQuestionType;
  content: string;
  options?: string[];
  /** Right letters, or the accepted answers of a FILL question. */
  answer: string | string[];
  analysis: string;
  /** On the demo paper (10 points each). */
  onPaper: boolean;
}

/** The demo question bank: safety training, all four types; ten of them make the demo paper. */
export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    category: '消防安全',
    type: 'SINGLE',
    content: '发现火灾后，应立即拨打的火警电话是？',
    options: ['110', '119', '120', '122'],
    answer: 'B',
    analysis: '119 是火警电话；110 报警，120 急救，122 交通事故。',
    onPaper: true,
  },
  {
    category: '消防安全',
    type: 'SINGLE',
    content: '使用干粉灭火器扑救初起火灾时，喷嘴应对准？',
    options: ['火焰上部', '火焰中部', '火焰根部', '燃烧物周围的地面'],
    answer: 'C',
    analysis: '对准火焰根部喷射，才能覆盖燃烧物、隔绝氧气。',
    onPaper: true,
  },
  {
    category: '消防安全',
    type: 'MULTIPLE',
    content: '灭火的基本方法包括？',
    options: ['冷却法', '窒息法', '隔离法', '助燃法'],
    answer: 'ABC',
    analysis: '冷却、窒息、隔离和化学抑制是灭火的基本方法；“助燃”只会加剧燃烧。',
    onPaper: true,
  },
  {
    category: '消防安全',
    type: 'JUDGE',
    content: '火灾中被困时，应乘坐电梯尽快逃生。',
    answer: 'B',
    analysis: '火灾时电梯可能断电或灌入烟气，应走安全疏散楼梯。',
    onPaper: true,
  },
  {
    category: '消防安全',
    type: 'FILL',
    content: '火场逃生穿越浓烟时，应用湿毛巾捂住口鼻，____姿势沿墙撤离。',
    answer: ['低', '弯腰', '低姿', '匍匐'],
    analysis: '烟气上升，贴近地面的空气相对新鲜，应低姿或匍匐前进。',
    onPaper: true,
  },
  {
    category: '用电安全',
    type: 'SINGLE',
    content: '我国规定的安全电压（一般环境）上限是？',
    options: ['12 V', '24 V', '36 V', '220 V'],
    answer: 'C',
    analysis: '一般环境下安全电压不超过 36 V，潮湿环境更低。',
    onPaper: true,
  },
  {
    category: '用电安全',
    type: 'JUDGE',
    content: '电气设备着火时，应先切断电源再灭火。',
    answer: 'A',
    analysis: '带电灭火有触电危险，应先断电；无法断电时用干粉或二氧化碳灭火器。',
    onPaper: true,
  },
  {
    category: '用电安全',
    type: 'MULTIPLE',
    content: '下列属于违章用电的行为有？',
    options: ['私拉乱接电线', '用湿手触摸开关', '使用合格的漏电保护器', '用铜丝代替保险丝'],
    answer: 'ABD',
    analysis: '漏电保护器是防护措施；其余三项都可能引发触电或火灾。',
    onPaper: true,
  },
  {
    category: '应急救护',
    type: 'SINGLE',
    content: '成人心肺复苏时，胸外按压的频率应为每分钟？',
    options: ['60～80 次', '80～100 次', '100～120 次', '120～140 次'],
    answer: 'C',
    analysis: '现行指南要求按压频率 100～120 次/分，深度 5～6 厘米。',
    onPaper: true,
  },
  {
    category: '应急救护',
    type: 'FILL',
    content: '急救电话号码是____。',
    answer: ['120'],
    analysis: '120 是医疗急救电话。',
    onPaper: true,
  },
  {
    category: '应急救护',
    type: 'JUDGE',
    content: '发现有人触电，应立即用手将其拉离电源。',
    answer: 'B',
    analysis: '直接接触会使施救者触电，应先切断电源或用干燥的绝缘物挑开电线。',
    onPaper: false,
  },
  {
    category: '应急救护',
    type: 'MULTIPLE',
    content: '对外伤出血进行止血的常用方法有？',
    options: ['指压止血', '加压包扎止血', '止血带止血', '用泥土覆盖伤口'],
    answer: 'ABC',
    analysis: '泥土会污染伤口，其余是常用止血方法。',
    onPaper: false,
  },
];

/** The demo paper: every DEMO_QUESTIONS entry `onPaper`, 10 points each, in order. */
export const DEMO_PAPER = '安全生产知识考试卷';

/**
 * Seeds the demo exam (after seedTrainClassDemo): the exam type tree 安全生产 / 消防安全, 用电安全,
 * 应急救护, the bank DEMO_QUESTIONS, the paper DEMO_PAPER and the exam of DEMO_EXAM_CLASS (20
 * minutes, 3 attempts, pass 60, answers shown after submitting, exercises on). Throws when the
 * demo exam class is missing.
 */
export async function seedExamDemo(projectId: number, transaction: Transaction): Promise<void> {
  const cls = await TrainClass.findOne({ where: { projectId, name: DEMO_EXAM_CLASS }, transaction });
  if (!cls) throw new Error(`the demo class ${DEMO_EXAM_CLASS} is missing`);
  const root = await ExamCategory.create(
    { projectId, parentId: null, name: '安全生产', sort: 0 },
    { transaction },
  );
  const children = new Map<string, number>();
  for (const [sort, name] of ['消防安全', '用电安全', '应急救护'].entries())
    children.set(
      name,
      (await ExamCategory.create({ projectId, parentId: root.id, name, sort }, { transaction })).id,
    );
  const onPaper: number[] = [];
  for (const demo of DEMO_QUESTIONS) {
    const fill = demo.type === 'FILL';
    const question = await ExamQuestion.create(
      {
        projectId,
        categoryId: children.get(demo.category) ?? null,
        type: demo.type,
        content: demo.content,
        options: demo.type === 'JUDGE' ? [...JUDGE_OPTIONS] : (demo.options ?? []),
        answer: fill ? '' : (demo.answer as string),
        acceptedAnswers: fill ? (demo.answer as string[]) : [],
        analysis: demo.analysis,
        createdBy: null,
      },
      { transaction },
    );
    if (demo.onPaper) onPaper.push(question.id);
  }
  const paper = await ExamPaper.create(
    {
      projectId,
      name: DEMO_PAPER,
      mode: 'FIXED',
      description: '安全生产知识考试：单选、多选、判断、填空，每题 10 分。',
      rules: [],
      questionCount: onPaper.length,
      createdBy: null,
    },
    { transaction },
  );
  const scoreTenths = 1000 / onPaper.length;
  if (!Number.isInteger(scoreTenths)) throw new Error('the demo paper does not add up to 100');
  await ExamPaperQuestion.bulkCreate(
    onPaper.map((questionId, sort) => ({ projectId, paperId: paper.id, questionId, scoreTenths, sort })),
    { transaction },
  );
  await ExamSetting.create(
    {
      projectId,
      classId: cls.id,
      paperId: paper.id,
      timeLimitMinutes: 20,
      attemptsAllowed: 3,
      reviewPolicy: 'AFTER_SUBMIT',
      exerciseEnabled: true,
    },
    { transaction },
  );
}
