import { formatDateTime, formatFen } from '@px/config';
import { Button, Card, Descriptions, type DescriptionsProps, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getChangeClassApply } from '../../../api/change-class';
import { RecordPending } from '../../../components/RecordPending';
import { useAccess } from '../../../hooks/useAccess';
import { useRecord } from '../../../hooks/useRecord';
import { readPositiveId } from '../../../utils/query-id';
import { ChangeClassActions, ChangeClassStatusTag } from './ChangeClassActions';
import { CHANGE_CLASS_MANAGE_PAGE } from './change-class-paths';

/**
 * 转班详情 (hidden page, `?id=`): one application: the student, both classes with what was paid and
 * what the target costs, the progress when asked, the reason, and how the back office decided;
 * a pending one is approved, rejected or cancelled here too.
 */
export function ChangeClassDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = readPositiveId(params.get('id'));
  const state = useRecord(id, getChangeClassApply);
  const back = useAccess().can(CHANGE_CLASS_MANAGE_PAGE) ? (
    <Button onClick={() => navigate(CHANGE_CLASS_MANAGE_PAGE)}>返回列表</Button>
  ) : null;
  if (id === null)
    return <Result status="warning" title="未指定转班申请" subTitle="请从转班管理进入详情。" extra={back} />;
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  const row = state.record;
  const items: DescriptionsProps['items'] = [
    { key: 'student', label: '学员', children: row.realName },
    { key: 'idCardNo', label: '身份证号', children: row.idCardNo ?? '—' },
    { key: 'mobile', label: '手机号', children: row.mobile ?? '—' },
    { key: 'status', label: '状态', children: <ChangeClassStatusTag status={row.status} /> },
    { key: 'from', label: '原班级', children: row.fromClassName },
    { key: 'to', label: '转入班级', children: row.toClassName },
    { key: 'order', label: '订单号', children: row.orderNo },
    { key: 'paid', label: '已付金额', children: `${formatFen(row.paidFen)}` },
    { key: 'toAmount', label: '转入班级价格', children: `${formatFen(row.toAmountFen)}` },
    { key: 'progress', label: '申请时学习进度', children: `${row.progressPercent}%` },
    { key: 'createdAt', label: '申请时间', children: formatDateTime(row.createdAt) },
    { key: 'auditedAt', label: '处理时间', children: row.auditedAt ? formatDateTime(row.auditedAt) : '—' },
    { key: 'auditedBy', label: '处理人', children: row.auditedByName ?? '—' },
    { key: 'reason', label: '转班原因', span: 'filled', children: row.reason },
    { key: 'remark', label: '处理备注', span: 'filled', children: row.remark ?? '—' },
  ];
  return (
    <Card
      title="转班详情"
      extra={
        <Space>
          {back}
          <ChangeClassActions row={row} onDone={state.set} size="middle" />
        </Space>
      }
    >
      <Descriptions bordered column={2} items={items} />
    </Card>
  );
}
