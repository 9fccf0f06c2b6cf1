import { Button, Popconfirm } from 'antd';

/** What a row action that asks first needs. */
export interface ConfirmActionProps {
  /** The button's text, also the confirm button's. */
  label: string;
  /** The question, e.g. `发布计划「…」？`. */
  title: string;
  /** What the action does, under the question. */
  description: string;
  /** A change of the row is under way: the button is disabled. */
  busy: boolean;
  danger?: boolean;
  /** Runs the action after confirmation; a returned promise keeps the confirm button loading. */
  onConfirm: () => unknown;
}

/** A list row's link button (发布, 关闭, 复制, 下架…) that runs its action after a confirmation. */
export function ConfirmAction({ label, title, description, busy, danger, onConfirm }: ConfirmActionProps) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={label}
      okButtonProps={{ danger }}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger={danger} disabled={busy}>
        {label}
      </Button>
    </Popconfirm>
  );
}
