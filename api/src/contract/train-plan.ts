import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  zEmptyOrNullAsAbsent,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';

/** The dictionary type of the plans' industries (shared entries seeded by migration 0007). */
export const INDUSTRY_DICTIONARY_TYPE = 'industry';

/**
 * A plan's life: DRAFT (being prepared, may be deleted) -> PUBLISHED (in force) -> CLOSED (over,
 * read-only); a closed plan may be published again. See docs/product-decisions.md "Catalogue".
 */
export const TRAIN_PLAN_STATUS = ['DRAFT', 'PUBLISHED', 'CLOSED'] as const;
export type TrainPlanStatus = (typeof TRAIN_PLAN_STATUS)[number];
export const zTrainPlanStatus = z.enum(TRAIN_PLAN_STATUS, { error: '状态应为 DRAFT、PUBLISHED 或 CLOSED' });

/** What can be done to a plan. */
export type TrainPlanOperation = 'edit' | 'publish' | 'close' | 'delete';

/**
 * The operations each status allows (the server refuses the others): a draft is edited, published
 * or deleted; a published plan is edited (not its year) or closed; a closed plan is only published
 * again.
 */
export const TRAIN_PLAN_OPERATIONS: Readonly<Record<TrainPlanStatus, readonly TrainPlanOperation[]>> = {
  DRAFT: ['edit', 'publish', 'delete'],
  PUBLISHED: ['edit', 'close'],
  CLOSED: ['publish'],
};

/** Whether a plan of `status` allows `operation`. */
export function trainPlanAllows(status: TrainPlanStatus, operation: TrainPlanOperation): boolean {
  return TRAIN_PLAN_OPERATIONS[status].includes(operation);
}

