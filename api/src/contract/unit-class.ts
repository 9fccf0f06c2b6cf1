import { z } from 'zod';
import { staffOrUnitManager } from './access';
import { answer, defineCalls } from './call';
import { type Abilities, type PageAnswer, zIdInput, zInput, zOptional, zOptionalText, zPage } from './common';
import type { MyClassStatus } from './train-class';

/** The states of a unit class: OPEN takes students, CLOSED is kept for the record. */
export const UNIT_CLASS_STATE = ['OPEN', 'CLOSED'] as const;
export type UnitClassState = (typeof UNIT_CLASS_STATE)[number];
const zState = z.enum(UNIT_CLASS_STATE, { error: '状态应为 OPEN 或 CLOSED' });

/** `unit-class/page`: paged unit classes the caller may see (a unit manager: their unit's only). */
export const unitClassPageInput = z.object({
  ...zPage,
  unitId: zInput.optionalId(),
  classId: zInput.optionalId(),
  name: zOptionalText(100),
  year: zOptional(z.number({ error: '年度应为整数' }).int({ error: '年度应为整数' })),
  state: zOptional(zState),
});

/** A row of `unit-class/page` and the answer of `unit-class/detail`. */
export interface UnitClassItem {
  id: number;
  unitId: number;
  unitName: string;
  classId: number;
  className: string;
  year: number;
  name: string;
  plannedStudents: number;
  /** Students linked to it now (see docs/product-decisions.md "Unit classes"). */
  studentCount: number;
  contactName: string | null;
  contactMobile: string | null;
  remark: string | null;
  state: UnitClassState;
  /**
   * What the caller may do to it (docs/api-conventions.md "Abilities"), by the unit class policy:
   * delete (删除: no students and no transfer records), close (关闭: while OPEN), open (开启: while
   * CLOSED).
   */
  abilities: UnitClassAbilities;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export type UnitClassAbilities = Abilities<'delete' | 'close' | 'open'>;

/**
 * `unit-class/save`: creates (without `id`) a unit class for an offered class, or updates one. A
 * unit manager's unit class is always of their own unit, whatever `unitId` says. The class cannot
 * change once created. The name defaults to the class's name.
 */
export const unitClassSaveInput = z.object({
  id: zInput.optionalId(),
  unitId: zInput.optionalId(),
  classId: zInput.optionalId(),
  name: zOptionalText(100),
  plannedStudents: z
    .number({ error: '请填写计划人数' })
    .int({ error: '计划人数应为 1 到 100000 的整数' })
    .min(1, { error: '计划人数应为 1 到 100000 的整数' })
    .max(100_000, { error: '计划人数应为 1 到 100000 的整数' }),
  contactName: zOptionalText(50),
  contactMobile: zOptionalText(20),
  remark: zOptionalText(500),
});

/** `unit-class/detail`, `delete`, `close`, `open`: one unit class. */
export const unitClassIdInput = zIdInput;

/** `unit-class/students`: a page of a unit class's students. */
export const unitClassStudentsInput = z.object({ ...zPage, id: zInput.id(), name: zOptionalText(50) });

/** A student of a unit class: the enrolment with its study state and credited hours. */
export interface UnitClassStudent {
  myClassId: number;
  accountId: number;
  realName: string;
  mobile: string | null;
  status: MyClassStatus;
  requiredHours: number;
  electiveHours: number;
  creditedRequiredHours: number;
  creditedElectiveHours: number;
  enrolledAt: string;
}

/** `unit-class/class-options`: offered classes to choose from (name part). */
export const unitClassOptionsInput = z.object({ name: zOptionalText(100) });

/** An offered class for the create form. */
export interface UnitClassOption {
  id: number;
  name: string;
  year: number;
  enrolStartDate: string;
  enrolEndDate: string;
}

const LIST = '/train-manage/unit-class';
const DETAIL = '/train-manage/unit-class-detail';
const CREATE = '/train-manage/creat-class';

/**
 * The unit class calls (`unit-class/...`): a unit's purchase group for one offered class. Project
 * staff reach every unit of their project; unit managers only their own unit (the record policy of
 * `modules/unit/unit.policy.ts`).
 */
export const unitClassCalls = defineCalls('unit-class', {
  /** Paged unit classes (unit, class, name, year, state filters), newest first. */
  page: {
    input: unitClassPageInput,
    answer: answer<PageAnswer<UnitClassItem>>(),
    access: staffOrUnitManager(LIST, DETAIL),
  },
  /** One unit class (also for the import page, which names the unit class it imports into). */
  detail: {
    input: unitClassIdInput,
    answer: answer<UnitClassItem>(),
    access: staffOrUnitManager(LIST, DETAIL, '/train-manage/import-student'),
    methods: ['GET', 'POST'],
  },
  /** Creates (from an offered class) or updates a unit class. */
  save: {
    input: unitClassSaveInput,
    answer: answer<UnitClassItem>(),
    access: staffOrUnitManager(CREATE, LIST),
  },
  /** Deletes a unit class that has no students. */
  delete: { input: unitClassIdInput, answer: answer<null>(), access: staffOrUnitManager(LIST) },
  /** Closes a unit class (CLOSED). */
  close: { input: unitClassIdInput, answer: answer<null>(), access: staffOrUnitManager(LIST) },
  /** Opens a closed unit class again (OPEN). */
  open: { input: unitClassIdInput, answer: answer<null>(), access: staffOrUnitManager(LIST) },
  /** A page of a unit class's students with study state and credited hours. */
  students: {
    input: unitClassStudentsInput,
    answer: answer<PageAnswer<UnitClassStudent>>(),
    access: staffOrUnitManager(LIST, DETAIL),
  },
  /** The project's offered classes, for the create form. */
  'class-options': {
    input: unitClassOptionsInput,
    answer: answer<UnitClassOption[]>(),
    access: staffOrUnitManager(CREATE, LIST),
    methods: ['GET', 'POST'],
  },
});
