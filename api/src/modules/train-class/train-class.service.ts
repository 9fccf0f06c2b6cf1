import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import { hoursToTenths, tenthsToHours } from '../../contract/course';
import type {
  ClassDetail,
  ClassFilters,
  ClassItem,
  classAmountInput,
  classPageInput,
  classSaveInput,
  classShelfInput,
  classSortInput,
} from '../../contract/train-class';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { emit } from '../../core/events';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { categoryAndBelow, categoryPlaces } from '../class-category/category-places';
import { Course } from '../course/course.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { checkYear } from '../train-plan/train-plan.service';
import { classExamDropped } from './class.events';
import { chinaToday, classCourseItems, classHours, enrolmentCounts } from './class-read';
import { MyClass, TrainClass, TrainClassCourse } from './train-class.model';
import type { ClassLookups } from './train-class.presenter';
import { presentClassItem } from './train-class.presenter';

/**
 * The back-office class calls (班级管理 and 班级详情): create and edit a class with its courses,
 * read, list, shelve, price, order and delete classes. Copies, batch changes and the export build on
 * the readers and rules exported here.
 */

export const CLASS_NOT_FOUND = '班级不存在';
/** Namespace of the advisory lock that serialises the display order of one project's new classes. */
const SORT_LOCK_NAMESPACE = 4_711_010;

// ---------------------------------------------------------------------------------------------
// Loading and presenting

