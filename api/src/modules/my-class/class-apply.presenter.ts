import type { ClassApplyRow, ClassApplyStatus } from '../../contract/class-apply';
import type { ActorScope } from '../../core/action';
import { classApplyAbilities } from './my-class.policy';

/** An application as `ROW_SELECT` of the service reads it, with the names joined. */
export interface ClassApplyRowData {
  id: number;
  status: ClassApplyStatus;
  account_id: number;
  real_name: string | null;
  id_card_no: string | null;
  mobile: string | null;
  unit_name: string | null;
  class_id: number;
  class_name: string;
  class_year: number;
  amount_fen: number;
  reason: string;
  remark: string | null;
  audited_by_name: string | null;
  audited_at: Date | null;
  created_at: Date;
}

/** An application as 报名审核 shows it, with 通过 / 驳回 as abilities. */
export function presentClassApplyRow(scope: ActorScope, row: ClassApplyRowData): ClassApplyRow {
  return {
    id: row.id,
    status: row.status,
    accountId: row.account_id,
    realName: row.real_name ?? '',
    idCardNo: row.id_card_no,
    mobile: row.mobile,
    unitName: row.unit_name,
    classId: row.class_id,
    className: row.class_name,
    classYear: row.class_year,
    amountFen: row.amount_fen,
    reason: row.reason,
    remark: row.remark,
    auditedByName: row.audited_by_name,
    auditedAt: row.audited_at ? row.audited_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    ...classApplyAbilities(scope, { projectId: scope.project.id, status: row.status }),
  };
}
