import { Alert, Button, Drawer, Space, Spin } from 'antd';
import type { ReactNode } from 'react';

export interface EditorDrawerProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** The drawer's width in pixels. */
  size: number;
  /** Saving is under way (保存 spins). */
  saving: boolean;
  /** What 保存 does (usually `form.submit()`). */
  onSave: () => void;
  /** The record is loading (the body spins, 保存 waits). */
  loading: boolean;
  /** Loading failed: the body says so instead of the form (e.g. 课程加载失败，请关闭后重试). */
  failure: string | null;
  /** 保存 waits for something else too (an upload under way). */
  busy?: boolean;
  footerClassName?: string;
  children: ReactNode;
}

/**
 * The back office's drawer around a record's editor: 取消 and 保存 in the footer, a spinner while
 * the record loads, and the reason instead of the form when it could not be loaded.
 */
export function EditorDrawer({
  title,
  open,
  onClose,
  size,
  saving,
  onSave,
  loading,
  failure,
  busy = false,
  footerClassName,
  children,
}: EditorDrawerProps) {
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      footer={
        <Space className={footerClassName}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={loading || failure !== null || busy}
            onClick={onSave}
          >
            保存
          </Button>
        </Space>
      }
    >
      {failure !== null ? (
        <Alert type="error" showIcon title={failure} />
      ) : (
        <Spin spinning={loading}>{children}</Spin>
      )}
    </Drawer>
  );
}
