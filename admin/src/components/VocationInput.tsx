import type { VocationalNode } from '@px/api/contract';
import { Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import { vocationalResourceTree } from '../api/vocation';

export interface VocationInputProps {
  /** Set by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
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

/** The 职业 and 工种 of the tree, depth first: name and `code 大类`. */
function choices(tree: readonly VocationalNode[]): { name: string; label: string }[] {
  return tree.flatMap((category) => {
    const found: { name: string; label: string }[] = [];
    const walk = (nodes: readonly VocationalNode[]) => {
      for (const node of nodes) {
        found.push({ name: node.name, label: `${node.code} ${category.name}` });
        walk(node.children);
      }
    };
    walk(category.children);
    return found;
  });
}

/**
 * 职业（工种）of a form: typed, or picked from the platform's vocational resource tree (职业工种目录:
 * its 职业 and 工种, suggested as one types, with their codes) through the browser's own suggestion
 * list (a `datalist`: nothing added to the page's code). The name is what is kept (printed on the
 * certificate, the admission ticket); a name outside the tree is accepted.
 */
export function VocationInput({ id, value, onChange, placeholder }: VocationInputProps) {
  const [tree, setTree] = useState<VocationalNode[]>([]);
  const listId = `${useId()}-vocations`;
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
  return (
    <>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={50}
        placeholder={placeholder}
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId} data-testid="vocation-choices">
        {choices(tree).map((choice) => (
          <option key={choice.label} value={choice.name} label={choice.label} />
        ))}
      </datalist>
    </>
  );
}
