import { zMobile, zUnifiedSocialCreditCode } from '@px/config';
import { z } from 'zod';
import { staff, staffOrUnitManager } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zIdList,
  zIdStatusInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStatus,
  zStringList,
} from './common';
import { studentSearchFields } from './student';

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
  /** A training type code: the units that have it. */
  trainType: zOptionalText(32),
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
export const unitIdInput = zIdInput;

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

/** `unit/train-type` takes no input. */
export const unitTrainTypeInput = z.object({});

/**
 * An entry of `unit/train-type`: a training type units may be given (the project's dictionary
 * `train-type`) and how many of the project's units have it.
 */
export interface UnitTrainTypeItem {
  code: string;
  label: string;
  sort: number;
  unitCount: number;
}

/**
 * `unit/train-list`: a page of the classes a unit's students are trained in (enrolled through the
 * unit's unit classes, or students of the unit), newest enrolment first. Unit managers: their own
 * unit (`unitId` may be left out).
 */
export const unitTrainListInput = z.object({
  ...zPage,
  unitId: zInput.optionalId(),
  /** Part of the class name. */
  className: zOptionalText(100),
  year: zOptional(z.number().int().min(2000).max(2100)),
});

/** A row of `unit/train-list`: one class with the unit's enrolments in it. */
export interface UnitTrainItem {
  classId: number;
  className: string;
  year: number;
  studyStartDate: string;
  studyEndDate: string;
  /** Enrolments of the unit's students (neither refunded nor changed out). */
  enrolledCount: number;
  pendingPayCount: number;
  studyingCount: number;
  finishedStudyCount: number;
  passedCount: number;
  /** When the newest of these enrolments was made. */
  lastEnrolledAt: string;
}

/** `unit/disable`: enables or disables a unit. */
export const unitDisableInput = zIdStatusInput;

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
  /** The training types units may be given, with how many units have each (the list to pick from). */
  'train-type': {
    input: unitTrainTypeInput,
    answer: answer<UnitTrainTypeItem[]>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** A page of the classes a unit's students are trained in, with counts by state. */
  'train-list': {
    input: unitTrainListInput,
    answer: answer<PageAnswer<UnitTrainItem>>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** Enables or disables a unit (`status`). */
  disable: { input: unitDisableInput, answer: answer<null>(), access: staff(LIST) },
});

/**
 * `unit/affiliation-save` (sets the units affiliated under `unitId`: adds the new ones, removes the
 * ones left out; an empty list removes them all) and `unit/affiliation-delete` (removes the listed
 * ones). See docs/product-decisions.md "Unit affiliations".
 */
export const unitAffiliationSaveInput = z.object({
  unitId: zInput.id(),
  affiliatedUnitIds: zIdList(),
});
export type UnitAffiliationSaveInput = z.input<typeof unitAffiliationSaveInput>;

/** `unit/affiliation-delete`: the affiliated units to release from under `unitId` (at least one). */
export const unitAffiliationDeleteInput = z.object({
  unitId: zInput.id(),
  affiliatedUnitIds: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择挂靠单位' })),
});

/** `unit/affiliation-query`: a page of the units affiliated under `unitId` (part of the name). */
export const unitAffiliationQueryInput = z.object({
  ...zPage,
  unitId: zInput.id(),
  name: zOptionalText(100),
});

/** A unit affiliated under another one, with its students (accounts of the unit). */
export interface AffiliatedUnit {
  unitId: number;
  name: string;
  creditCode: string | null;
  regionName: string | null;
  status: RecordStatus;
  studentCount: number;
  /** When it was affiliated. */
  affiliatedAt: string;
}

/** The answer of `unit/affiliation-query`: the page, and the unit's own supervising unit if any. */
export interface AffiliatedUnitPage extends PageAnswer<AffiliatedUnit> {
  supervisingUnit: UnitOption | null;
}

/** `unit/affiliation-options`: the units that may be affiliated under `unitId` (for the picker). */
export const unitAffiliationOptionsInput = z.object({ unitId: zInput.id() });

/** A unit the picker offers. */
export interface AffiliationOption {
  id: number;
  name: string;
  creditCode: string | null;
}

/**
 * `unit/affiliation-students`: a page of the students of the units affiliated under `unitId`;
 * `affiliatedUnitId` narrows to one of them.
 */
export const unitAffiliationStudentsInput = z.object({
  ...zPage,
  unitId: zInput.id(),
  affiliatedUnitId: zInput.optionalId(),
  ...studentSearchFields,
});

/** A student of an affiliated unit with their enrolments (any but refunded or changed out) and how many passed. */
export interface AffiliatedStudent {
  accountId: number;
  realName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string | null;
  mobile: string | null;
  unitId: number;
  unitName: string;
  status: RecordStatus;
  enrolmentCount: number;
  passedCount: number;
  createdAt: string;
}

/**
 * The affiliation calls of the unit screens (`unit/affiliation-...`, docs/product-decisions.md
 * "Unit affiliations"): project staff with the unit list change them for every unit of their
 * project; staff with the list or the detail read them; a unit manager reads their own unit's only
 * (`modules/unit/unit.policy.ts`) and never changes them.
 */
export const unitAffiliationCalls = defineCalls('unit', {
  /** Sets the units affiliated under a unit (adds and removes). */
  'affiliation-save': { input: unitAffiliationSaveInput, answer: answer<null>(), access: staff(LIST) },
  /** A page of the units affiliated under a unit, with their student counts. */
  'affiliation-query': {
    input: unitAffiliationQueryInput,
    answer: answer<AffiliatedUnitPage>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
  /** Releases affiliated units from under a unit. */
  'affiliation-delete': { input: unitAffiliationDeleteInput, answer: answer<null>(), access: staff(LIST) },
  /** The units that may be affiliated under a unit (enabled, not itself, not above it, under none). */
  'affiliation-options': {
    input: unitAffiliationOptionsInput,
    answer: answer<AffiliationOption[]>(),
    access: staff(LIST),
    methods: ['GET', 'POST'],
  },
  /** A page of the students of the units affiliated under a unit. */
  'affiliation-students': {
    input: unitAffiliationStudentsInput,
    answer: answer<PageAnswer<AffiliatedStudent>>(),
    access: staffOrUnitManager(LIST, DETAIL),
    methods: ['GET', 'POST'],
  },
});
