import { Op, type Transaction, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import {
  JUDGE_OPTIONS,
  OPTION_LETTERS,
  type QuestionItem,
  type questionSaveInput,
} from '../../contract/course';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { audit } from '../audit/audit.service';
import { Resource } from '../resource/resource.model';
import { loadResource } from '../resource/resource.service';
import { ResourceQuestion } from './course.model';
import { presentQuestion } from './course.presenter';

export const QUESTION_NOT_FOUND = '弹题不存在';
const MARK_TAKEN = '该时间点已有弹题';

/** The questions of a video of the project, by mark. Throws BusinessError 视频不存在. */
export async function listQuestions(scope: TenantScope, resourceId: number): Promise<QuestionItem[]> {
  await loadResource(scope, resourceId);
  const rows = await ResourceQuestion.findAll({
    where: { projectId: scope.project.id, resourceId },
    order: [
      ['markSecond', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map(presentQuestion);
}

/**
 * The options and normalised answer of a question, or the field errors: SINGLE/MULTIPLE take 2..6
 * options, JUDGE none (or exactly 正确 / 错误); the answer's letters are among the options, without
 * repeats, one for SINGLE and JUDGE, at least two for MULTIPLE. Pure, for tests and the service.
 */
export function checkQuestionAnswer(
  input: Pick<z.output<typeof questionSaveInput>, 'type' | 'options' | 'answer'>,
): { options: string[]; answer: string } | FieldError[] {
  const errors: FieldError[] = [];
  let options = input.options;
  if (input.type === 'JUDGE') {
    const fixed =
      options.length === 0 || (options.length === 2 && options.every((o, i) => o === JUDGE_OPTIONS[i]));
    if (!fixed)
      errors.push({ field: 'options', rule: 'judge', message: '判断题的选项固定为「正确」「错误」' });
    options = [...JUDGE_OPTIONS];
  } else if (options.length < 2 || options.length > OPTION_LETTERS.length) {
    errors.push({
      field: 'options',
      rule: 'count',
      message: `选择题应有 2 到 ${OPTION_LETTERS.length} 个选项`,
    });
  } else if (new Set(options).size !== options.length) {
    errors.push({ field: 'options', rule: 'unique', message: '选项内容不能重复' });
  }
  const letters = [...input.answer];
  const allowed = OPTION_LETTERS.slice(0, options.length) as readonly string[];
  if (letters.some((letter) => !allowed.includes(letter)) || new Set(letters).size !== letters.length) {
    errors.push({
      field: 'answer',
      rule: 'option',
      message: `答案应为不重复的选项字母（${allowed[0]}-${allowed[allowed.length - 1]}）`,
    });
  } else if (input.type === 'MULTIPLE' && letters.length < 2) {
    errors.push({ field: 'answer', rule: 'count', message: '多选题至少有两个正确选项' });
  } else if (input.type !== 'MULTIPLE' && letters.length !== 1) {
    errors.push({ field: 'answer', rule: 'count', message: '单选题和判断题只有一个正确选项' });
  }
  return errors.length ? errors : { options, answer: letters.sort().join('') };
}

async function markTaken(
  video: Resource,
  markSecond: number,
  exceptId: number | undefined,
  transaction: Transaction,
): Promise<boolean> {
  const other = await ResourceQuestion.findOne({
    where: {
      // A project's video (loadResource): shared ones have no questions.
      projectId: video.projectId as number,
      resourceId: video.id,
      markSecond,
      ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}),
    },
    transaction,
  });
  return other !== null;
}

/**
 * Creates or edits a pop-up question on a video of the project at `markSecond` (0 < mark <
 * duration, one question per second). Audited. Throws ValidationError naming `resourceId`,
 * `markSecond`, `options` or `answer`; BusinessError 弹题不存在 for an unknown id or one of another
 * video.
 */
export async function saveQuestion(
  scope: ActorScope,
  input: z.output<typeof questionSaveInput>,
): Promise<QuestionItem> {
  const projectId = scope.project.id;
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      const video = await Resource.findOne({ where: { id: input.resourceId, projectId }, transaction });
      if (!video) throw new ValidationError([{ field: 'resourceId', rule: 'exists', message: '视频不存在' }]);
      let question: ResourceQuestion | null = null;
      if (input.id) {
        question = await ResourceQuestion.findOne({
          where: { id: input.id, projectId, resourceId: video.id },
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
        if (!question) throw new BusinessError(QUESTION_NOT_FOUND);
      }
      const errors: FieldError[] = [];
      if (input.markSecond >= video.durationSeconds)
        errors.push({
          field: 'markSecond',
          rule: 'max',
          message: `弹题时间应小于视频时长 ${video.durationSeconds} 秒`,
        });
      else if (await markTaken(video, input.markSecond, input.id, transaction))
        errors.push({ field: 'markSecond', rule: 'unique', message: MARK_TAKEN });
      const checked = checkQuestionAnswer(input);
      if (Array.isArray(checked)) errors.push(...checked);
      if (errors.length || Array.isArray(checked)) throw new ValidationError(errors);
      const fields = {
        markSecond: input.markSecond,
        type: input.type,
        content: input.content,
        options: checked.options,
        answer: checked.answer,
        explanation: input.explanation ?? null,
      };
      const before = question
        ? { markSecond: question.markSecond, type: question.type, answer: question.answer }
        : null;
      if (question) await question.update(fields, { transaction });
      else
        question = await ResourceQuestion.create(
          { projectId, resourceId: video.id, ...fields },
          { transaction },
        );
      await audit(
        scope,
        {
          action: before ? 'resource-question.update' : 'resource-question.create',
          projectId,
          targetType: 'resource-question',
          targetId: question.id,
          detail: {
            resourceId: video.id,
            ...(before ? { before } : {}),
            after: { markSecond: fields.markSecond, type: fields.type, answer: fields.answer },
          },
        },
        transaction,
      );
      return presentQuestion(question);
    });
  } catch (error) {
    // Another save took the same second meanwhile.
    if (error instanceof UniqueConstraintError)
      throw new ValidationError([{ field: 'markSecond', rule: 'unique', message: MARK_TAKEN }]);
    throw error;
  }
}

/** Deletes a pop-up question of the project. Audited. Throws BusinessError 弹题不存在. */
export async function deleteQuestion(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const question = await ResourceQuestion.findOne({ where: { id, projectId }, transaction });
    if (!question) throw new BusinessError(QUESTION_NOT_FOUND);
    await question.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'resource-question.delete',
        projectId,
        targetType: 'resource-question',
        targetId: question.id,
        detail: {
          resourceId: question.resourceId,
          markSecond: question.markSecond,
          content: question.content,
        },
      },
      transaction,
    );
  });
}
