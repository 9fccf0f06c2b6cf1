import type { MyClassApply } from '../../contract/class-apply';
import type { EvaluationItem } from '../../contract/class-evaluation';
import { tenthsToHours } from '../../contract/course';
import type { ClassItem } from '../../contract/train-class';
import { fenToYuan } from '../../contract/train-class';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import type { CategoryPlace } from '../class-category/category-places';
import type { ClassApply } from './class-apply.model';
import { type ClassHours, type EnrolmentCounts, notOfferedReason } from './class-read';
import type { ClassEvaluation, TrainClass } from './train-class.model';

/** How classes and their evaluations are answered: a list row from its record and the lookups of its batch. */

/** What presenting classes needs beyond their rows, read once for a batch of classes. */
export interface ClassLookups {
  plans: Map<number, { name: string; status: string }>;
  places: Map<number, CategoryPlace>;
  hours: Map<number, ClassHours>;
  enrolments: Map<number, EnrolmentCounts>;
  today: string;
}

/** The columns of a class a list row shows. */
export type ClassRecord = Pick<
  TrainClass,
  | 'id'
  | 'name'
  | 'planId'
  | 'year'
  | 'categoryId'
  | 'amountFen'
  | 'enrolStartDate'
  | 'enrolEndDate'
  | 'studyStartDate'
  | 'studyEndDate'
  | 'onShelf'
  | 'sort'
  | 'electiveHoursTenths'
  | 'createdAt'
  | 'updatedAt'
>;

/** A class as a list row, from its record and the lookups of its batch. */
export function presentClassItem(cls: ClassRecord, lookups: ClassLookups): ClassItem {
  const plan = lookups.plans.get(cls.planId);
  const place = lookups.places.get(cls.categoryId);
  const hours = lookups.hours.get(cls.id);
  return {
    id: cls.id,
    name: cls.name,
    planId: cls.planId,
    planName: plan?.name ?? '',
    year: cls.year,
    categoryId: cls.categoryId,
    baseType: place?.baseType ?? 'public',
    categoryPath: place?.path ?? '',
    amount: cls.amountFen,
    enrolStartDate: cls.enrolStartDate,
    enrolEndDate: cls.enrolEndDate,
    studyStartDate: cls.studyStartDate,
    studyEndDate: cls.studyEndDate,
    onShelf: cls.onShelf,
    offered: notOfferedReason(cls, plan?.status ?? '', lookups.today) === null,
    sort: cls.sort,
    requiredHours: tenthsToHours(hours?.requiredTenths ?? 0),
    electiveHours: tenthsToHours(cls.electiveHoursTenths),
    courseCount: hours?.courseCount ?? 0,
    enrolledCount: lookups.enrolments.get(cls.id)?.paid ?? 0,
    unpaidCount: lookups.enrolments.get(cls.id)?.unpaid ?? 0,
    leftCount: lookups.enrolments.get(cls.id)?.left ?? 0,
    createdAt: cls.createdAt.toISOString(),
    updatedAt: cls.updatedAt.toISOString(),
  };
}

export function presentEvaluation(evaluation: ClassEvaluation, studentName: string): EvaluationItem {
  return {
    id: evaluation.id,
    classId: evaluation.classId,
    studentName,
    score: evaluation.score,
    content: evaluation.content,
    status: evaluation.status,
    createdAt: evaluation.createdAt.toISOString(),
    updatedAt: evaluation.updatedAt.toISOString(),
  };
}

/** The columns of the class list export, in order. */
export const CLASS_EXPORT_COLUMNS: readonly XlsxColumn<ClassItem>[] = [
  { header: '班级名称', width: 40, value: (item) => item.name },
  { header: '年度', width: 8, value: (item) => item.year },
  { header: '培训计划', width: 36, value: (item) => item.planName },
  { header: '班级类型', width: 30, value: (item) => item.categoryPath },
  { header: '价格（元）', width: 12, numFmt: '0.00', value: (item) => Number(fenToYuan(item.amount)) },
  { header: '必修学时', width: 10, value: (item) => item.requiredHours },
  { header: '选修学时', width: 10, value: (item) => item.electiveHours },
  { header: '报名开始', width: 12, value: (item) => item.enrolStartDate },
  { header: '报名结束', width: 12, value: (item) => item.enrolEndDate },
  { header: '学习开始', width: 12, value: (item) => item.studyStartDate },
  { header: '学习结束', width: 12, value: (item) => item.studyEndDate },
  { header: '上架状态', width: 10, value: (item) => (item.onShelf ? '已上架' : '已下架') },
  { header: '报名人数', width: 10, value: (item) => item.enrolledCount },
  { header: '待支付', width: 8, value: (item) => item.unpaidCount },
  { header: '已退款/转出', width: 12, value: (item) => item.leftCount },
  { header: '创建时间', width: 20, value: (item) => chinaDateTime(item.createdAt) },
];

/** An application as its student sees it. */
export function presentMyClassApply(row: ClassApply): MyClassApply {
  return { id: row.id, status: row.status, remark: row.remark, createdAt: row.createdAt.toISOString() };
}
