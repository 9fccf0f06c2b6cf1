import { zMobile, zUnifiedSocialCreditCode } from '@px/config';
import { z } from 'zod';
import { staff, staffOrUnitManager } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdList,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStatus,
  zStringList,
} from './common';

/** A six-digit administrative division code (`370102`). */
export const zRegionCode = z
  .string({ error: '行政区划代码应为 6 位数字' })
  .trim()
  .regex(/^\d{6}$/, { error: '行政区划代码应为 6 位数字' });

/** Dictionary `train-type` codes (JSON array or comma-separated text). */
const zTrainTypes = zStringList(z.string().max(32));

/**
 * `unit/list`: paged units of the caller's project. `regionCode` selects a province, city or county
 * and everything under it.
 */
export const unitListInput = z.object({
  ...zPage,
  name: zOptionalText(100),
  creditCode: zOptionalText(18),
  regionCode: zOptional(zRegionCode),
  status: zOptional(zStatus),
});
/** A row of `unit/list` and the answer of `unit/base`. */
export interface UnitItem {
  id: number;
  name: string;
  creditCode: string | null;
  contactName: string | null;
  contactMobile: string | null;
  regionCode: string | null;
  /** `山东省 济南市 历下区` */
  regionName: string | null;
  address: string | null;
  trainTypes: string[];
  remark: string | null;
  status: RecordStatus;
  createdAt: string;
  updatedAt: string;
}

/**
 * `unit/add-or-update` (also `unit/save`): creates (without `id`) or updates a unit. The region must
 * lie within the project's `projectArea`; training types are codes of the dictionary `train-type`.
 */
export const unitSaveInput = z.object({
  id: zInput.optionalId(),
  name: zRequiredText('单位名称', 100),
  creditCode: zOptional(zUnifiedSocialCreditCode),
  contactName: zOptionalText(50),
  contactMobile: zOptional(zMobile),
  regionCode: zRegionCode,
  address: zOptionalText(200),
  /** Omitted: unchanged (none for a new unit). Unit managers cannot change them. */
  trainTypes: zTrainTypes.optional(),
  remark: zOptionalText(500),
});
export type UnitSaveInput = z.input<typeof unitSaveInput>;

/** `unit/base`: one unit. */
export const unitIdInput = z.object({ id: zInput.id() });

/** `unit/base-tree` and `unit/all-unit-tree` take no input. */
export const unitNoInput = z.object({});

/** A node of `unit/base-tree`: a region with the units directly in it and its sub-regions. */
export interface RegionUnitNode {
  /** Administrative division code; empty for units without a region. */
  code: string;
  name: string;
  units: { id: number; name: string; status: RecordStatus }[];
  children: RegionUnitNode[];
}

/** An entry of `unit/all-unit-tree` (enabled units, for selects). */
export interface UnitOption {
  id: number;
  name: string;
}

/** `unit/update-train-type`: one unit's training types. */
export const unitUpdateTrainTypeInput = z.object({ id: zInput.id(), trainTypes: zTrainTypes });

/** `unit/batch-update-train-type`: the same training types for several units. */
export const unitBatchUpdateTrainTypeInput = z.object({
  ids: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择单位' })),
  trainTypes: zTrainTypes,
});

/** `unit/disable`: enables or disables a unit. */
export const unitDisableInput = z.object({ id: zInput.id(), status: zStatus });

const LIST = '/unit-manage/list';
const DETAIL = '/unit-manage/detail';

/**
 * The unit calls (`unit/...`) of the unit screens: project staff manage every unit of their project;
 * unit managers read and edit only their own unit (`modules/unit/unit.policy.ts`), and never its
 * training types or status. The unit registration calls of the same group live in `./wechat`.
 */
export const unitCalls = defineCalls('unit', {
  /** Paged units of the project (name, credit code, region, status filters). */
  list: { input: unitListInput, answer: answer<PageAnswer<UnitItem>>(), access: staff(LIST) },
  /** Creates or updates a unit (a unit manager: updates their own unit). */
  'add-or-update': {
    input: unitSaveInput,
    answer: answer<UnitItem>(),
    access: staffOrUnitManager(LIST, DETAIL),
  },
  /** The same call under the spec's other name. */
  save: { input: unitSaveInput, answer: answer<UnitItem>(), access: staffOrUnitManager(LIST, DETAIL) },
  /** One unit's details (a unit manager: their own unit only). */
  base: {
    input: unitIdInput,
    answer: answer<UnitItem>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** The visible units grouped by province, city and county. */
  'base-tree': {
    input: unitNoInput,
    answer: answer<RegionUnitNode[]>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** Id/name pairs of the visible enabled units, for selects. */
  'all-unit-tree': {
    input: unitNoInput,
    answer: answer<UnitOption[]>(),
    access: staffOrUnitManager(
      LIST,
      DETAIL,
      '/account-manage/administrator-list',
      '/order-manage/list',
      '/student-manage/student',
      '/student-manage/student-detail',
      '/train-manage/study-report',
      '/train-manage/unit-class',
      '/train-manage/creat-class',
    ),
    methods: ['GET', 'POST'],
  },
  /** One unit's training types. */
  'update-train-type': { input: unitUpdateTrainTypeInput, answer: answer<null>(), access: staff(LIST) },
  /** The same training types for several units, all or nothing. */
  'batch-update-train-type': {
    input: unitBatchUpdateTrainTypeInput,
    answer: answer<null>(),
    access: staff(LIST),
  },
  /** Enables or disables a unit (`status`). */
  disable: { input: unitDisableInput, answer: answer<null>(), access: staff(LIST) },
});
