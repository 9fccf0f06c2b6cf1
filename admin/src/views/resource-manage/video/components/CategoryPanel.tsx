import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ResourceCategoryNode } from '@px/api/contract';
import type { TreeProps } from 'antd';
import {
  Button,
  Empty,
  Form,
  Input,
  Modal,
  message,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useState } from 'react';
import { deleteResourceCategory, dragResourceCategory, saveResourceCategory } from '../../../../api/resource';
import { showServerFieldErrors } from '../../../../utils/form-errors';
import { dropTarget, findCategory } from '../category-tree';

export interface CategoryPanelProps {
  tree: ResourceCategoryNode[];
  loading: boolean;
  /** The selected category; undefined: all videos. */
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** The tree changed on the server (an answer with the new tree, or nothing: load it again). */
  onChanged: (tree?: ResourceCategoryNode[]) => void;
}

interface EditorState {
  mode: 'create' | 'rename';
  /** The parent of a new category (undefined: the root), or the category renamed. */
  target: ResourceCategoryNode | undefined;
}

function toTreeData(nodes: readonly ResourceCategoryNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span className="video-category__title">
        <span>{node.name}</span>
        <span className="video-category__count">{node.resourceCount}</span>
      </span>
    ),
    children: toTreeData(node.children),
  }));
}

/**
 * 资源分类: the category tree of the video screen. Selecting filters the list (全部视频: none);
 * the toolbar adds a root or sub category, renames and deletes the selected one (deleting is refused
 * while it holds videos); dragging a category moves it among its siblings or under another one.
 */
export function CategoryPanel({ tree, loading, selectedId, onSelect, onChanged }: CategoryPanelProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [saving, setSaving] = useState(false);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const selected = selectedId === undefined ? undefined : findCategory(tree, selectedId)?.node;
  const allKeys = (nodes: readonly ResourceCategoryNode[]): number[] =>
    nodes.flatMap((node) => (node.children.length ? [node.id, ...allKeys(node.children)] : []));
  const expandedKeys = expanded ?? allKeys(tree);

  const openEditor = (state: EditorState) => {
    form.setFieldsValue({ name: state.mode === 'rename' ? (state.target?.name ?? '') : '' });
    setEditor(state);
  };

  const save = async () => {
    if (!editor) return;
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (editor.mode === 'rename' && editor.target) {
        await saveResourceCategory({ id: editor.target.id, name: values.name.trim() });
        void message.success('分类已重命名');
      } else {
        const created = await saveResourceCategory({
          name: values.name.trim(),
          parentId: editor.target?.id ?? null,
        });
        void message.success('分类已添加');
        if (editor.target) setExpanded([...new Set([...expandedKeys, editor.target.id])]);
        onSelect(created.id);
      }
      setEditor(null);
      onChanged();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await deleteResourceCategory(selected.id);
      void message.success('分类已删除');
      onSelect(undefined);
      onChanged();
    } catch {
      // The request client has shown why.
    }
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const position = Number(String(info.node.pos).split('-').at(-1));
    const drop = dropTarget(tree, {
      dragId: Number(info.dragNode.key),
      dropId: Number(info.node.key),
      relative: Math.sign(info.dropPosition - position) as -1 | 0 | 1,
      dropToGap: info.dropToGap,
      targetExpandedWithChildren: Boolean(info.node.expanded && info.node.children?.length),
    });
    if (!drop) return;
    dragResourceCategory(drop.id, drop.parentId, drop.index).then(
      (next) => {
        void message.success('分类已移动');
        onChanged(next);
      },
      () => onChanged(),
    );
  };

  const refusal =
    selected && selected.resourceCount > 0
      ? `分类中还有 ${selected.resourceCount} 个视频，不能删除`
      : undefined;

  return (
    <div className="video-category">
      <Space size={4} wrap className="video-category__toolbar">
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => openEditor({ mode: 'create', target: undefined })}
        >
          新增分类
        </Button>
        <Button
          size="small"
          icon={<FolderAddOutlined />}
          disabled={!selected}
          onClick={() => openEditor({ mode: 'create', target: selected })}
        >
          新增子分类
        </Button>
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={!selected}
          onClick={() => openEditor({ mode: 'rename', target: selected })}
        >
          重命名
        </Button>
        <Tooltip title={refusal}>
          <Popconfirm
            title={`删除分类「${selected?.name ?? ''}」？`}
            description="其下级分类会一并删除，删除后不能恢复。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={!selected || refusal !== undefined}
            onConfirm={remove}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!selected || refusal !== undefined}
            >
              删除
            </Button>
          </Popconfirm>
        </Tooltip>
      </Space>
      <button
        type="button"
        className={`video-category__all${selectedId === undefined ? ' video-category__all--active' : ''}`}
        onClick={() => onSelect(undefined)}
      >
        全部视频
      </button>
      <Spin spinning={loading}>
        {tree.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有分类" />
        ) : (
          <Tree
            blockNode
            draggable={{ icon: false }}
            treeData={toTreeData(tree)}
            selectedKeys={selectedId === undefined ? [] : [selectedId]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
            onDrop={onDrop}
          />
        )}
      </Spin>
      <Modal
        open={editor !== null}
        title={
          editor?.mode === 'rename'
            ? '重命名分类'
            : editor?.target
              ? `新增「${editor.target.name}」的子分类`
              : '新增分类'
        }
        okText="保存"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditor(null)}
        forceRender
        mask={{ closable: false }}
      >
        <Form form={form} name="resource-category-form" layout="vertical">
          <Form.Item
            name="name"
            label="分类名称"
            rules={[
              { required: true, whitespace: true, message: '请填写分类名称' },
              { max: 50, message: '分类名称不能超过 50 个字符' },
            ]}
          >
            <Input maxLength={50} placeholder="如：安全生产" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
