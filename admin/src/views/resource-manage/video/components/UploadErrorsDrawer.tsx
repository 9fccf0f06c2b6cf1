import type { ResourceUploadErrorItem, UploadFailureKind } from '@px/api/contract';
import { Drawer, Tag } from 'antd';
import { queryUploadErrors } from '../../../../api/resource';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { formatFileSize } from '../video-format';

/** What the log calls each kind of failure, and its tag colour. */
const KIND_TAG: Readonly<Record<UploadFailureKind, { label: string; color: string }>> = {
  REFUSED: { label: '被拒绝', color: 'error' },
  ABORTED: { label: '已取消', color: 'default' },
  EXPIRED: { label: '超时清除', color: 'warning' },
};

const COLUMNS: ListColumn<ResourceUploadErrorItem>[] = [
  { title: '文件名', dataIndex: 'fileName', width: 200 },
  { title: '视频名称', dataIndex: 'name', width: 160, render: orDash },
  { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: formatFileSize },
  { title: '所属分类', dataIndex: 'categoryName', width: 160, render: orDash },
  {
    title: '结果',
    dataIndex: 'kind',
    width: 90,
    render: (kind: UploadFailureKind) => <Tag color={KIND_TAG[kind].color}>{KIND_TAG[kind].label}</Tag>,
  },
  { title: '原因', dataIndex: 'reason', width: 260 },
  { title: '上传人', dataIndex: 'accountName', width: 100, render: orDash },
  dateTimeColumn('时间', 'createdAt'),
];

/** The log's filters and table (mounted while the drawer is open, so it loads on each opening). */
function UploadErrorList() {
  const list = useListCall('resource/error-import-video', queryUploadErrors);
  return (
    <ListView
      list={list}
      name="upload-error-filters"
      filters={[
        {
          kind: 'text',
          name: 'name',
          label: '文件名',
          placeholder: '文件名或视频名称中的文字',
          maxLength: 255,
        },
        { kind: 'dateRange', name: 'days', label: '日期', from: 'startDate', to: 'endDate' },
      ]}
      barStyle={{ rowGap: 12, marginBottom: 16 }}
      columns={COLUMNS}
      columnsId="resource-manage/video/upload-errors"
      table={{ size: 'small' }}
    />
  );
}

export interface UploadErrorsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 上传失败记录: the project's uploads that did not make it (refused by content, type or size,
 * cancelled, or abandoned and cleared), with file, category, reason, who and when; filters by part
 * of the name and by day.
 */
export function UploadErrorsDrawer({ open, onClose }: UploadErrorsDrawerProps) {
  return (
    <Drawer title="上传失败记录" open={open} onClose={onClose} size={1000} destroyOnHidden>
      <UploadErrorList />
    </Drawer>
  );
}
