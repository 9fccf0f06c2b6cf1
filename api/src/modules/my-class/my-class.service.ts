import { literal, Op, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { ClassBaseType } from '../../contract/class-category';
import {
  MY_CLASS_END_MESSAGES,
  type MyClassItem,
  type MyClassPage,
  type MyPortfolio,
  type myClassPageInput,
} from '../../contract/my-class';
import type { MyClassStatus } from '../../contract/train-class';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize, gatherFacts } from '../../core/policy';
import { categoryPlaces } from '../class-category/category-places';
import { enrolmentCorrections } from '../study-report/correction.service';
import { chinaToday, classHours } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { myClassAbilityHook } from './my-class.policy';
import { presentMyClassItem } from './my-class.presenter';

/** Enrolments that no longer lead anywhere: the 已结束 list whatever their window says. */
const ENDED_STATUS: readonly MyClassStatus[] = ['EXPIRED', 'REFUNDED', 'CHANGED_OUT'];

/**
 * The enrolments of the student in the current or ended list (see MyClassScope); `today` is a
 * China day `YYYY-MM-DD` the server computed, so it is safe in the SQL.
 */
function scopeWhere(
  projectId: number,
  scope: 'current' | 'ended' | undefined,
  today: string,
): WhereOptions<MyClass> {
  if (!scope) return {};
  const endedClasses = literal(
    `(SELECT id FROM train_class WHERE project_id = ${Number(projectId)} AND study_end_date < '${today}')`,
  );
  return scope === 'ended'
    ? {
        [Op.or]: [
          { status: [...ENDED_STATUS] },
          { classId: { [Op.in]: endedClasses } },
          { endedAt: { [Op.ne]: null } },
        ],
      }
    : { status: { [Op.notIn]: [...ENDED_STATUS] }, classId: { [Op.notIn]: endedClasses }, endedAt: null };
}

/**
 * `my-class/page`: the signed-in student's enrolments in their project, newest first, each with its
 * class's name, year, study window, base type, the hours it asks for and those credited so far
 * (elective hours 0 when the project hides electives); `scope` picks the current or ended ones.
 */
export async function pageMyClasses(
  scope: ActorScope,
  input: z.output<typeof myClassPageInput>,
  today = chinaToday(scope.providers.clock.now()),
): Promise<MyClassPage> {
  const projectId = scope.project.id;
  const where: WhereOptions<MyClass> = {
    [Op.and]: [
      { projectId, accountId: scope.principal.accountId },
      ...(input.status ? [{ status: input.status }] : []),
      scopeWhere(projectId, input.scope, today),
    ],
  };
  return newestFirstPage(MyClass, where, input, async (rows) => {
    const classIds = rows.map((row) => row.classId);
    const classes = await TrainClass.findAll({ where: { projectId, id: classIds } });
    return presentMine(scope, rows, classes, today);
  });
}

/**
 * The student's enrolments as 我的班级 shows them (those whose class is gone left out): with their
 * classes' hours and base types, their corrections, and their abilities (结束班级 here, 转班 from
 * the change-class module through `myClassAbilityHook`).
 */
async function presentMine(
  scope: ActorScope,
  rows: readonly MyClass[],
  classList: readonly TrainClass[],
  today: string,
): Promise<MyClassItem[]> {
  const projectId = scope.project.id;
  const classes = new Map(classList.map((cls) => [cls.id, cls]));
  const shown = rows.filter((row) => classes.has(row.classId));
  const [hours, places, corrections] = await Promise.all([
    classHours(projectId, [...classes.keys()]),
    categoryPlaces(projectId),
    enrolmentCorrections(
      scope.sequelize,
      projectId,
      shown.map((row) => row.id),
    ),
  ]);
  const requiredOf = (classId: number) => hours.get(classId)?.requiredTenths ?? 0;
  const parts = await gatherFacts(scope, myClassAbilityHook, {
    enrolments: shown.map((row) => ({ row, classRequiredTenths: requiredOf(row.classId) })),
  });
  const hideElective = scope.project.settings.hideElective === 1;
  return shown.map((row) => {
    const cls = classes.get(row.classId) as TrainClass;
    return presentMyClassItem(scope, row, cls, {
      requiredTenths: requiredOf(cls.id),
      baseType: places.get(cls.categoryId)?.baseType ?? 'public',
      hideElective,
      today,
      corrections: corrections.get(row.id) ?? [],
      abilities: Object.assign({}, ...parts.map((part) => part.get(row.id) ?? {})),
    });
  });
}

/**
 * `my-class/portfolio`: the student's study so far: how many classes (and how many in each state,
 * pending payments left out), the required hours credited per base type of the class, and the
 * elective hours (0 when the project hides electives).
 */
export async function myPortfolio(scope: ActorScope): Promise<MyPortfolio> {
  const projectId = scope.project.id;
  const enrolments = await MyClass.findAll({
    where: { projectId, accountId: scope.principal.accountId, status: { [Op.ne]: 'PENDING_PAY' } },
  });
  const classes = new Map(
    (
      await TrainClass.findAll({
        attributes: ['id', 'categoryId'],
        where: { projectId, id: enrolments.map((row) => row.classId) },
      })
    ).map((cls) => [cls.id, cls]),
  );
  const places = await categoryPlaces(projectId);
  const hoursByBaseType: Record<ClassBaseType, number> = { public: 0, specialized: 0 };
  const countsByStatus: Partial<Record<MyClassStatus, number>> = {};
  let electiveTenths = 0;
  for (const row of enrolments) {
    countsByStatus[row.status] = (countsByStatus[row.status] ?? 0) + 1;
    const cls = classes.get(row.classId);
    const base = (cls && places.get(cls.categoryId)?.baseType) ?? 'public';
    hoursByBaseType[base] += row.requiredTenths;
    electiveTenths += row.electiveTenths;
  }
  return {
    classCount: enrolments.length,
    countsByStatus,
    hoursByBaseType: { public: hoursByBaseType.public / 10, specialized: hoursByBaseType.specialized / 10 },
    electiveHours: scope.project.settings.hideElective === 1 ? 0 : electiveTenths / 10,
  };
}

/**
 * `my-class/end-class`: the student closes their own passed class (结束班级); it is listed under
 * 已结束 from then and answered as it is now. Refused by the policy `my-class.end` otherwise.
 */
export async function endMyClass(
  scope: ActorScope,
  id: number,
  today = chinaToday(scope.providers.clock.now()),
): Promise<MyClassItem> {
  const projectId = scope.project.id;
  const { row, cls } = await scope.sequelize.transaction(async (transaction) => {
    const row = await MyClass.findOne({
      where: { id, projectId, accountId: scope.principal.accountId },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!row) throw new BusinessError(MY_CLASS_END_MESSAGES.NOT_FOUND);
    authorize(scope, 'my-class.end', row);
    await row.update({ endedAt: scope.providers.clock.now() }, { transaction });
    const cls = await TrainClass.findOne({ where: { id: row.classId, projectId }, transaction });
    if (!cls) throw new BusinessError(MY_CLASS_END_MESSAGES.NOT_FOUND);
    return { row, cls };
  });
  const [item] = await presentMine(scope, [row], [cls], today);
  return item as MyClassItem;
}