/** Whether `YYYY-MM-DD` names a real calendar day (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day as `YYYY-MM-DD`; `label` names it in the messages. */
export const zCalendarDate = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}`, abort: true })
    .refine(isCalendarDate, { error: `${label}应为有效日期（YYYY-MM-DD）` });

/** An optional date of a list's filters (`YYYY-MM-DD`): empty text and null count as absent. */
export const zOptionalCalendarDate = (label: string) => zEmptyOrNullAsAbsent(zCalendarDate(label));

/** A list's created-between filters (`YYYY-MM-DD`, China time, both ends included); check their order with `dateRangeInOrder`. */
export const zCreatedRange = {
  createdFrom: zOptionalCalendarDate('开始日期'),
  createdTo: zOptionalCalendarDate('结束日期'),
};

/**
 * A filter's date range in order: `to` not before `from` (either may be absent), else an error on
 * `to`. Spread into `.refine`: `.refine(...dateRangeInOrder('createdFrom', 'createdTo'))`.
 */
export function dateRangeInOrder<F extends string, T extends string>(from: F, to: T) {
  const inOrder = (value: Partial<Record<F | T, string>>) => {
    const [start, end] = [value[from], value[to]];
    return !start || !end || start <= end;
  };
  const refusal: { error: string; path: PropertyKey[] } = { error: '结束日期不能早于开始日期', path: [to] };
  return [inOrder, refusal] as const;
}

/** `zCreatedRange` in order: `.refine(...CREATED_IN_ORDER)`. */
export const CREATED_IN_ORDER = dateRangeInOrder('createdFrom', 'createdTo');

/** The calendar year in China (UTC+8, no daylight saving) at `now`. */
export function chinaYear(now: Date): number {
  return new Date(now.getTime() + 8 * 3600_000).getUTCFullYear();
}

/**
 * The years a plan may be for, newest first: from the project's `classStartYear` to next year (in
 * China). Empty when `classStartYear` lies after next year.
 */
export function trainPlanYears(classStartYear: number, now: Date): number[] {
  const years: number[] = [];
  for (let year = chinaYear(now) + 1; year >= classStartYear; year -= 1) years.push(year);
  return years;
}

const YEAR = '年度应为四位数年份';
/**
 * A plan's or class's year; the range the project offers (`classStartYear` to next year) is checked
 * by the services.
 */
export const zYear = z
  .number({ error: YEAR })
  .int({ error: YEAR })
  .min(2000, { error: YEAR })
  .max(2100, { error: YEAR });

/** `train-plan/page`: the project's plans, newest year first; `name` matches a part. */
export const trainPlanPageInput = z.object({
  ...zPage,
  year: zOptional(zYear),
  name: zOptionalText(100),
  status: zOptional(zTrainPlanStatus),
  industry: zOptionalText(40),
});

/** A row of `train-plan/page` and the answer of `train-plan/get` and `train-plan/save`. */
export interface TrainPlanItem {
  id: number;
  year: number;
  name: string;
  /** Code of the dictionary `industry`. */
  industry: string;
  /** The industry's label (the code when the dictionary lacks it). */
  industryName: string;
  /** `YYYY-MM-DD` */
  startDate: string;
  /** `YYYY-MM-DD`, not before `startDate`. */
  endDate: string;
  status: TrainPlanStatus;
  description: string | null;
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * `train-plan/save`: creates (without `id`, as a DRAFT) or updates a plan. The year lies between the
 * project's `classStartYear` and next year, the industry is a code of the dictionary `industry`, the
 * end date is not before the start date, the name is unique within the year. A closed plan cannot be
 * changed; a published plan keeps its year.
 */
export const trainPlanSaveInput = z
  .object({
    id: zInput.optionalId(),
    year: z
      .preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z.custom<unknown>((value) => value !== undefined, { error: '请选择年度' }),
      )
      .pipe(zYear),
    name: zRequiredText('计划名称', 100),
    industry: zRequiredText('所属行业', 40),
    startDate: zCalendarDate('开始日期'),
    endDate: zCalendarDate('结束日期'),
    description: zOptionalText(2000),
  })
  .superRefine((value, ctx) => {
    // Both are YYYY-MM-DD, so text order is date order; a malformed date has its own message.
    const comparable = isCalendarDate(value.startDate) && isCalendarDate(value.endDate);
    if (comparable && value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    }
  });
export type TrainPlanSaveInput = z.input<typeof trainPlanSaveInput>;

/** `train-plan/get`, `publish`, `close`, `delete`: one plan of the project. */
export const trainPlanIdInput = zIdInput;

/** The plan list and the plan editor. */
const PLAN_LIST = '/train-manage/train-plan-list';
const PLAN_DETAIL = '/train-manage/train-plan-detail';
/** The class screens pick a plan, so they may read plans too. */
const PLAN_READERS = [
  PLAN_LIST,
  PLAN_DETAIL,
  '/train-manage/class',
  '/train-manage/train-class-detail',
] as const;

/** The train plan calls (`train-plan/...`): project staff of the plan screens, in their project. */
export const trainPlanCalls = defineCalls('train-plan', {
  /** The project's plans (year, name, status, industry filters), newest year first. */
  page: {
    input: trainPlanPageInput,
    answer: answer<PageAnswer<TrainPlanItem>>(),
    access: staff(...PLAN_READERS),
  },
  /** One plan of the project. */
  get: {
    input: trainPlanIdInput,
    answer: answer<TrainPlanItem>(),
    access: staff(...PLAN_READERS),
    methods: ['GET', 'POST'],
  },
  /** Creates (a draft) or updates a plan; the plan editor's call. */
  save: { input: trainPlanSaveInput, answer: answer<TrainPlanItem>(), access: staff(PLAN_DETAIL) },
  /** Publishes a draft, or a closed plan again. */
  publish: { input: trainPlanIdInput, answer: answer<TrainPlanItem>(), access: staff(PLAN_LIST) },
  /** Closes a published plan. */
  close: { input: trainPlanIdInput, answer: answer<TrainPlanItem>(), access: staff(PLAN_LIST) },
  /** Deletes a draft plan without classes. */
  delete: { input: trainPlanIdInput, answer: answer<null>(), access: staff(PLAN_LIST) },
});
