import type { ResourceCategoryNode, ResourceItem } from '@px/api/contract';
import { Form, Input, message, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { saveResource } from '../../../../api/resource';
import { FormModal } from '../../../../components/FormModal';
import { categoryOptions } from '../../components/category-tree';

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
  const options = useMemo(() => categoryOptions(tree), [tree]);

  useEffect(() => {
    if (video) form.setFieldsValue({ name: video.name, categoryId: video.categoryId ?? undefined });
  }, [video, form]);

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
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="视频名称"
        rules={[
          { required: true, whitespace: true, message: '请填写视频名称' },
          { max: 100, message: '视频名称不能超过 100 个字符' },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="categoryId" label="所属分类">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="不归类"
          treeData={options}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        />
      </Form.Item>
    </FormModal>
  );
}
