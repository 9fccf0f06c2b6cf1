import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { TreeProps } from 'antd';
import {
  Button,
  Card,
  Empty,
  message,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useState } from 'react';
import type { CategoryTreeCalls } from '../../../api/category-tree';
import { NameModal } from '../../../components/NameModal';
import { type CategoryNode, dropTarget, findCategory, parentIds } from './category-tree';
import './category-panel.css';

/** What distinguishes one screen's category tree: its calls, what it counts and its labels. */
export interface CategoryKind<N extends CategoryNode<N>> {
  /** Card title: 资源分类. */
  title: string;
  /** The entry above the tree that selects no category: 全部视频. */
  allLabel: string;
  /** The editor form's name (the prefix of its field ids). */
  formName: string;
  /** The items in a category and below it (a category is deleted only at 0). */
  countOf: (node: N) => number;
  /** The items counted, as a phrase: `3 个视频`, `2 门课程`. */
  countText: (count: number) => string;
  calls: CategoryTreeCalls<N>;
}

export interface CategoryPanelProps<N extends CategoryNode<N>> {
  kind: CategoryKind<N>;
  tree: readonly N[];
  loading: boolean;
  /** The selected category; undefined: all items. */
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** The tree changed on the server (an answer with the new tree, or nothing: load it again). */
  onChanged: (tree?: N[]) => void;
}

interface EditorState<N> {
  mode: 'create' | 'rename';
  /** The parent of a new category (undefined: the root), or the category renamed. */
  target: N | undefined;
}

function toTreeData<N extends CategoryNode<N>>(
  nodes: readonly N[],
  countOf: (node: N) => number,
): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span className="category-panel__title">
        <span>{node.name}</span>
        <span className="category-panel__count">{countOf(node)}</span>
      </span>
    ),
    children: toTreeData(node.children, countOf),
  }));
}

/**
 * A category tree of a resource screen (视频资源, 课程管理) in a card. Selecting filters the screen's
 * list (the 全部 entry: none); the toolbar adds a root or sub category, renames and deletes the
 * selected one (deleting is refused while it holds items); dragging a category moves it among its
 * siblings or under another one. `kind` says which tree.
 */
export function CategoryPanel<N extends CategoryNode<N>>({
  kind,
  tree,
  loading,
  selectedId,
  onSelect,
  onChanged,
}: CategoryPanelProps<N>) {
  const [editor, setEditor] = useState<EditorState<N> | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const selected = selectedId === undefined ? undefined : findCategory(tree, selectedId)?.node;
  const expandedKeys = expanded ?? parentIds(tree);

  const openEditor = (state: EditorState<N>) => {
    setEditor(state);
    setEditorOpen(true);
  };

  const save = async (name: string) => {
    if (!editor) return;
    if (editor.mode === 'rename' && editor.target) {
      await kind.calls.save({ id: editor.target.id, name });
      void message.success('分类已重命名');
    } else {
      const created = await kind.calls.save({ name, parentId: editor.target?.id ?? null });
      void message.success('分类已添加');
      if (editor.target) setExpanded([...new Set([...expandedKeys, editor.target.id])]);
      onSelect(created.id);
    }
    setEditorOpen(false);
    onChanged();
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await kind.calls.remove(selected.id);
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
    kind.calls.drag(drop.id, drop.parentId, drop.index).then(
      (next) => {
        void message.success('分类已移动');
        onChanged(next);
      },
      () => onChanged(),
    );
  };

  const count = selected ? kind.countOf(selected) : 0;
  const refusal = count > 0 ? `分类中还有 ${kind.countText(count)}，不能删除` : undefined;

  return (
    <Card title={kind.title} className="category-layout__tree" size="small">
      <Space size={4} wrap className="category-panel__toolbar">
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
        className={`category-panel__all${selectedId === undefined ? ' category-panel__all--active' : ''}`}
        onClick={() => onSelect(undefined)}
      >
        {kind.allLabel}
      </button>
      <Spin spinning={loading}>
        {tree.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有分类" />
        ) : (
          <Tree
            blockNode
            draggable={{ icon: false }}
            treeData={toTreeData(tree, kind.countOf)}
            selectedKeys={selectedId === undefined ? [] : [selectedId]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
            onDrop={onDrop}
          />
        )}
      </Spin>
      <NameModal
        open={editorOpen}
        title={
          editor?.mode === 'rename'
            ? '重命名分类'
            : editor?.target
              ? `新增「${editor.target.name}」的子分类`
              : '新增分类'
        }
        name={kind.formName}
        initialName={editor?.mode === 'rename' ? (editor.target?.name ?? '') : ''}
        placeholder="如：安全生产"
        onSave={save}
        onClose={() => setEditorOpen(false)}
      />
    </Card>
  );
}
