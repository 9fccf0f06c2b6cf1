import type { Transaction } from 'sequelize';
import type { z } from 'zod';
import type {
  ExamSetting as ExamSettingAnswer,
  examSettingSaveInput,
  ReviewPolicy,
} from '../../contract/exam-setting';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { emit } from '../../core/events';
import { audit } from '../audit/audit.service';
import { classExamDropped } from '../train-class/class.events';
import { TrainClass } from '../train-class/train-class.model';
import { ExamPaper, ExamSetting } from './exam.model';
import { presentExamSetting } from './exam.presenter';

/**
 * The exam of a class (part of the class editor): the class's own `examRequired` and
 * `examPassScore`, and the rest in `exam_setting` (paper, time limit, attempts, review policy,
 * exercises). A class that requires an exam but has no paper says so on the exam entry
 * (NOT_CONFIGURED) rather than being kept off the shelf; saving such settings is refused.
 */

const CLASS_NOT_FOUND = '班级不存在';

/** What a class's exam is when its settings were never saved. */
export const DEFAULT_EXAM_SETTING = {
  paperId: null,
  timeLimitMinutes: 60,
  attemptsAllowed: 3,
  reviewPolicy: 'AFTER_SUBMIT' as ReviewPolicy,
  exerciseEnabled: false,
};

/** The effective exam of a class: its settings (or the defaults) and its paper, if any. */
export interface ClassExam {
  paperId: number | null;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  reviewPolicy: ReviewPolicy;
  exerciseEnabled: boolean;
  paper: ExamPaper | null;
}

/** The exam settings of a class of the project (defaults when never saved) with its paper. */
export async function classExam(
  projectId: number,
  classId: number,
  transaction?: Transaction,
): Promise<ClassExam> {
  const row = await ExamSetting.findOne({ where: { projectId, classId }, transaction });
  const setting = row
    ? {
        paperId: row.paperId,
        timeLimitMinutes: row.timeLimitMinutes,
        attemptsAllowed: row.attemptsAllowed,
        reviewPolicy: row.reviewPolicy,
        exerciseEnabled: row.exerciseEnabled,
      }
    : DEFAULT_EXAM_SETTING;
  const paper = setting.paperId
    ? await ExamPaper.findOne({ where: { projectId, id: setting.paperId }, transaction })
    : null;
  return { ...setting, paper };
}

async function loadClass(scope: TenantScope, classId: number, transaction?: Transaction) {
  const cls = await TrainClass.findOne({ where: { id: classId, projectId: scope.project.id }, transaction });
  if (!cls) throw new BusinessError(CLASS_NOT_FOUND);
  return cls;
}

/** `exam-setting/get`. Throws BusinessError 班级不存在 (also for another project's class). */
export async function examSetting(scope: TenantScope, classId: number): Promise<ExamSettingAnswer> {
  const cls = await loadClass(scope, classId);
  return presentExamSetting(cls, await classExam(scope.project.id, cls.id));
}

/**
 * `exam-setting/save`: the exam of a class. A required exam needs a paper of the project; an
 * exercise needs one too. Changes apply to attempts started afterwards (an open attempt keeps its
 * questions, deadline and pass mark). Audited. Throws ValidationError naming `paperId`;
 * BusinessError 班级不存在.
 */
export async function saveExamSetting(
  scope: ActorScope,
  input: z.output<typeof examSettingSaveInput>,
): Promise<ExamSettingAnswer> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const cls = await TrainClass.findOne({
      where: { id: input.classId, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!cls) throw new BusinessError(CLASS_NOT_FOUND);
    if (input.paperId) {
      const paper = await ExamPaper.findOne({ where: { id: input.paperId, projectId }, transaction });
      if (!paper) throw new ValidationError([{ field: 'paperId', rule: 'exists', message: '试卷不存在' }]);
    } else if (input.examRequired || input.exerciseEnabled) {
      throw new ValidationError([
        { field: 'paperId', rule: 'required', message: '需要考试或开启练习的班级请选择试卷' },
      ]);
    }
    const values = {
      paperId: input.paperId ?? null,
      timeLimitMinutes: input.timeLimitMinutes,
      attemptsAllowed: input.attemptsAllowed,
      reviewPolicy: input.reviewPolicy,
      exerciseEnabled: input.exerciseEnabled,
    };
    const existing = await ExamSetting.findOne({ where: { projectId, classId: cls.id }, transaction });
    if (existing) await existing.update(values, { transaction });
    else await ExamSetting.create({ projectId, classId: cls.id, ...values }, { transaction });
    const examDropped = cls.examRequired && !input.examRequired;
    await cls.update({ examRequired: input.examRequired, examPassScore: input.passScore }, { transaction });
    if (examDropped) await emit(scope, classExamDropped, { projectId, classId: cls.id }, transaction);
    await audit(
      scope,
      {
        action: 'exam-setting.save',
        projectId,
        targetType: 'train-class',
        targetId: cls.id,
        detail: { ...values, examRequired: input.examRequired, passScore: input.passScore },
      },
      transaction,
    );
    return presentExamSetting(cls, await classExam(projectId, cls.id, transaction));
  });
}