/** One class of the project, locked for update inside a transaction. Throws BusinessError 班级不存在. */
export async function loadClass(
  projectId: number,
  id: number,
  transaction?: Transaction,
): Promise<TrainClass> {
  const cls = await TrainClass.findOne({
    where: { id, projectId },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!cls) throw new BusinessError(CLASS_NOT_FOUND);
  return cls;
}

/**
 * Classes of the project in the order of `ids`, locked for update. Throws BusinessError 班级不存在
 * when one is missing or belongs to another project (nothing is changed then).
 */
export async function loadClasses(
  projectId: number,
  ids: number[],
  transaction: Transaction,
): Promise<TrainClass[]> {
  const rows = await TrainClass.findAll({
    where: { id: ids, projectId },
    order: [['id', 'ASC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const cls = byId.get(id);
    if (!cls) throw new BusinessError(CLASS_NOT_FOUND);
    return cls;
  });
}

/** What presenting a batch of classes needs beyond their rows, read once. */
async function lookupsFor(
  projectId: number,
  classes: TrainClass[],
  transaction?: Transaction,
): Promise<ClassLookups> {
  const ids = classes.map((cls) => cls.id);
  const plans = await TrainPlan.findAll({
    where: { id: [...new Set(classes.map((cls) => cls.planId))], projectId },
    transaction,
  });
  return {
    plans: new Map(plans.map((plan) => [plan.id, plan])),
    places: await categoryPlaces(projectId, transaction),
    hours: await classHours(projectId, ids, transaction),
    enrolments: await enrolmentCounts(projectId, ids, transaction),
    today: chinaToday(),
  };
}

/** Classes of the project as list rows (plan, category path, hours, offered, enrolments), in the given order. */
export async function classItems(
  projectId: number,
  classes: TrainClass[],
  transaction?: Transaction,
): Promise<ClassItem[]> {
  if (classes.length === 0) return [];
  const lookups = await lookupsFor(projectId, classes, transaction);
  return classes.map((cls) => presentClassItem(cls, lookups));
}

/** One class of the project with its courses and settings (`class/detail`). Throws BusinessError 班级不存在. */
export async function getClassDetail(scope: TenantScope, id: number): Promise<ClassDetail> {
  const projectId = scope.project.id;
  const cls = await loadClass(projectId, id);
  const [item] = await classItems(projectId, [cls]);
  const template = cls.certificateTemplateId
    ? await CertificateTemplate.findOne({ where: { id: cls.certificateTemplateId, projectId } })
    : null;
  return {
    ...(item as ClassItem),
    studyInOrder: cls.studyInOrder,
    examRequired: cls.examRequired,
    applyRequired: cls.applyRequired,
    examPassScore: cls.examPassScore,
    certificateTemplateId: cls.certificateTemplateId,
    certificateTemplateName: template?.name ?? null,
    teacherName: cls.teacherName,
    description: cls.description,
    courses: await classCourseItems(projectId, cls.id),
  };
}

// ---------------------------------------------------------------------------------------------
// Listing

/** The order of class lists: `sort` ascending, then newest first. */
export const CLASS_LIST_ORDER: [string, 'ASC' | 'DESC'][] = [
  ['sort', 'ASC'],
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
];

/**
 * The condition of the class list filters: part of the name, year, plan, category (with the
 * categories below it) and shelf state, within the project.
 */
export async function classListWhere(
  projectId: number,
  input: ClassFilters,
): Promise<WhereOptions<TrainClass>> {
  const categoryIds =
    input.categoryId === undefined
      ? undefined
      : categoryAndBelow(await categoryPlaces(projectId), input.categoryId);
  return {
    projectId,
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.year !== undefined ? { year: input.year } : {}),
    ...(input.planId !== undefined ? { planId: input.planId } : {}),
    ...(categoryIds ? { categoryId: categoryIds } : {}),
    ...(input.shelf ? { onShelf: input.shelf === 'ON' } : {}),
  };
}

/** One page of the project's classes in display order (`class/page`). */
export async function pageClasses(
  scope: TenantScope,
  input: z.output<typeof classPageInput>,
): Promise<PageAnswer<ClassItem>> {
  const projectId = scope.project.id;
  return modelPage(
    TrainClass,
    {
      where: await classListWhere(projectId, input),
      order: CLASS_LIST_ORDER,
    },
    input,
    (rows) => classItems(projectId, rows),
  );
}

// ---------------------------------------------------------------------------------------------
// Rules shared by saving, copying and batch changes

const fieldError = (field: string, rule: string, message: string): FieldError => ({ field, rule, message });

/**
 * The field errors of choosing a plan for a class: a plan of the project that is not CLOSED
 * (checked only when the plan is chosen or changed; a class keeps a plan closed later).
 */
export async function planErrors(
  projectId: number,
  planId: number,
  transaction: Transaction,
): Promise<FieldError[]> {
  const plan = await TrainPlan.findOne({ where: { id: planId, projectId }, transaction });
  if (!plan) return [fieldError('planId', 'exists', '培训计划不存在')];
  if (plan.status === 'CLOSED')
    return [fieldError('planId', 'closed', `培训计划「${plan.name}」已关闭，不能选择`)];
  return [];
}

/** The field errors of a year outside `classStartYear` .. next year (checked when chosen or changed). */
export function yearErrors(scope: TenantScope, year: number, now: Date): FieldError[] {
  try {
    checkYear(scope, year, now);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
}

/** The field errors of a category that is not a node of the project's class-type tree. */
export async function categoryErrors(
  projectId: number,
  categoryId: number,
  transaction: Transaction,
): Promise<FieldError[]> {
  const places = await categoryPlaces(projectId, transaction);
  return places.has(categoryId) ? [] : [fieldError('categoryId', 'exists', '班级分类不存在')];
}

/** The field errors of a certificate template that is not the project's or not ENABLED. */
async function templateErrors(
  projectId: number,
  templateId: number,
  transaction: Transaction,
): Promise<FieldError[]> {
  const template = await CertificateTemplate.findOne({ where: { id: templateId, projectId }, transaction });
  if (!template) return [fieldError('certificateTemplateId', 'exists', '证书模板不存在')];
  if (template.status !== 'ENABLED')
    return [fieldError('certificateTemplateId', 'enabled', `证书模板「${template.name}」已停用`)];
  return [];
}

/** A course of a class as it will be written. */
interface ClassCourseRow {
  courseId: number;
  kind: 'REQUIRED' | 'ELECTIVE';
  hoursTenths: number;
}

/**
 * Checks the course list of `class/create`: PUBLISHED courses of the project, each once
 * (`courses.<i>.courseId`); absent hours take the course's own. Answers the rows to write and the
 * errors found.
 */
async function resolveCourses(
  projectId: number,
  input: z.output<typeof classSaveInput>['courses'],
  transaction: Transaction,
): Promise<{ rows: ClassCourseRow[]; errors: FieldError[] }> {
  const ids = [...new Set(input.map((entry) => entry.courseId))];
  const courses = new Map(
    (await Course.findAll({ where: { id: ids, projectId }, transaction })).map((c) => [c.id, c]),
  );
  const errors: FieldError[] = [];
  const rows: ClassCourseRow[] = [];
  const seen = new Set<number>();
  for (const [index, entry] of input.entries()) {
    const field = `courses.${index}.courseId`;
    const course = courses.get(entry.courseId);
    if (!course) errors.push(fieldError(field, 'exists', '课程不存在'));
    else if (course.status !== 'PUBLISHED')
      errors.push(fieldError(field, 'published', `课程「${course.name}」未发布，不能加入班级`));
    else if (seen.has(course.id))
      errors.push(fieldError(field, 'unique', `课程「${course.name}」已在本班级中`));
    else
      rows.push({
        courseId: course.id,
        kind: entry.kind,
        hoursTenths: entry.hours === undefined ? course.hoursTenths : hoursToTenths(entry.hours),
      });
    seen.add(entry.courseId);
  }
  return { rows, errors };
}

/** The field errors of the hours: elective hours within the elective courses' hours; a class on the shelf keeps a required course. */
function hoursErrors(rows: ClassCourseRow[], electiveTenths: number, onShelf: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const electiveTotal = rows
    .filter((row) => row.kind === 'ELECTIVE')
    .reduce((sum, row) => sum + row.hoursTenths, 0);
  if (electiveTenths > electiveTotal)
    errors.push(
      fieldError(
        'electiveHours',
        'max',
        `选修学时不能超过选修课程的学时之和 ${tenthsToHours(electiveTotal)}`,
      ),
    );
  if (onShelf && !rows.some((row) => row.kind === 'REQUIRED'))
    errors.push(fieldError('courses', 'required', '已上架的班级至少需要一门必修课程'));
  return errors;
}

/** The next display position of the project's classes (after the last), under a lock until the transaction ends. */
export async function nextSort(scope: TenantScope, transaction: Transaction): Promise<number> {
  const projectId = scope.project.id;
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :projectId)', {
    replacements: { namespace: SORT_LOCK_NAMESPACE, projectId },
    transaction,
  });
  const max = await TrainClass.max<number | null, TrainClass>('sort', { where: { projectId }, transaction });
  return (max ?? 0) + 1;
}

