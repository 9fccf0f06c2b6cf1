import type { ChangeClassView } from '../../contract/change-class';
import type { ActorScope } from '../../core/action';
import { abilitiesOf } from '../../core/policy';

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
  const ref = { projectId: row.project_id, accountId: row.account_id, status: row.status };
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
    abilities: abilitiesOf(scope, {
      approve: ['change-class.decide', ref],
      reject: ['change-class.decide', ref],
      cancel: ['change-class.decide', ref],
      withdraw: ['change-class.withdraw', ref],
    }),
    createdAt: row.created_at.toISOString(),
  };
}
