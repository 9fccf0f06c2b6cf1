import { Button, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { countPushable, pushClasses } from '../../../../api/regulator';
import { sayQueued } from '../../../customer/my-class-push-log-manage/say-queued';

/**
 * 上报监管平台 of the selected classes: how many of their students passed and were never reported
 * (`class/count-pushable`, asked as the selection changes), and reporting them (`class/push`,
 * `class/batch-push`).
 */
export function ClassPushBar({ ids }: { ids: number[] }) {
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids (by value) and a reload are what changed
  useEffect(() => {
    setCount(null);
    if (!ids.length) return;
    let live = true;
    countPushable(ids).then(
      (answer) => live && setCount(answer.total),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  const push = async () => {
    setBusy(true);
    try {
      sayQueued(await pushClasses(ids), '人');
      setTick((n) => n + 1);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={`上报所选 ${ids.length} 个班级？`}
      description={count === null ? '正在统计可上报人数…' : `可上报 ${count} 人（已合格且未上报）`}
      okText="上报"
      cancelText="取消"
      disabled={!ids.length}
      onConfirm={push}
    >
      <Button disabled={!ids.length} loading={busy}>
        上报监管平台{ids.length && count !== null ? `（${count} 人）` : ''}
      </Button>
    </Popconfirm>
  );
}
