import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import type { RecordState, RecordView } from '../hooks/useRecord';
import { PageLoading } from './PageLoading';

/**
 * The page of a record that could not be loaded: 加载失败 with the reason, 重新加载 and the
 * screen's way back (`back`, optional).
 */
export function LoadFailed({
  message,
  onRetry,
  back,
}: {
  message: string;
  onRetry: () => void;
  back?: ReactNode;
}) {
  return (
    <Result
      status="error"
      title="加载失败"
      subTitle={message}
      extra={
        <Space>
          <Button type="primary" onClick={onRetry}>
            重新加载
          </Button>
          {back}
        </Space>
      }
    />
  );
}

/**
 * What a record's page shows until the record is ready (see `useRecord`): the loading placeholder,
 * or `LoadFailed` with `onRetry` and `back`. Nothing once it is ready.
 */
export function RecordPending({
  state,
  onRetry,
  back,
}: {
  state: RecordState<unknown>;
  onRetry: () => void;
  back?: ReactNode;
}) {
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadFailed message={state.message} onRetry={onRetry} back={back} />;
  return null;
}

/**
 * What a create-or-edit page (`useAddressRecord`) shows until its record is ready: for an `?id=`
 * that is no id, `title` and where to come from (`hint`) with the way back; else `RecordPending`.
 */
export function AddressRecordPending({
  invalid,
  state,
  title,
  hint,
  backLabel,
  onBack,
}: {
  invalid: boolean;
  state: RecordView<unknown>;
  title: string;
  hint: string;
  backLabel: string;
  onBack: () => void;
}) {
  if (invalid) {
    return (
      <Result
        status="warning"
        title={title}
        subTitle={hint}
        extra={
          <Button type="primary" onClick={onBack}>
            {backLabel}
          </Button>
        }
      />
    );
  }
  return (
    <RecordPending
      state={state}
      onRetry={state.reload}
      back={<Button onClick={onBack}>{backLabel}</Button>}
    />
  );
}
