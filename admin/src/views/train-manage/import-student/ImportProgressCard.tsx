import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { UnitImportView } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Alert, Button, Card, Space } from 'antd';
import { JobProgress } from '../../../components/JobProgress';
import { UnitImportStatusTag } from './UnitImportStatusTag';

/** The bar of an import: its share of rows processed, coloured by how it stands or ended. */
/** What an ended import means for the unit, or null while it runs. */
function outcomeOf(view: UnitImportView): { type: 'success' | 'warning' | 'error'; text: string } | null {
  switch (view.status) {
    case 'DONE':
      return { type: 'success', text: `已导入 ${view.okCount} 名学员，请完成缴费后学员即可学习。` };
    case 'PARTIAL':
      return {
        type: 'warning',
        text: `已导入 ${view.okCount} 名学员，${view.failedCount} 行未导入，请下载错误文件查看原因。`,
      };
    case 'INVALID':
      return {
        type: 'error',
        text: `${view.failedCount} 行未通过校验，未导入任何学员。请下载错误文件，改正后重新导入。`,
      };
    case 'FAILED':
      return { type: 'error', text: view.message || '导入失败，未导入任何学员。' };
    default:
      return null;
  }
}

export interface ImportProgressCardProps {
  view: UnitImportView;
  /** Whether the role may open 批量缴费 (去缴费 shows then). */
  canPay: boolean;
  downloadingErrors: boolean;
  onDownloadErrors: (view: UnitImportView) => void;
  onPay: (batchOrderId: number) => void;
}

/**
 * 导入进度: one import as it runs and after: its state, a bar of rows processed, 总数/成功/失败,
 * why it ended as it did, 下载错误文件 when rows were refused and 去缴费 once it created a batch order.
 */
export function ImportProgressCard({
  view,
  canPay,
  downloadingErrors,
  onDownloadErrors,
  onPay,
}: ImportProgressCardProps) {
  const outcome = outcomeOf(view);
  const batchOrderId = view.finished ? view.batchOrderId : null;
  return (
    <Card
      title={`导入进度：${view.fileName}`}
      extra={<UnitImportStatusTag status={view.status} />}
      data-testid="import-progress"
    >
      <JobProgress view={view} label="导入进度" />
      {outcome ? (
        <Alert
          type={outcome.type}
          showIcon
          title={outcome.text}
          description={view.status !== 'FAILED' && view.message ? view.message : undefined}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title="正在处理，请稍候；离开本页不影响导入。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Space wrap>
        {view.finished && view.failedCount > 0 && (
          <Button
            icon={<DownloadOutlined />}
            loading={downloadingErrors}
            onClick={() => onDownloadErrors(view)}
          >
            下载错误文件
          </Button>
        )}
        {batchOrderId !== null && canPay && (
          <Button type="primary" onClick={() => onPay(batchOrderId)}>
            去缴费
          </Button>
        )}
        {view.finishedAt && <span>{`完成于 ${formatDateTime(view.finishedAt)}`}</span>}
      </Space>
    </Card>
  );
}
