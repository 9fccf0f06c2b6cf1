import type { UnitItem, UnitTrainItem } from '../../contract/unit';
import { regionFullName } from '../dictionary/regions';
import type { Unit } from './unit.model';

/** How units are answered. */

export function presentUnit(unit: Unit): UnitItem {
  return {
    id: unit.id,
    name: unit.name,
    creditCode: unit.creditCode,
    contactName: unit.contactName,
    contactMobile: unit.contactMobile,
    regionCode: unit.regionCode,
    regionName: regionFullName(unit.regionCode),
    address: unit.address,
    trainTypes: unit.trainTypes,
    remark: unit.remark,
    status: unit.status,
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}

/** A row of the `unit/train-list` query: a class and the unit's enrolments in it, counted by state. */
export interface UnitTrainRow {
  class_id: number;
  class_name: string;
  year: number;
  study_start_date: string;
  study_end_date: string;
  enrolled: string;
  pending_pay: string;
  studying: string;
  finished_study: string;
  passed: string;
  last_enrolled_at: Date;
}

/** A class of `unit/train-list` as answered: the counts as numbers, the newest enrolment's time in ISO. */
export function presentUnitTrainRow(row: UnitTrainRow): UnitTrainItem {
  return {
    classId: row.class_id,
    className: row.class_name,
    year: row.year,
    studyStartDate: row.study_start_date,
    studyEndDate: row.study_end_date,
    enrolledCount: Number(row.enrolled),
    pendingPayCount: Number(row.pending_pay),
    studyingCount: Number(row.studying),
    finishedStudyCount: Number(row.finished_study),
    passedCount: Number(row.passed),
    lastEnrolledAt: new Date(row.last_enrolled_at).toISOString(),
  };
}
