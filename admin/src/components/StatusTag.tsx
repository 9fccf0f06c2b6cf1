import type { RecordStatus } from '@px/api/contract';
import { Tag } from 'antd';

/** What the back office calls the two record statuses. */
export const STATUS_LABEL: Readonly<Record<RecordStatus, string>> = { ENABLED: '启用', DISABLED: '停用' };

/** The status filter's choices. */
export const STATUS_OPTIONS = (['ENABLED', 'DISABLED'] as const).map((value) => ({
  value,
  label: STATUS_LABEL[value],
}));

/** The status of an account, project or unit as a coloured tag. */
export function StatusTag({ status }: { status: RecordStatus }) {
  return <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{STATUS_LABEL[status]}</Tag>;
}
