import type { Transaction } from 'sequelize';
import { ClassEvaluation, MyClass, TrainClass } from './train-class.model';

/** Students of the demo whose enrolments and evaluations make the class centre look lived in. */
export const DEMO_REVIEWERS = [
  { realName: '李四', idCardNo: '370102198805122012', mobile: '13800000001' },
  { realName: '王五', idCardNo: '370103199208163028', mobile: '13800000002' },
  { realName: '赵六', idCardNo: '370112198509231532', mobile: '13800000003' },
] as const;

/** What the reviewers say, per reviewer: score and comment. */
const REVIEWS: readonly (readonly [number, string])[] = [
  [5, '课程内容实用，讲解清楚，工作中马上能用上。'],
  [4, '视频清晰，学习进度安排合理，希望多一些案例。'],
  [5, '随时随地用手机学习，很方便。'],
];

/** How many of the first offered classes (in display order) get enrolments and evaluations. */
const REVIEWED_CLASSES = 3;

/**
 * Enrols the reviewers (STUDYING) in the first offered demo classes and has each evaluate them, so
 * the H5 shows ratings and the back office enrolment counts and evaluations. The demo student 张三
 * stays unenrolled, free to try the cart.
 */
export async function seedEvaluationDemo(
  projectId: number,
  reviewerIds: readonly number[],
  transaction: Transaction,
): Promise<void> {
  const classes = await TrainClass.findAll({
    where: { projectId, onShelf: true },
    order: [
      ['sort', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: REVIEWED_CLASSES,
    transaction,
  });
  for (const cls of classes) {
    for (const [index, accountId] of reviewerIds.entries()) {
      const [score, content] = REVIEWS[index % REVIEWS.length] ?? [5, null];
      await MyClass.create({ projectId, accountId, classId: cls.id, status: 'STUDYING' }, { transaction });
      await ClassEvaluation.create(
        { projectId, classId: cls.id, accountId, score, content },
        { transaction },
      );
    }
  }
}
