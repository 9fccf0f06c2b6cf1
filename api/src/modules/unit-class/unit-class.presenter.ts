import type { UnitClassItem } from '../../contract/unit-class';
import type { UnitClassTransferView } from '../../contract/unit-class-transfer';
import type { ActorScope } from '../../core/action';
import { presentJobProgress } from '../../core/chunked-job';
import { abilitiesOf } from '../../core/policy';
import type { TrainClass } from '../train-class/train-class.model';
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
