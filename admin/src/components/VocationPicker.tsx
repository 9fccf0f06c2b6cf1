import type { VocationalNode } from '@px/api/contract';
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { vocationalResourceTree } from '../api/vocation';

/** An occupation a row keeps already: its code (null from before codes were kept) and the name it printed. */
export interface KeptVocation {
  code: string | null;
  name: string;
}

export interface VocationPickerProps {
  /** Set by Form.Item. */
  id?: string;
  /** The code of the 职业 or 工种 picked. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The row's own occupation: offered even when the tree no longer shows it (disabled since). */
  kept?: KeptVocation | null;
}

/** The tree, loaded once per page load (it changes rarely; platform staff keep it). */
let loading: Promise<VocationalNode[]> | null = null;
function loadTree(): Promise<VocationalNode[]> {
  loading ??= vocationalResourceTree().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

interface Choice {
  value: string;
  title: string;
  /** A 职业大类 groups occupations and is not one. */
  selectable: boolean;
  children: Choice[];
}

const choicesOf = (nodes: readonly VocationalNode[]): Choice[] =>
  nodes.map((node) => ({
    value: node.code,
    title: `${node.name}（${node.code}）`,
    selectable: node.level > 1,
    children: choicesOf(node.children),
  }));

const holds = (choices: readonly Choice[], code: string): boolean =>
  choices.some((choice) => choice.value === code || holds(choice.children, code));

/**
 * 职业（工种）of a form, picked from the platform's vocational resource tree (职业工种目录): its 职业
 * and 工种 under their 职业大类, found by name or code as one types. The value is the node's code;
 * the server keeps it with the node's name (what lists and certificates show). The row's own
 * occupation stays offered when its node has been disabled since.
 */
export function VocationPicker({ id, value, onChange, kept }: VocationPickerProps) {
  const [tree, setTree] = useState<VocationalNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadTree().then(
      (answer) => {
        if (live) setTree(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const choices = useMemo(() => {
    const found = choicesOf(tree ?? []);
    if (!kept?.code || !tree || holds(found, kept.code)) return found;
    const own = { value: kept.code, title: `${kept.name}（${kept.code}，目录中已停用）`, selectable: true };
    return [{ ...own, children: [] }, ...found];
  }, [tree, kept]);
  return (
    <TreeSelect<string>
      id={id}
      value={value}
      onChange={(code) => onChange?.(code)}
      treeData={choices}
      loading={tree === null}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      placeholder="输入名称或编码搜索，如 焊工、6-18"
      notFoundContent="职业工种目录中没有匹配的职业（工种）"
    />
  );
}
