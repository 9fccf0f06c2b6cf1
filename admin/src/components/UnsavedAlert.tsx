import { Alert } from 'antd';

/** 以下内容未能保存: what a refused save said that no field of the form could show (nothing when none). */
export function UnsavedAlert({ messages, marginBottom = 16 }: { messages: readonly string[]; marginBottom?: number }) {
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="以下内容未能保存"
      description={messages.join('；')}
      style={{ marginBottom }}
    />
  );
}
