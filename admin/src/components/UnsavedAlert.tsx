import { Alert } from 'antd';

export interface UnsavedAlertProps {
  messages: readonly string[];
  /** What the list is of (default 以下内容未能保存). */
  title?: string;
  marginBottom?: number;
}

/** What a refused save said that no field of the form could show (nothing when none). */
export function UnsavedAlert({ messages, title = '以下内容未能保存', marginBottom = 16 }: UnsavedAlertProps) {
  if (messages.length === 0) return null;
  return (
    <Alert type="error" showIcon title={title} description={messages.join('；')} style={{ marginBottom }} />
  );
}
