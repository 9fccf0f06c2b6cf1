import { Alert, Button, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A text with its copy button (复制 / 已复制); `code` sets it in monospace (a key, a password). */
export function CopyableText({
  text,
  code,
  className,
  testId,
}: {
  text: string;
  code?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <Typography.Text
      code={code}
      copyable={{ text, tooltips: ['复制', '已复制'] }}
      className={className}
      data-testid={testId}
    >
      {text}
    </Typography.Text>
  );
}

export interface ShownOnceModalProps {
  title: string;
  open: boolean;
  /** 我已记下: closing forgets the secret (the caller drops it). */
  onClose: () => void;
  /** Says the secret is shown this once and what to do with it. */
  warning: string;
  children: ReactNode;
}

/**
 * A secret shown this once (an initial or reset password, an app secret): it closes only by 我已记下,
 * never by a click beside it, so nobody loses it by accident.
 */
export function ShownOnceModal({ title, open, onClose, warning, children }: ShownOnceModalProps) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
    >
      <Alert type="warning" showIcon title={warning} />
      {children}
    </Modal>
  );
}
