import {
  CLASS_CATEGORY_LEVEL,
  CLASS_CATEGORY_LEVEL_LABEL,
  type ClassCategoryLevel,
  type ClassCategoryNode,
} from '@px/api/contract';
import type { TreeDataNode, TreeProps } from 'antd';
import { Alert, Button, Flex, message, Popconfirm, Space, Tag, Tooltip, Tree } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import {
  deleteClassCategory,
  dragClassCategory,
  getClassCategoryTree,
  saveClassCategory,
} from '../../../api/class-category';
import { NameModal } from '../../../components/NameModal';
import { RecordPending } from '../../../components/RecordPending';
import { useRecord } from '../../../hooks/useRecord';
import {
  type CategoryMove,
  canDropCategory,
  dropPositionOf,
  parentIds,
  siblingMove,
} from './class-category-tree';

/** The tree data of antd's Tree, each node carrying its category. */
interface CategoryTreeNode extends TreeDataNode {
  key: number;
  category: ClassCategoryNode;
  children: CategoryTreeNode[];
}

function toTreeData(nodes: ClassCategoryNode[]): CategoryTreeNode[] {
  return nodes.map((category) => ({ key: category.id, category, children: toTreeData(category.children) }));
}

/** What the name dialog does: add a child under `parent`, or rename `node`. */
type Editing = { mode: 'create'; parent: ClassCategoryNode } | { mode: 'rename'; node: ClassCategoryNode };

/** The label of the children a level takes (专业类型 under a base type, 专业子类 under a major type). */
const childLabel = (level: ClassCategoryLevel) =>
  CLASS_CATEGORY_LEVEL_LABEL[(level + 1) as ClassCategoryLevel];

/** Adds a category under a parent or renames one; the server's refusals land on the name or above it. */
function CategoryNameModal({
  editing,
  onCancel,
  onSaved,
}: {
  editing: Editing | null;
  onCancel: () => void;
  onSaved: (parentId: number | null) => void;
}) {
  return (
    <NameModal
      open={editing !== null}
      title={
        editing?.mode === 'create'
          ? `在「${editing.parent.name}」下新增${childLabel(editing.parent.level)}`
          : `重命名「${editing?.node.name ?? ''}」`
      }
      name="class-category-name"
      initialName={editing?.mode === 'rename' ? editing.node.name : ''}
      placeholder="例如 建筑工程"
      destroyOnHidden
      onSave={async (name) => {
        if (!editing) return;
        const saved = await saveClassCategory(
          editing.mode === 'create' ? { parentId: editing.parent.id, name } : { id: editing.node.id, name },
        );
        void message.success(editing.mode === 'create' ? '分类已新增' : '分类已重命名');
        onSaved(saved.parentId);
      }}
      onClose={onCancel}
    />
  );
}

/**
 * 班级分类: the project's class-type tree (base types 公需科目/专业科目 -> 专业类型 -> 专业子类). Adds,
 * renames and deletes categories, and reorders or moves them by dragging (or 上移/下移); drops the
 * server would refuse are not offered, and its refusals are shown by the request client.
 */
export function ClassCategoryTree() {
  const state = useRecord<'tree', ClassCategoryNode[]>('tree', () => getClassCategoryTree());
  const { set } = state;
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);

  const tree = state.status === 'ready' ? state.record : null;
  const treeData = useMemo(() => (tree ? toTreeData(tree) : []), [tree]);
  // The whole tree is open at first; later the reader's choice stays.
  const expandedKeys = expanded ?? (tree ? parentIds(tree) : []);

  const expand = (id: number | null) => {
    if (id !== null && !expandedKeys.includes(id)) setExpanded([...expandedKeys, id]);
  };

  /** Runs a change of the tree, then shows the tree the server now has. */
  const change = useCallback(
    async (action: () => Promise<ClassCategoryNode[] | unknown>, done: string) => {
      setBusy(true);
      try {
        const answer = await action();
        set(Array.isArray(answer) ? (answer as ClassCategoryNode[]) : await getClassCategoryTree());
        void message.success(done);
      } catch {
        // The request client has shown why.
      } finally {
        setBusy(false);
      }
    },
    [set],
  );

  const move = (step: CategoryMove | undefined) => {
    if (step) void change(() => dragClassCategory(step), '分类已移动');
  };

  if (state.status !== 'ready' || !tree) return <RecordPending state={state} onRetry={state.reload} />;

  const allowDrop: TreeProps<CategoryTreeNode>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) =>
    canDropCategory(
      dragNode.category.level,
      dropNode.category.level,
      dropPosition === 0 ? 'inner' : dropPosition < 0 ? 'before' : 'after',
    );

  const onDrop: TreeProps<CategoryTreeNode>['onDrop'] = (info) => {
    const position = dropPositionOf(info);
    const { category } = info.dragNode;
    if (!canDropCategory(category.level, info.node.category.level, position)) return;
    if (position === 'inner') expand(info.node.category.id);
    move({ id: category.id, targetId: info.node.category.id, position });
  };

  const renderTitle = ({ category }: CategoryTreeNode) => {
    const base = category.level === CLASS_CATEGORY_LEVEL.BASE;
    const up = siblingMove(tree, category.id, 'up');
    const down = siblingMove(tree, category.id, 'down');
    return (
      <Flex align="center" gap={8} wrap data-testid={`category-${category.id}`}>
        <span>{category.name}</span>
        <Tag color={base ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
          {CLASS_CATEGORY_LEVEL_LABEL[category.level]}
        </Tag>
        <Space size={0}>
          {category.level < CLASS_CATEGORY_LEVEL.MAJOR_CHILD && (
            <Button
              type="link"
              size="small"
              disabled={busy}
              onClick={() => setEditing({ mode: 'create', parent: category })}
            >
              新增{childLabel(category.level)}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            disabled={busy}
            onClick={() => setEditing({ mode: 'rename', node: category })}
          >
            重命名
          </Button>
          {!base && (
            <>
              <Button type="link" size="small" disabled={busy || !up} onClick={() => move(up)}>
                上移
              </Button>
              <Button type="link" size="small" disabled={busy || !down} onClick={() => move(down)}>
                下移
              </Button>
              <Tooltip title={category.children.length ? '请先删除下级分类' : undefined}>
                <Popconfirm
                  title={`删除分类「${category.name}」？`}
                  description="删除后不能恢复。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  disabled={category.children.length > 0}
                  onConfirm={() => change(() => deleteClassCategory(category.id), '分类已删除')}
                >
                  <Button type="link" size="small" danger disabled={busy || category.children.length > 0}>
                    删除
                  </Button>
                </Popconfirm>
              </Tooltip>
            </>
          )}
        </Space>
      </Flex>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title="公需科目、专业科目为基础类型，不能删除或移动，可以重命名。拖动分类调整顺序：专业类型可在两个基础类型之间移动，专业子类可在专业类型之间移动，最多三级。"
      />
      <Tree<CategoryTreeNode>
        blockNode
        selectable={false}
        draggable={
          busy
            ? false
            : { icon: false, nodeDraggable: (node) => (node as CategoryTreeNode).category.level !== 1 }
        }
        allowDrop={allowDrop}
        onDrop={onDrop}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        treeData={treeData}
        titleRender={renderTitle}
      />
      <CategoryNameModal
        editing={editing}
        onCancel={() => setEditing(null)}
        onSaved={(parentId) => {
          setEditing(null);
          expand(parentId);
          void getClassCategoryTree().then(set, () => state.reload());
        }}
      />
    </Flex>
  );
}
