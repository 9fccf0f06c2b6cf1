import type { ResourceCategoryNode, ResourceItem } from '@px/api/contract';
import { Form, message } from 'antd';
import { saveResource } from '../../../../api/resource';
import { FormModal } from '../../../../components/FormModal';
import { VideoFields } from './VideoFields';

interface EditFormValues {
  name: string;
  categoryId?: number | null;
}

export interface VideoEditModalProps {
  /** The video edited; null: closed. */
  video: ResourceItem | null;
  tree: ResourceCategoryNode[];
  onClose: () => void;
  onSaved: (video: ResourceItem) => void;
}

/** 编辑视频: renames a video and moves it to another category (or none). */
export function VideoEditModal({ video, tree, onClose, onSaved }: VideoEditModalProps) {
  const [form] = Form.useForm<EditFormValues>();

  const save = async (values: EditFormValues) => {
    if (!video) return;
    const saved = await saveResource({
      id: video.id,
      name: values.name.trim(),
      categoryId: values.categoryId ?? null,
    });
    void message.success('视频信息已保存');
    onSaved(saved);
  };

  return (
    <FormModal
      open={video !== null}
      title="编辑视频"
      okText="保存"
      name="video-edit-form"
      form={form}
      values={video ? { name: video.name, categoryId: video.categoryId ?? undefined } : undefined}
      onSubmit={save}
      onClose={onClose}
    >
      <VideoFields tree={tree} noCategory="不归类" />
    </FormModal>
  );
}
