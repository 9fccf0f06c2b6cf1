import { UNIT_IMPORT_STATUS_LABEL, type UnitImportStatus } from '@px/api/contract';
import { Tag } from 'antd';

const COLOR: Readonly<Record<UnitImportStatus, string>> = {
  VALIDATING: 'processing',
  VALIDATED: 'processing',
  INVALID: 'error',
  IMPORTING: 'processing',
  DONE: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
};

/** An import's state (校验中, 导入完成, 部分导入...) as a coloured tag. */
export function UnitImportStatusTag({ status }: { status: UnitImportStatus }) {
  return <Tag color={COLOR[status]}>{UNIT_IMPORT_STATUS_LABEL[status]}</Tag>;
}
