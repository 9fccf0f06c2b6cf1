import type {
  ChangeClassOptions,
  ChangeClassRules,
  ChangeClassTarget,
  ChangeClassView,
} from '../../contract/change-class';
import type { ActorScope } from '../../core/action';
import type { TrainClass } from '../train-class/train-class.model';
import { changeClassAbilities } from './change-class.policy';

/** A class-change application as `VIEW_SELECT` of the service reads it, with the names joined. */
export interface ChangeClassRow {
  id: number;
  project_id: number;
  status: ChangeClassView['status'];
  account_id: number;
  real_name: string | null;
  id_card_no: string | null;
  mobile: string | null;
  my_class_id: number;
  from_class_id: number;
  from_class_name: string;
  to_class_id: number;
  to_class_name: string;
  order_id: number;
  order_no: string;
  paid_fen: number;
  to_amount_fen: number;
  progress_percent: number;
  reason: string;
  remark: string | null;
  audited_by_name: string | null;
  audited_at: Date | null;
  new_my_class_id: number | null;
  created_at: Date;
}

/** An application as both sides see it, with what the caller may do to it. */
export function presentChangeClass(scope: ActorScope, row: ChangeClassRow): ChangeClassView {
  return {
    id: row.id,
    status: row.status,
    accountId: row.account_id,
    realName: row.real_name ?? '',
    idCardNo: row.id_card_no,
    mobile: row.mobile,
    myClassId: row.my_class_id,
    fromClassId: row.from_class_id,
    fromClassName: row.from_class_name,
    toClassId: row.to_class_id,
    toClassName: row.to_class_name,
    orderId: row.order_id,
    orderNo: row.order_no,
    paidFen: row.paid_fen,
    toAmountFen: row.to_amount_fen,
    progressPercent: row.progress_percent,
    reason: row.reason,
    remark: row.remark,
    auditedByName: row.audited_by_name,
    auditedAt: row.audited_at ? row.audited_at.toISOString() : null,
    newMyClassId: row.new_my_class_id,
    abilities: changeClassAbilities(scope, {
      projectId: row.project_id,
      accountId: row.account_id,
      status: row.status,
    }),
    createdAt: row.created_at.toISOString(),
  };
}

/** A class the enrolment may move to, as 转班 offers it. */
export function presentChangeTarget(target: TrainClass): ChangeClassTarget {
  return {
    id: target.id,
    name: target.name,
    year: target.year,
    amountFen: target.amountFen,
    studyStartDate: target.studyStartDate,
    studyEndDate: target.studyEndDate,
  };
}

/** What the service read and decided of an enrolment's change: the rules, the refusal, the targets. */
export interface ChangeOptionsFacts {
  rules: ChangeClassRules;
  refusal: string | null;
  /** The class it is in now (null when gone). */
  current: Pick<TrainClass, 'name'> | null;
  paidFen: number;
  progressPercent: number;
  targets: readonly TrainClass[];
  pending: ChangeClassView | null;
}

/** `change-class/options` as the student's 转班 page shows it. */
export function presentChangeOptions(facts: ChangeOptionsFacts): ChangeClassOptions {
  return {
    rules: facts.rules,
    refusal: facts.refusal,
    className: facts.current?.name ?? '',
    paidFen: facts.paidFen,
    progressPercent: facts.progressPercent,
    targets: facts.targets.map(presentChangeTarget),
    pending: facts.pending,
  };
}
