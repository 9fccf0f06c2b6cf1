import type { MyPushLogItem, MyPushState } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useEffect, useState } from 'react';
import { Tag, type TagProps } from 'react-vant';
import { listMyPushStates } from '../../../api/my-class';

const TAG: Readonly<Record<MyPushState, TagProps['type']>> = {
  NOT_PUSHED: 'default',
  PUSHING: 'primary',
  PUSHED: 'success',
  FAILED: 'danger',
};

/**
 * The reporting states of the enrolments `ids` (`my-class-push-log/my-push-log`), by enrolment;
 * asked again when the ids change. A failure leaves the cards without the line (it is a detail).
 */
export function usePushStates(ids: readonly number[]): ReadonlyMap<number, MyPushLogItem> {
  const [states, setStates] = useState<ReadonlyMap<number, MyPushLogItem>>(new Map());
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids (by value) are what changed
  useEffect(() => {
    if (!ids.length) return;
    let live = true;
    listMyPushStates([...ids])
      .then((items) => live && setStates(new Map(items.map((item) => [item.myClassId, item]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return states;
}

/** 学时上报：未上报 / 上报中 / 已上报 (when) / 上报失败 (why), on an enrolment's card. */
export function PushStateLine({ item }: { item: MyPushLogItem | undefined }) {
  if (!item) return null;
  return (
    <div className="my-card__meta my-card__push" role="note" aria-label="学时上报">
      学时上报{' '}
      <Tag type={TAG[item.state]} plain={item.state === 'NOT_PUSHED'}>
        {item.label}
      </Tag>
      {item.pushedAt && <span> {formatDateTime(item.pushedAt, 'YYYY-MM-DD HH:mm')}</span>}
      {item.reason && <span className="my-card__push-reason">{item.reason}</span>}
    </div>
  );
}
