import { IDENTITY_CHECK_RESULT_LABEL, type IdentityCheckResult } from '@px/api/contract';
import { Tag, Tooltip } from 'antd';

/** 实名核验 of a student at a glance: 已核验 (green), 未通过 (red, the reason on hover) or 未核验. */
export function IdentityTag({ result }: { result: IdentityCheckResult | null }) {
  if (result === null) return <Tag>未核验</Tag>;
  if (result === 'MATCH') return <Tag color="success">已核验</Tag>;
  return (
    <Tooltip title={IDENTITY_CHECK_RESULT_LABEL[result]}>
      <Tag color="error">未通过</Tag>
    </Tooltip>
  );
}
