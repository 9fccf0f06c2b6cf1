import type { RegionNode } from '@px/api/contract';

/** An option of antd's Cascader built from the region tree. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/**
 * The codes from the top of the tree down to `code` (the Cascader's value for it), or an empty list
 * when the tree does not hold the code.
 */
export function regionCodePath(tree: readonly RegionNode[], code: string | null | undefined): string[] {
  if (!code) return [];
  for (const node of tree) {
    if (node.code === code) return [node.code];
    const below = regionCodePath(node.children, code);
    if (below.length) return [node.code, ...below];
  }
  return [];
}

/** The tree as Cascader options, cut below `depth` levels (2: provinces and cities). */
export function regionOptions(tree: readonly RegionNode[], depth = Number.POSITIVE_INFINITY): RegionOption[] {
  return tree.map((node) => {
    const children = depth > 1 && node.children.length ? regionOptions(node.children, depth - 1) : undefined;
    return children
      ? { value: node.code, label: node.name, children }
      : { value: node.code, label: node.name };
  });
}

/** Cascader search: an option path matches when one of its names contains the typed text. */
export function regionPathMatches(input: string, path: readonly { label?: unknown }[]): boolean {
  const text = input.trim();
  return path.some((option) => typeof option.label === 'string' && option.label.includes(text));
}

/** The Cascader value of a code: its path in the tree, or the bare code while the tree lacks it. */
export function regionCascaderValue(tree: readonly RegionNode[], code: string): string[] {
  const path = regionCodePath(tree, code);
  return path.length ? path : [code];
}