/** Writes a class's course list as given (replacing what it had). */
export async function writeCourses(
  projectId: number,
  classId: number,
  rows: ClassCourseRow[],
  transaction: Transaction,
): Promise<void> {
  await TrainClassCourse.destroy({ where: { projectId, classId }, transaction });
  await TrainClassCourse.bulkCreate(
    rows.map((row, sort) => ({ projectId, classId, ...row, sort })),
    { transaction },
  );
}

// ---------------------------------------------------------------------------------------------
// Saving

/** Everything `class/create` checks against the database; throws one ValidationError listing every field. */
async function checkSave(
  scope: TenantScope,
  input: z.output<typeof classSaveInput>,
  existing: TrainClass | null,
  now: Date,
  transaction: Transaction,
): Promise<ClassCourseRow[]> {
  const projectId = scope.project.id;
  const errors: FieldError[] = [];
  if (existing?.planId !== input.planId)
    errors.push(...(await planErrors(projectId, input.planId, transaction)));
  if (existing?.year !== input.year) errors.push(...yearErrors(scope, input.year, now));
  errors.push(...(await categoryErrors(projectId, input.categoryId, transaction)));
  if (input.certificateTemplateId && existing?.certificateTemplateId !== input.certificateTemplateId)
    errors.push(...(await templateErrors(projectId, input.certificateTemplateId, transaction)));
  const courses = await resolveCourses(projectId, input.courses, transaction);
  errors.push(...courses.errors);
  if (courses.errors.length === 0)
    errors.push(...hoursErrors(courses.rows, hoursToTenths(input.electiveHours), existing?.onShelf ?? false));
  if (errors.length) throw new ValidationError(errors);
  return courses.rows;
}

