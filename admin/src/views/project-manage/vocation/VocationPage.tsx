import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { VOCATION_LEVEL_LABEL, type VocationLevel, type VocationNode } from '@px/api/contract';
import {
  Button,
  Card,
  Form,
  Input,
  message,
  Popconfirm,
  Space,
  Tag,
  Tree,
  type TreeDataNode,
  Typography,
} from 'antd';
import { useState } from 'react';
import { saveVocation, sortVocation, toggleVocation, vocationTree } from '../../../api/vocation';
import { FormModal } from '../../../components/FormModal';
import { useTree } from '../../../hooks/useTree';
import { maxChars, required } from '../../../utils/form-rules';

/** Where a node is: itself, its siblings and its ancestors (root first). */
interface Located {
  node: VocationNode;
  siblings: VocationNode[];
  ancestors: VocationNode[];
}

function locate(nodes: VocationNode[], id: number, ancestors: VocationNode[] = []): Located | undefined {
  for (const node of nodes) {
    if (node.id === id) return { node, siblings: nodes, ancestors };
    const inner = locate(node.children, id, [...ancestors, node]);
    if (inner) return inner;
  }
  return undefined;
}

const LEVEL_COLOR: Readonly<Record<VocationLevel, string>> = { 1: 'blue', 2: 'green', 3: 'default' };

function toTreeData(nodes: readonly VocationNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span className="vocation-node" data-code={node.code}>
        <Tag color={LEVEL_COLOR[node.level]}>{VOCATION_LEVEL_LABEL[node.level]}</Tag>
        <Typography.Text type={node.enabled ? undefined : 'secondary'} delete={!node.enabled}>
          {node.code} {node.name}
        </Typography.Text>
        {!node.enabled && <Tag style={{ marginLeft: 8 }}>已停用</Tag>}
      </span>
    ),
    children: toTreeData(node.children),
  }));
}

/** The example code of a new node under `parent`: the format the server checks. */
function codeExample(parent: VocationNode | undefined): string {
  if (!parent) return '1 位数字，如 6';
  return parent.level === 1 ? `大类-中类-小类-细类，如 ${parent.code}-31-01-03` : `${parent.code}-01`;
}

interface EditorState {
  mode: 'create' | 'rename';
  /** The parent of a new node (undefined: a 职业大类), or the node renamed. */
  target: VocationNode | undefined;
}

interface EditorValues {
  code?: string;
  name: string;
}

/**
 * 职业工种目录 (platform staff): the platform's vocational resource tree, 职业大类 → 职业 → 工种 with
 * their national-classification style codes, which every project picks occupations from (考务
 * batches, skill certificates). Adds a 职业大类 or a node under the selected one, renames, disables
 * (hidden from projects with its subtree) or enables, and moves a node up or down among its siblings.
 * Codes never change and nodes are never deleted (what names an occupation keeps it).
 */
