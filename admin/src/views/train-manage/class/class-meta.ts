import {
  CLASS_AMOUNT_MAX_FEN,
  type ClassItem,
  type ClassShelf,
  type TrainPlanItem,
  yuanToFen,
} from '@px/api/contract';
import type { Rule } from 'antd/es/form';

/** The class list. */
export const CLASS_LIST_PATH = '/train-manage/class';

/** The class editor: `?id=` edits a class, without it a new class is created. */
export function classDetailPath(id?: number): string {
  return id === undefined ? '/train-manage/train-class-detail' : `/train-manage/train-class-detail?id=${id}`;
}

/** The shelf filter's choices. */
export const CLASS_SHELF_OPTIONS: { value: ClassShelf; label: string }[] = [
  { value: 'ON', label: '已上架' },
  { value: 'OFF', label: '已下架' },
];

/** A choice of a Select. */
export interface Choice {
  value: number;
  label: string;
  disabled?: boolean;
}

/** A plan as a Select option: `2025年 · 名称`, closed plans marked (and disabled unless `keep`). */
export function planOptions(plans: readonly TrainPlanItem[], keep?: number): Choice[] {
  return plans.map((plan) => {
    const closed = plan.status === 'CLOSED';
    return {
      value: plan.id,
      label: `${plan.year}年 · ${plan.name}${closed ? '（已关闭）' : ''}`,
      ...(closed && plan.id !== keep ? { disabled: true } : {}),
    };
  });
}

/**
 * Why a class cannot be deleted, or undefined when it can (the server decides in the end): any
 * enrolment keeps it, paid or not, refunded or changed out.
 */
export function classDeleteRefusal(
  item: Pick<ClassItem, 'onShelf' | 'enrolledCount' | 'unpaidCount' | 'leftCount'>,
): string | undefined {
  if (item.onShelf) return '请先下架班级';
  if (item.enrolledCount + item.unpaidCount + item.leftCount > 0) return '已有学员报名的班级不能删除';
  return undefined;
}

/** What the 报名人数 cell adds under the paid count: the unpaid and the refunded or changed out, when any. */
export function otherEnrolmentsText(item: Pick<ClassItem, 'unpaidCount' | 'leftCount'>): string | undefined {
  const parts = [
    ...(item.unpaidCount > 0 ? [`待支付 ${item.unpaidCount}`] : []),
    ...(item.leftCount > 0 ? [`退款/转出 ${item.leftCount}`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The message of a price that is not yuan with at most two decimals within the allowed range. */
export const AMOUNT_MESSAGE = `请输入 0 到 ${CLASS_AMOUNT_MAX_FEN / 100} 之间、最多两位小数的金额`;

/** A price typed in yuan as fen, or null when it is not a valid price of a class. */
export function priceFen(yuan: string | number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || String(yuan).trim() === '') return null;
  const fen = yuanToFen(yuan);
  return fen !== null && fen <= CLASS_AMOUNT_MAX_FEN ? fen : null;
}

/** The form rule of a price field in yuan (empty is left to a `required` rule). */
export const yuanRule: Rule = {
  validator: async (_rule, value: string | undefined) => {
    if (value === undefined || value === null || String(value).trim() === '') return;
    if (priceFen(value) === null) throw new Error(AMOUNT_MESSAGE);
  },
};

/** A date rule: the field is not before the date field `startField` (both `YYYY-MM-DD`). */
export function notBefore(startField: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const start = getFieldValue(startField) as string | undefined;
      if (value && start && value < start) throw new Error(message);
    },
  });
}
