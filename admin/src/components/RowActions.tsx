import type { Abilities } from '@px/api/contract';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListColumn } from './ListTable';

/** What the status action of a list row needs. */
export interface StatusActionProps {
  /** Whether the record is enabled (the action is then 停用, else 启用). */
  enabled: boolean;
  /** The question of the 停用 confirmation, e.g. `停用单位「…」？`. */
  confirmTitle: string;
  /** What disabling does, under the question. */
  confirmDescription: string;
  /** A change of the row is under way: the buttons are disabled. */
  busy: boolean;
  /** Why the record cannot be disabled (shown as a tooltip of the disabled 停用), if it cannot. */
  refusal?: string;
  /** Disables the record after confirmation; a returned promise keeps the confirm button loading. */
  onDisable: () => unknown;
  /** Enables the record (no confirmation). */
  onEnable: () => unknown;
}

/** 停用 (after a confirmation) of an enabled record, or 启用 of a disabled one, as a row's link button. */
export function StatusAction({
  enabled,
  confirmTitle,
  confirmDescription,
  busy,
  refusal,
  onDisable,
  onEnable,
}: StatusActionProps) {
  if (!enabled) {
    return (
      <Button type="link" size="small" disabled={busy} onClick={() => void onEnable()}>
        启用
      </Button>
    );
  }
  return (
    <Tooltip title={refusal}>
      <Popconfirm
        title={confirmTitle}
        description={confirmDescription}
        okText="停用"
        cancelText="取消"
        disabled={refusal !== undefined}
        onConfirm={onDisable}
      >
        <Button type="link" size="small" danger disabled={refusal !== undefined || busy}>
          停用
        </Button>
      </Popconfirm>
    </Tooltip>
  );
}

/** What the delete action of a list row needs. */
export interface DeleteActionProps {
  /** The question of the confirmation, e.g. `删除项目「…」？`. */
  confirmTitle: string;
  /** A change of the row is under way: the button is disabled. */
  busy: boolean;
  /** Why the record cannot be deleted (shown as a tooltip of the disabled 删除), if it cannot. */
  refusal?: string;
  /** Deletes the record after confirmation; a returned promise keeps the confirm button loading. */
  onDelete: () => unknown;
}

/** 删除 of a list row after a confirmation (删除后不能恢复), disabled with the reason when refused. */
export function DeleteAction({ confirmTitle, busy, refusal, onDelete }: DeleteActionProps) {
  if (refusal !== undefined) {
    // A disabled button fires no mouse events: the span carries the tooltip of the reason.
    return (
      <Tooltip title={refusal}>
        <span>
          <Button type="link" size="small" danger disabled>
            删除
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={confirmTitle}
      description="删除后不能恢复。"
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={onDelete}
    >
      <Button type="link" size="small" danger disabled={busy}>
        删除
      </Button>
    </Popconfirm>
  );
}

/**
 * A row's action the server would refuse (its answer's `xRefusal`, docs/api-conventions.md
 * "Abilities"), shown where the person expects it: a disabled link button with the reason as its
 * tooltip.
 */
export function RefusedAction({ label, refusal }: { label: string; refusal: string | null }) {
  return (
    <Tooltip title={refusal}>
      <span>
        <Button type="link" size="small" disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** Where 详情 of a row leads: its detail page (`to`), or a drawer or dialog of the list's page (`onOpen`). */
export type DetailActionProps = { to: string; onOpen?: undefined } | { onOpen: () => void; to?: undefined };

/**
 * 详情 of a list row, first of its actions: a link to the row's detail page, or a link button that
 * opens the detail beside the list.
 */
export function DetailAction({ to, onOpen }: DetailActionProps) {
  if (to !== undefined)
    return (
      <Link to={to} style={{ padding: '0 8px' }}>
        详情
      </Link>
    );
  return (
    <Button type="link" size="small" onClick={onOpen}>
      详情
    </Button>
  );
}

/**
 * The 操作 column of a list: the row's actions side by side as small link buttons, fixed at the
 * right of a wide table (`fixed: false` where the table does not scroll sideways), wrapping onto a
 * second line when `wrap` (rather than widening the table).
 */
export function actionsColumn<T>(
  width: number,
  actions: (row: T, index: number) => ReactNode,
  { wrap = false, fixed = true }: { wrap?: boolean; fixed?: boolean } = {},
): ListColumn<T> {
  return {
    title: '操作',
    key: 'actions',
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_value: unknown, row: T, index: number) => (
      <Space size={0} wrap={wrap}>
        {actions(row, index)}
      </Space>
    ),
  };
}

/** What the 编辑 and 删除 of a list row need. */
export interface EditDeleteActionsProps {
  /**
   * The row's abilities as the server answers them (docs/api-conventions.md "Abilities"); one not
   * answered allows. 编辑 shows only when `canEdit`; 删除 is disabled with `deleteRefusal` as its
   * tooltip when the server would refuse it.
   */
  abilities?: Partial<Abilities<'edit' | 'delete'>>;
  /** Opens the row's editor; without it there is no 编辑 (the person may not edit). */
  onEdit?: () => void;
  /** The question of the delete confirmation, e.g. `删除课程「…」？`. */
  deleteTitle: string;
  /** A change of the row is under way: 删除 is disabled. */
  busy: boolean;
  /** Deletes the row after confirmation; a returned promise keeps the confirm button loading. */
  onDelete: () => unknown;
  /** The row's other actions, between 编辑 and 删除 (预览, 停用…). */
  between?: ReactNode;
}

/**
 * 编辑, the row's other actions, then 删除, as a list row's link buttons: a fragment, so that each
 * button stands in the 操作 column's `Space` on its own (`actionsColumn`).
 */
export function editDeleteActions({
  abilities,
  onEdit,
  deleteTitle,
  busy,
  onDelete,
  between,
}: EditDeleteActionsProps): ReactNode {
  return (
    <>
      {onEdit && abilities?.canEdit !== false && (
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
      )}
      {between}
      <DeleteAction
        confirmTitle={deleteTitle}
        busy={busy}
        refusal={abilities?.deleteRefusal ?? undefined}
        onDelete={onDelete}
      />
    </>
  );
}
