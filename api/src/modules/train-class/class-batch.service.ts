import type { Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  CLASS_WINDOW_RULES,
  type ClassCopyAnswer,
  type ClassWindowField,
  type classBatchCopyInput,
  type classBatchModifyInput,
} from '../../contract/train-class';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { emit } from '../../core/events';
import { audit } from '../audit/audit.service';
import { classCopied } from './class.events';
import { TrainClass, TrainClassCourse } from './train-class.model';
import {
  categoryErrors,
  loadClasses,
  nextSort,
  planErrors,
  writeCourses,
  yearErrors,
} from './train-class.service';

/** Copies and batch changes of classes (`class/copy`, `class/batch-copy`, `class/batch-modify`): all or nothing. */

const COPY_SUFFIX = '（副本）';
const NAME_MAX = 100;

/** The name of a copy: "原名（副本）", the original cut so the whole fits 100 characters. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/** The plans a copy lands in must not be CLOSED; a target year must be within the project's range. */
async function checkCopyTarget(
  scope: TenantScope,
  sources: TrainClass[],
  input: z.output<typeof classBatchCopyInput>,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  const planIds = input.planId ? [input.planId] : [...new Set(sources.map((source) => source.planId))];
  const errors: FieldError[] = [];
  for (const planId of planIds) errors.push(...(await planErrors(projectId, planId, transaction)));
  if (input.year !== undefined) errors.push(...yearErrors(scope, input.year, now));
  if (errors.length) throw new ValidationError(errors);
}

/**
 * Copies classes with their courses, off the shelf, named "原名（副本）", placed at the end of the
 * order in the order of `ids`, into `planId` / `year` when given (else each keeps its own). The
 * plans may not be CLOSED and a given year lies within `classStartYear` .. next year. Audited.
 * Answers the new ids in the order of `ids`. Throws ValidationError naming `planId` / `year`,
 * BusinessError 班级不存在.
 */
export async function copyClasses(
  scope: ActorScope,
  input: z.output<typeof classBatchCopyInput>,
  now: Date = new Date(),
): Promise<ClassCopyAnswer> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const sources = await loadClasses(projectId, input.ids, transaction);
    await checkCopyTarget(scope, sources, input, now, transaction);
    let sort = await nextSort(scope, transaction);
    const ids: number[] = [];
    for (const source of sources) {
      const { id, createdAt, updatedAt, onShelf, shelvedAt, ...fields } = source.get({ plain: true });
      const copy = await TrainClass.create(
        {
          ...fields,
          name: copyName(source.name),
          planId: input.planId ?? source.planId,
          year: input.year ?? source.year,
          sort: sort++,
          createdBy: scope.principal.accountId,
        },
        { transaction },
      );
      const courses = await TrainClassCourse.findAll({
        where: { projectId, classId: id },
        order: [['sort', 'ASC']],
        transaction,
      });
      await writeCourses(
        projectId,
        copy.id,
        courses.map((row) => ({ courseId: row.courseId, kind: row.kind, hoursTenths: row.hoursTenths })),
        transaction,
      );
      await emit(scope, classCopied, { projectId, sourceClassId: id, copyClassId: copy.id }, transaction);
      ids.push(copy.id);
    }
    await audit(
      scope,
      {
        action: 'class.copy',
        projectId,
        targetType: 'class',
        targetId: ids.join(','),
        detail: { from: input.ids, to: ids, planId: input.planId, year: input.year },
      },
      transaction,
    );
    return { ids };
  });
}

/** The columns `class/batch-modify` may set, from its input (absent fields are left out). */
function modifications(input: z.output<typeof classBatchModifyInput>) {
  const changes = {
    planId: input.planId,
    year: input.year,
    categoryId: input.categoryId,
    amountFen: input.amount,
    enrolStartDate: input.enrolStartDate,
    enrolEndDate: input.enrolEndDate,
    studyStartDate: input.studyStartDate,
    studyEndDate: input.studyEndDate,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<
    typeof changes
  >;
}

/** The window errors of a class after the changes, naming the class and the end field. */
function windowErrors(cls: TrainClass, changes: Partial<Record<ClassWindowField, string>>): FieldError[] {
  const value = (field: ClassWindowField) => changes[field] ?? cls[field];
  return CLASS_WINDOW_RULES.filter(([start, end]) => value(end) < value(start)).map(([, end, message]) => ({
    field: end,
    rule: 'window',
    message: `班级「${cls.name}」：${message}`,
  }));
}

/**
 * Sets the given fields on every class of `ids` (absent fields stay). Each resulting class must be
 * valid: windows in order, the plan the project's and not CLOSED and the year within range when they
 * change, the category of the project's tree. All or nothing. Audited. Throws ValidationError
 * naming the field (and the class), BusinessError 班级不存在 or when nothing is to be changed.
 */
export async function batchModifyClasses(
  scope: ActorScope,
  input: z.output<typeof classBatchModifyInput>,
  now: Date = new Date(),
): Promise<void> {
  const projectId = scope.project.id;
  const changes = modifications(input);
  if (Object.keys(changes).length === 0) throw new BusinessError('请至少填写一项要修改的内容');
  await scope.sequelize.transaction(async (transaction) => {
    const classes = await loadClasses(projectId, input.ids, transaction);
    const errors: FieldError[] = [];
    const { planId, year, categoryId } = changes;
    if (planId !== undefined && classes.some((cls) => cls.planId !== planId))
      errors.push(...(await planErrors(projectId, planId, transaction)));
    if (year !== undefined && classes.some((cls) => cls.year !== year))
      errors.push(...yearErrors(scope, year, now));
    if (categoryId !== undefined) errors.push(...(await categoryErrors(projectId, categoryId, transaction)));
    for (const cls of classes) errors.push(...windowErrors(cls, changes));
    if (errors.length) throw new ValidationError(errors);
    for (const cls of classes) await cls.update(changes, { transaction });
    await audit(
      scope,
      {
        action: 'class.batch-modify',
        projectId,
        targetType: 'class',
        targetId: input.ids.join(','),
        detail: { ids: input.ids, changes },
      },
      transaction,
    );
  });
}
