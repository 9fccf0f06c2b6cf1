import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import type { RecordState } from '../hooks/useRecord';
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

/** What a create-or-edit page says of an address whose `?id=` is no id, and its way back. */
export interface AddressTexts {
  /** 班级编号无效… */
  invalid: string;
  /** Where to come from: 请从班级列表进入。 */
  hint: string;
  /** 返回班级列表… */
  back: string;
}

/**
 * What a create-or-edit page (`useAddressRecord`) shows until its record is ready: for an `?id=`
 * that is no id, what `texts` say with the way back; else `RecordPending`.
 */
export function AddressRecordPending({
  invalid,
  state,
  texts,
  onBack,
}: {
  invalid: boolean;
  state: RecordState<unknown> & { reload: () => void };
  texts: AddressTexts;
  onBack: () => void;
}) {
  if (invalid) {
    return (
      <Result
        status="warning"
        title={texts.invalid}
        subTitle={texts.hint}
        extra={
          <Button type="primary" onClick={onBack}>
            {texts.back}
          </Button>
        }
      />
    );
  }
  return (
    <RecordPending
      state={state}
      onRetry={state.reload}
      back={<Button onClick={onBack}>{texts.back}</Button>}
    />
  );
}