export function VocationPage() {
  const { tree, loading, reload } = useTree(vocationTree);
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<EditorValues>();

  const located = selectedId === undefined ? undefined : locate(tree, selectedId);
  const selected = located?.node;
  // The 职业大类 open at first; then as the user leaves them.
  const expandedKeys = expanded ?? tree.map((node) => node.id);
  const position = located ? located.siblings.indexOf(located.node) : -1;
  const ancestorDisabled = located?.ancestors.some((node) => !node.enabled) ?? false;

  const openEditor = (state: EditorState) => {
    setEditor(state);
    setEditorOpen(true);
  };

  const save = async (values: EditorValues) => {
    if (!editor) return;
    if (editor.mode === 'rename' && editor.target) {
      await saveVocation({ id: editor.target.id, name: values.name.trim() });
      void message.success('已重命名');
    } else {
      const created = await saveVocation({
        parentId: editor.target?.id ?? null,
        code: values.code?.trim() ?? '',
        name: values.name.trim(),
      });
      void message.success(`已添加${VOCATION_LEVEL_LABEL[created.level]}`);
      if (editor.target) setExpanded([...new Set([...expandedKeys, editor.target.id])]);
      setSelectedId(created.id);
    }
    setEditorOpen(false);
    reload();
  };

  const act = async (run: () => Promise<VocationNode[]>, done: string) => {
    setBusy(true);
    try {
      reload(await run());
      void message.success(done);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const childLevel = selected ? ((selected.level + 1) as VocationLevel) : undefined;
  const editorTitle =
    editor?.mode === 'rename'
      ? `重命名「${editor.target?.name ?? ''}」`
      : editor?.target
        ? `新增「${editor.target.name}」下的${VOCATION_LEVEL_LABEL[(editor.target.level + 1) as VocationLevel]}`
        : '新增职业大类';

  return (
    <Card title="职业工种目录">
      <Typography.Paragraph type="secondary">
        平台统一维护的职业（工种）目录，参照《国家职业分类大典》编码：职业大类（如 6）→ 职业（如 6-31-01-03）→
        工种（如
        6-31-01-03-01）。各项目在考务报名批次、职业技能等级证书中从此目录选择职业（工种）；停用的节点及其下级不再供选择，已使用的名称不受影响。
      </Typography.Paragraph>
      <Space size={4} wrap style={{ marginBottom: 12 }}>
        <Button icon={<PlusOutlined />} onClick={() => openEditor({ mode: 'create', target: undefined })}>
          新增职业大类
        </Button>
        <Button
          icon={<FolderAddOutlined />}
          disabled={!selected || selected.level >= 3 || !selected.enabled || ancestorDisabled}
          onClick={() => openEditor({ mode: 'create', target: selected })}
        >
          {childLevel && childLevel <= 3 ? `新增${VOCATION_LEVEL_LABEL[childLevel]}` : '新增下级'}
        </Button>
        <Button
          icon={<EditOutlined />}
          disabled={!selected}
          onClick={() => openEditor({ mode: 'rename', target: selected })}
        >
          重命名
        </Button>
        {selected?.enabled === false ? (
          <Button
            icon={<CheckCircleOutlined />}
            disabled={busy || ancestorDisabled}
            title={ancestorDisabled ? '上级已停用，请先启用上级' : undefined}
            onClick={() => void act(() => toggleVocation(selected.id, true), '已启用')}
          >
            启用
          </Button>
        ) : (
          <Popconfirm
            title={`停用「${selected?.name ?? ''}」？`}
            description="停用后该节点及其下级不再供各项目选择，已使用的名称不受影响；可随时启用。"
            okText="停用"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={!selected || busy}
            onConfirm={() => (selected ? act(() => toggleVocation(selected.id, false), '已停用') : undefined)}
          >
            <Button danger icon={<StopOutlined />} disabled={!selected || busy}>
              停用
            </Button>
          </Popconfirm>
        )}
        <Button
          icon={<ArrowUpOutlined />}
          disabled={!selected || busy || position <= 0}
          onClick={() => selected && void act(() => sortVocation(selected.id, position - 1), '已上移')}
        >
          上移
        </Button>
        <Button
          icon={<ArrowDownOutlined />}
          disabled={!selected || busy || !located || position >= located.siblings.length - 1}
          onClick={() => selected && void act(() => sortVocation(selected.id, position + 1), '已下移')}
        >
          下移
        </Button>
      </Space>
      {loading && tree.length === 0 ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : tree.length === 0 ? (
        <Typography.Text type="secondary">还没有职业工种</Typography.Text>
      ) : (
        <Tree
          blockNode
          treeData={toTreeData(tree)}
          selectedKeys={selectedId === undefined ? [] : [selectedId]}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
      <FormModal<EditorValues>
        open={editorOpen}
        title={editorTitle}
        okText="保存"
        name="vocation-editor"
        form={form}
        values={
          editor?.mode === 'rename'
            ? { code: editor.target?.code, name: editor.target?.name ?? '' }
            : { code: editor?.target ? `${editor.target.code}-` : '', name: '' }
        }
        showOtherErrors
        submitOnEnter
        onSubmit={save}
        onClose={() => setEditorOpen(false)}
      >
        <Form.Item
          name="code"
          label="编码"
          extra={editor?.mode === 'rename' ? '编码不能修改' : codeExample(editor?.target)}
          rules={[{ required: editor?.mode !== 'rename', whitespace: true, message: '请填写编码' }]}
        >
          <Input maxLength={20} disabled={editor?.mode === 'rename'} />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[required('请填写名称'), maxChars('名称', 50)]}>
          <Input maxLength={50} placeholder="如：焊工" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
