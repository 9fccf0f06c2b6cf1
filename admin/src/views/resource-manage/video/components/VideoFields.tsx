import type { ResourceCategoryNode } from '@px/api/contract';
import { Form, Input, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { maxChars, required } from '../../../../utils/form-rules';
import { categoryOptions } from '../../components/category-tree';

/** A video's name and category, as 上传视频 and 编辑视频 ask them. */
export function VideoFields({
  tree,
  noCategory,
}: {
  tree: ResourceCategoryNode[];
  /** What an empty category says (不归类, 不选则不归类). */
  noCategory: string;
}) {
  const options = useMemo(() => categoryOptions(tree), [tree]);
  return (
    <>
      <Form.Item name="name" label="视频名称" rules={[required('请填写视频名称'), maxChars('视频名称', 100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="categoryId" label="所属分类">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={noCategory}
          treeData={options}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        />
      </Form.Item>
    </>
  );
}
