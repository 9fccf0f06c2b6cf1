import { ADMIN_MENU, type AdminMenuEntry } from '@px/config';
import { Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { checkState, toggleGrant } from '../menu-grants';

export interface MenuGrantTreeProps {
  /** The granted pages. */
  value: ReadonlySet<string>;
  onChange: (pages: Set<string>) => void;
  /** Whether the person may grant or withdraw a page (they hold it themselves). */
  canChange: (page: string) => boolean;
  /** The whole tree is read-only (a student role has no back-office menu). */
  disabled?: boolean;
}

function entryTitle(entry: AdminMenuEntry, locked: boolean) {
  return (
    <span className="menu-grant-tree__title">
      <span>{entry.title}</span>
      <span className="menu-grant-tree__url">{entry.url}</span>
      {entry.hidden && <Tag className="menu-grant-tree__tag">隐藏页</Tag>}
      {entry.grant && (
        <Tag className="menu-grant-tree__tag" color="blue">
          操作权限
        </Tag>
      )}
      {locked && (
        <Tag className="menu-grant-tree__tag" color="default">
          无权授予
        </Tag>
      )}
    </span>
  );
}

/** Whether nothing under an entry can be changed by the person. */
function isLocked(entry: AdminMenuEntry, canChange: (page: string) => boolean): boolean {
  const children = entry.children ?? [];
  return children.length ? children.every((child) => isLocked(child, canChange)) : !canChange(entry.url);
}

function toTreeData(
  entries: readonly AdminMenuEntry[],
  canChange: (page: string) => boolean,
  disabled: boolean,
): TreeDataNode[] {
  return entries.map((entry) => {
    const locked = isLocked(entry, canChange);
    return {
      key: entry.url,
      title: entryTitle(entry, locked && !disabled),
      disableCheckbox: disabled || locked,
      ...(entry.children?.length ? { children: toTreeData(entry.children, canChange, disabled) } : {}),
    };
  });
}

/**
 * The back-office route table (config ADMIN_MENU) as a checkbox tree: title, URL, a 隐藏页 tag for
 * pages that never appear in the menu and an 操作权限 tag for operation grants (免费开通: a button of
 * a screen, not a page). Checking a page grants it (and so its section);
 * checking a section grants all of its pages the person may grant. Pages the person does not hold
 * are shown locked.
 */
export function MenuGrantTree({ value, onChange, canChange, disabled = false }: MenuGrantTreeProps) {
  const treeData = useMemo(() => toTreeData(ADMIN_MENU, canChange, disabled), [canChange, disabled]);
  const checkedKeys = useMemo(() => checkState(value), [value]);
  return (
    <Tree
      className="menu-grant-tree"
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={treeData}
      checkedKeys={checkedKeys}
      onCheck={(_keys, info) => {
        if (disabled) return;
        onChange(toggleGrant(value, String(info.node.key), info.checked, canChange));
      }}
    />
  );
}
