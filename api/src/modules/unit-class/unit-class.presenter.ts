import type { UnitClassItem, UnitClassStudent } from '../../contract/unit-class';
import type {
  TransferRecordStatus,
  UnitClassTransferRecord as TransferRecordView,
  UnitClassTransferView,
} from '../../contract/unit-class-transfer';
import type { ActorScope } from '../../core/action';
import { presentJobProgress } from '../../core/chunked-job';
import { abilitiesOf } from '../../core/policy';
import type { Account } from '../account/account.model';
import type { MyClass, TrainClass } from '../train-class/train-class.model';
import type { UnitClass } from './unit-class.model';
import type { UnitClassFacts } from './unit-class.policy';
import type { UnitClassTransfer } from './unit-class-transfer.model';

/** How unit classes and their transfers are answered; the services load the names and counts. */

/** What the unit class policy reads of a row beyond its counts. */
export const unitClassFacts = (row: UnitClass): UnitClassFacts => ({
  projectId: row.projectId,
  unitId: row.unitId,
  state: row.state,
  students: 0,
  transfers: 0,
});

/** What a unit class is shown with: its unit's name, its class, and its counts. */
export interface UnitClassContext {
  unitName: string;
  trainClass: Pick<TrainClass, 'name' | 'year'> | undefined;
  students: number;
  transfers: number;
}

/** A unit class as lists and details show it, with what the caller may do to it. */
export function presentUnitClass(
  scope: ActorScope,
  row: UnitClass,
  context: UnitClassContext,
): UnitClassItem {
  const facts = { ...unitClassFacts(row), students: context.students, transfers: context.transfers };
  return {
    id: row.id,
    unitId: row.unitId,
    unitName: context.unitName,
    classId: row.classId,
    className: context.trainClass?.name ?? '',
    year: context.trainClass?.year ?? 0,
    name: row.name,
    plannedStudents: row.plannedStudents,
    studentCount: context.students,
    contactName: row.contactName,
    contactMobile: row.contactMobile,
    remark: row.remark,
    state: row.state,
    abilities: abilitiesOf(scope, {
      delete: ['unit-class.delete', facts],
      close: ['unit-class.close', facts],
      open: ['unit-class.open', facts],
    }),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A transfer with the names of its two unit classes (`names` by unit class id). */
export function presentUnitClassTransfer(
  row: UnitClassTransfer,
  names: ReadonlyMap<number, string>,
): UnitClassTransferView {
  return {
    ...presentJobProgress(row, row.status !== 'RUNNING'),
    classId: row.classId,
    fromUnitClassId: row.fromUnitClassId,
    fromUnitClassName: names.get(row.fromUnitClassId) ?? '',
    toUnitClassId: row.toUnitClassId,
    toUnitClassName: names.get(row.toUnitClassId) ?? '',
  };
}

/** A record as read with its names. */
export interface TransferRecordRow {
  id: string;
  transfer_id: number;
  my_class_id: number;
  account_id: number | null;
  real_name: string | null;
  mobile: string | null;
  from_unit_class_id: number;
  from_name: string;
  from_unit_name: string;
  to_unit_class_id: number;
  to_name: string;
  to_unit_name: string;
  status: TransferRecordStatus;
  reason: string | null;
  created_by: number | null;
  creator_name: string | null;
  created_at: Date;
  processed_at: Date | null;
}

/** A record of a transfer as a unit class's list shows it: IN when the class is its target. */
export function presentTransferRecord(row: TransferRecordRow, unitClassId: number): TransferRecordView {
  return {
    id: Number(row.id),
    transferId: row.transfer_id,
    myClassId: row.my_class_id,
    accountId: row.account_id,
    realName: row.real_name ?? '',
    mobile: row.mobile,
    fromUnitClassId: row.from_unit_class_id,
    fromUnitClassName: row.from_name,
    fromUnitName: row.from_unit_name,
    toUnitClassId: row.to_unit_class_id,
    toUnitClassName: row.to_name,
    toUnitName: row.to_unit_name,
    direction: row.to_unit_class_id === unitClassId ? 'IN' : 'OUT',
    status: row.status,
    reason: row.reason,
    createdBy: row.created_by,
    createdByName: row.creator_name ?? '',
    createdAt: new Date(row.created_at).toISOString(),
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
  };
}

/**
 * A student of a unit class: their enrolment with the hours the class asks (`electiveTenths` 0
 * where the project hides electives) and those credited.
 */
export function presentUnitClassStudent(
  enrolment: MyClass,
  account: Pick<Account, 'realName' | 'mobile'> | undefined,
  asked: { requiredTenths: number; electiveTenths: number },
): UnitClassStudent {
  return {
    myClassId: enrolment.id,
    accountId: enrolment.accountId,
    realName: account?.realName ?? '',
    mobile: account?.mobile ?? null,
    status: enrolment.status,
    requiredHours: asked.requiredTenths / 10,
    electiveHours: asked.electiveTenths / 10,
    creditedRequiredHours: enrolment.requiredTenths / 10,
    creditedElectiveHours: enrolment.electiveTenths / 10,
    enrolledAt: enrolment.createdAt.toISOString(),
  };
}