/**
 * Creates a class (off the shelf, last in the order) or updates one (`id`), replacing its course
 * list as sent. The plan is the project's and not CLOSED when chosen or changed, the year within
 * `classStartYear` .. next year when chosen or changed, the category of the project's tree, the
 * certificate template the project's and ENABLED when chosen or changed, the courses PUBLISHED
 * courses of the project once each (hours default to the course's), the elective hours within the
 * elective courses' hours, and a class on the shelf keeps a required course. Audited. Throws
 * ValidationError naming every failing field, BusinessError 班级不存在.
 */
export async function saveClass(
  scope: ActorScope,
  input: z.output<typeof classSaveInput>,
  now: Date = new Date(),
): Promise<ClassDetail> {
  const projectId = scope.project.id;
  const id = await scope.sequelize.transaction(async (transaction) => {
    const existing = input.id ? await loadClass(projectId, input.id, transaction) : null;
    const courses = await checkSave(scope, input, existing, now, transaction);
    const fields = {
      name: input.name,
      planId: input.planId,
      year: input.year,
      categoryId: input.categoryId,
      certificateTemplateId: input.certificateTemplateId ?? null,
      amountFen: input.amount,
      enrolStartDate: input.enrolStartDate,
      enrolEndDate: input.enrolEndDate,
      studyStartDate: input.studyStartDate,
      studyEndDate: input.studyEndDate,
      electiveHoursTenths: hoursToTenths(input.electiveHours),
      studyInOrder: input.studyInOrder,
      examRequired: input.examRequired,
      applyRequired: input.applyRequired,
      examPassScore: input.examPassScore,
      teacherName: input.teacherName ?? null,
      description: input.description ?? null,
    };
    let cls: TrainClass;
    if (existing) {
      const examDropped = existing.examRequired && !fields.examRequired;
      await existing.update(fields, { transaction });
      cls = existing;
      if (examDropped) await emit(scope, classExamDropped, { projectId, classId: cls.id }, transaction);
    } else {
      const sort = await nextSort(scope, transaction);
      cls = await TrainClass.create(
        { projectId, ...fields, sort, createdBy: scope.principal.accountId },
        { transaction },
      );
    }
    await writeCourses(projectId, cls.id, courses, transaction);
    await audit(
      scope,
      {
        action: existing ? 'class.update' : 'class.create',
        projectId,
        targetType: 'class',
        targetId: cls.id,
        detail: { ...fields, description: undefined, courses },
      },
      transaction,
    );
    return cls.id;
  });
  return getClassDetail(scope, id);
}

// ---------------------------------------------------------------------------------------------
// Shelf, price, order, deletion

/** Why a class may not go on the shelf on China day `today`, or null. */
async function shelfRefusal(
  cls: TrainClass,
  today: string,
  transaction: Transaction,
): Promise<string | null> {
  const { projectId } = cls;
  const plan = await TrainPlan.findOne({ where: { id: cls.planId, projectId }, transaction });
  if (plan?.status !== 'PUBLISHED') return `班级「${cls.name}」的培训计划未发布，不能上架`;
  const rows = await TrainClassCourse.findAll({ where: { projectId, classId: cls.id }, transaction });
  if (!rows.some((row) => row.kind === 'REQUIRED')) return `班级「${cls.name}」没有必修课程，不能上架`;
  const draft = await Course.findOne({
    where: { id: rows.map((row) => row.courseId), projectId, status: { [Op.ne]: 'PUBLISHED' } },
    transaction,
  });
  if (draft) return `班级「${cls.name}」的课程「${draft.name}」未发布，不能上架`;
  if (today > cls.studyEndDate) return `班级「${cls.name}」的学习已于 ${cls.studyEndDate} 结束，不能上架`;
  return null;
}

