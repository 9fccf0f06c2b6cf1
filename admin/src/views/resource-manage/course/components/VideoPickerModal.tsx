import type { ResourceItem } from '@px/api/contract';
import { Form, Input, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { queryResources } from '../../../../api/resource';
import { ListFilterBar } from '../../../../components/ListFilterBar';
import { pickerSelection } from '../../../../components/picker-selection';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { usePagedList } from '../../../../hooks/usePagedList';
import { formatDuration } from '../../video/video-format';

export interface VideoPickerModalProps {
  open: boolean;
  /** Videos already lessons of the course (shown, not selectable: a video is once per course). */
  takenIds: readonly number[];
  onClose: () => void;
  /** The videos chosen, in the order they were ticked. */
  onPick: (videos: ResourceItem[]) => void;
}

const COLUMNS: ColumnsType<ResourceItem> = [
  { title: '视频名称', dataIndex: 'name', width: 220 },
  { title: '所属分类', dataIndex: 'categoryName', width: 160, render: orDash },
  { title: '时长', dataIndex: 'durationSeconds', width: 90, render: formatDuration },
  dateTimeColumn('上传时间', 'createdAt'),
];

/** The project's videos (name filter, paging) with a tick per row; ticks survive paging. */
function VideoPickerList({
  takenIds,
  chosen,
  onChoose,
}: {
  takenIds: readonly number[];
  chosen: ResourceItem[];
  onChoose: (videos: ResourceItem[]) => void;
}) {
  const list = usePagedList<{ name?: string }, ResourceItem>(
    (query) => queryResources({ ...query, type: 'video' }),
    {},
  );
  return (
    <>
      <ListFilterBar<{ name?: string }>
        name="video-picker-filters"
        onSearch={(values) => list.search({ name: values.name?.trim() || undefined })}
        onReset={list.reset}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="name" label="视频名称">
          <Input allowClear placeholder="名称中的文字" maxLength={100} />
        </Form.Item>
      </ListFilterBar>
      <Table<ResourceItem>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        scroll={{ x: 'max-content' }}
        rowSelection={pickerSelection(chosen, takenIds, onChoose)}
        {...list.tableProps}
      />
    </>
  );
}

/**
 * 选择视频: picks videos of the project for new lessons of a course; videos already in the course
 * cannot be ticked again.
 */
export function VideoPickerModal({ open, takenIds, onClose, onPick }: VideoPickerModalProps) {
  const [chosen, setChosen] = useState<ResourceItem[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    <Modal
      open={open}
      title="选择视频"
      width={820}
      okText={chosen.length ? `添加（${chosen.length}）` : '添加'}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onPick(chosen);
        setChosen([]);
      }}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <VideoPickerList takenIds={takenIds} chosen={chosen} onChoose={setChosen} />
    </Modal>
  );
}
