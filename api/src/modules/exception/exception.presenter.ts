import type {
  ExceptionCaseAction,
  ExceptionCaseKind,
  ExceptionCaseNote,
  ExceptionCaseRow,
  ExceptionCaseStatus,
} from '../../contract/exception-register';
import type { UploadedImageAnswer } from '../../contract/upload';
import type { ActorScope } from '../../core/action';
import { abilitiesOf } from '../../core/policy';
import { uploadedImageUrl } from '../upload/upload.presenter';
import './exception.policy';

/** A case as the list query reads it (`CASE_SELECT`). */
export interface CaseData {
  id: number;
  kind: ExceptionCaseKind;
  status: ExceptionCaseStatus;
  account_id: number;
  real_name: string | null;
  id_card_no: string | null;
  mobile: string | null;
  description: string;
  images: { id: string; contentType: string }[] | null;
  assignee_id: number | null;
  assignee_name: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A note as the detail query reads it. */
export interface NoteData {
  id: number;
  action: ExceptionCaseAction;
  from_status: ExceptionCaseStatus | null;
  to_status: ExceptionCaseStatus;
  note: string;
  assignee_name: string | null;
  created_by_name: string | null;
  created_at: Date;
}

/** A case as 异常登记 shows it, with 指派 / 开始处理 / 处理完成 as abilities. */
export function presentCase(scope: ActorScope, row: CaseData): ExceptionCaseRow {
  const facts = { projectId: scope.project.id, status: row.status, assigneeId: row.assignee_id };
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    accountId: row.account_id,
    realName: row.real_name ?? '',
    idCardNo: row.id_card_no,
    mobile: row.mobile,
    description: row.description,
    images: (row.images ?? []).map((image) => ({
      id: image.id,
      url: uploadedImageUrl({
        id: image.id,
        contentType: image.contentType as UploadedImageAnswer['contentType'],
      }),
    })),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...abilitiesOf(scope, {
      assign: ['exception-case.assign', facts],
      start: ['exception-case.start', facts],
      resolve: ['exception-case.resolve', facts],
    }),
  };
}

/** A step of a case. */
export function presentNote(row: NoteData): ExceptionCaseNote {
  return {
    id: row.id,
    action: row.action,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    note: row.note,
    assigneeName: row.assignee_name,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
  };
}
