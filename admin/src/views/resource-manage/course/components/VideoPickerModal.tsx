import type { ResourceItem } from '@px/api/contract';
import { Modal } from 'antd';
import { useState } from 'react';
import { queryResources } from '../../../../api/resource';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { pickerSelection } from '../../../../components/picker-selection';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { formatDuration } from '../../video/video-format';

export interface VideoPickerModalProps {
  open: boolean;
  /** Videos already lessons of the course (shown, not selectable: a video is once per course). */
  takenIds: readonly number[];
  onClose: () => void;
  /** The videos chosen, in the order they were ticked. */
  onPick: (videos: ResourceItem[]) => void;
}

const COLUMNS: ListColumn<ResourceItem>[] = [
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
  const list = useListCall('resource/query', (query) => queryResources({ ...query, type: 'video' }));
  return (
    <ListView
      list={list}
      name="video-picker-filters"
      filters={[
        { kind: 'text', name: 'name', label: '视频名称', placeholder: '名称中的文字', maxLength: 100 },
      ]}
      barStyle={{ marginBottom: 12 }}
      columns={COLUMNS}
      columnsId="resource-manage/course/video-picker"
      table={{ size: 'small', rowSelection: pickerSelection(chosen, takenIds, onChoose) }}
    />
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
