import { listen } from '../../core/events';
import { classCopied } from '../train-class/class.events';
import { ExamSetting } from './exam.model';

/**
 * The exam's listeners: a copied class gets its source's exam settings (paper, time limit,
 * attempts, review policy, exercises), so a copy of a class requiring an exam is configured too.
 */
export function listenExam(): void {
  listen(classCopied, async (_scope, { projectId, sourceClassId, copyClassId }, transaction) => {
    const source = await ExamSetting.findOne({ where: { projectId, classId: sourceClassId }, transaction });
    if (!source) return;
    await ExamSetting.create(
      {
        projectId,
        classId: copyClassId,
        paperId: source.paperId,
        timeLimitMinutes: source.timeLimitMinutes,
        attemptsAllowed: source.attemptsAllowed,
        reviewPolicy: source.reviewPolicy,
        exerciseEnabled: source.exerciseEnabled,
      },
      { transaction },
    );
  });
}
