import { CHANGE_CLASS_MESSAGES } from '../../contract/change-class';
import type { ClassBaseType } from '../../contract/class-category';
import type { MyClassItem, MyStudyCorrection } from '../../contract/my-class';
import type { StudyCorrectionItem } from '../../contract/study-report';
import { abilitiesOf, type PolicyScope } from '../../core/policy';
import type { MyClass, TrainClass } from '../train-class/train-class.model';
import type { MyClassAbilityPart } from './my-class.policy';
import './my-class.policy';

/** What an enrolment's card needs beside its rows: its class's hours and base type, the project's electives, today. */
export interface MyClassItemFacts {
  requiredTenths: number;
  baseType: ClassBaseType;
  hideElective: boolean;
  /** China's date `YYYY-MM-DD`. */
  today: string;
  /** The enrolment's data corrections, newest first. */
  corrections: readonly StudyCorrectionItem[];
  /** Its abilities the modules above decide (`myClassAbilityHook`). */
  abilities: MyClassAbilityPart;
}

/** 转班 when no module above answers (never: change-class always does). */
const UNDECIDED: Required<MyClassAbilityPart> = {
  canChangeClass: false,
  changeClassRefusal: CHANGE_CLASS_MESSAGES.STATE,
};

/** A data correction as the student reads it (without who corrected it or the push it caused). */
export function presentMyCorrection(item: StudyCorrectionItem): MyStudyCorrection {
  return {
    id: item.id,
    target: item.target,
    lessonName: item.lessonName,
    before: item.before,
    after: item.after,
    reason: item.reason,
    createdAt: item.createdAt,
  };
}

/** An enrolment of the signed-in student as 我的班级 shows it, with 结束班级 and 转班 as abilities. */
export function presentMyClassItem(
  scope: PolicyScope,
  row: MyClass,
  cls: TrainClass,
  facts: MyClassItemFacts,
): MyClassItem {
  return {
    id: row.id,
    classId: cls.id,
    className: cls.name,
    year: cls.year,
    status: row.status,
    studyStartDate: cls.studyStartDate,
    studyEndDate: cls.studyEndDate,
    requiredHours: facts.requiredTenths / 10,
    electiveHours: facts.hideElective ? 0 : cls.electiveHoursTenths / 10,
    baseType: facts.baseType,
    creditedRequiredHours: row.requiredTenths / 10,
    creditedElectiveHours: facts.hideElective ? 0 : row.electiveTenths / 10,
    studyEnded: facts.today > cls.studyEndDate,
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    enrolledAt: row.createdAt.toISOString(),
    corrections: facts.corrections.map(presentMyCorrection),
    ...UNDECIDED,
    ...facts.abilities,
    ...abilitiesOf(scope, { end: ['my-class.end', row] }),
  };
}