/**
 * Puts classes on the shelf (each needs a PUBLISHED plan, a required course, only PUBLISHED
 * courses and a study window not yet over, China time; one refusal refuses the whole call) or
 * takes them off (always). Sets `shelvedAt` when a class goes on, clears it when it comes off.
 * Audited. Throws BusinessError naming the class, or 班级不存在.
 */
export async function setClassShelf(
  scope: ActorScope,
  input: z.output<typeof classShelfInput>,
  now: Date = new Date(),
): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const classes = await loadClasses(projectId, input.ids, transaction);
    const changing = classes.filter((cls) => cls.onShelf !== input.onShelf);
    if (input.onShelf) {
      const today = chinaToday(now);
      for (const cls of changing) {
        const refusal = await shelfRefusal(cls, today, transaction);
        if (refusal) throw new BusinessError(refusal);
      }
    }
    for (const cls of changing)
      await cls.update({ onShelf: input.onShelf, shelvedAt: input.onShelf ? now : null }, { transaction });
    await audit(
      scope,
      {
        action: input.onShelf ? 'class.on-shelf' : 'class.off-shelf',
        projectId,
        targetType: 'class',
        targetId: changing.map((cls) => cls.id).join(','),
        detail: { ids: changing.map((cls) => cls.id) },
      },
      transaction,
    );
  });
}

/** Sets the price (fen) of one class. Audited with the old and new price. Throws BusinessError 班级不存在. */
export async function setClassAmount(
  scope: ActorScope,
  input: z.output<typeof classAmountInput>,
): Promise<ClassItem> {
  const projectId = scope.project.id;
  const cls = await scope.sequelize.transaction(async (transaction) => {
    const row = await loadClass(projectId, input.id, transaction);
    const before = row.amountFen;
    await row.update({ amountFen: input.amount }, { transaction });
    await audit(
      scope,
      {
        action: 'class.amount',
        projectId,
        targetType: 'class',
        targetId: row.id,
        detail: { before, after: input.amount },
      },
      transaction,
    );
    return row;
  });
  return (await classItems(projectId, [cls]))[0] as ClassItem;
}

/**
 * Sets the display order of classes of the project (`sort` ascending). Every id must be a class of
 * the project, once. Audited. Throws ValidationError naming `items`, BusinessError 班级不存在.
 */
export async function sortClasses(scope: ActorScope, input: z.output<typeof classSortInput>): Promise<void> {
  const projectId = scope.project.id;
  const ids = input.items.map((item) => item.id);
  if (new Set(ids).size !== ids.length)
    throw new ValidationError([fieldError('items', 'unique', '同一班级只能出现一次')]);
  await scope.sequelize.transaction(async (transaction) => {
    const classes = await loadClasses(projectId, ids, transaction);
    for (const [index, cls] of classes.entries()) {
      const sort = input.items[index]?.sort ?? cls.sort;
      if (cls.sort !== sort) await cls.update({ sort }, { transaction });
    }
    await audit(
      scope,
      { action: 'class.sort', projectId, targetType: 'class', detail: { items: input.items } },
      transaction,
    );
  });
}

/**
 * Deletes a class with its courses (its cart rows and evaluations go with it). Refused while it is
 * on the shelf and once any student enrolled (any enrolment, whatever its state). Audited. Throws
 * BusinessError 班级不存在 or naming the refusal.
 */
export async function deleteClass(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const cls = await loadClass(projectId, id, transaction);
    if (cls.onShelf) throw new BusinessError('班级已上架，请先下架再删除');
    const enrolled = await MyClass.count({ where: { projectId, classId: id }, transaction });
    if (enrolled) throw new BusinessError(`已有学员报名该班级（${enrolled} 人），不能删除`);
    await TrainClassCourse.destroy({ where: { projectId, classId: id }, transaction });
    await cls.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'class.delete',
        projectId,
        targetType: 'class',
        targetId: id,
        detail: { name: cls.name, planId: cls.planId, year: cls.year },
      },
      transaction,
    );
  });
}
