import { Button, Popconfirm, Space, Typography } from 'antd';
import { setClassesOnShelf } from '../../../../api/train-class';
import { useRowAction } from '../../../../hooks/useRowAction';

export interface ClassBatchBarProps {
  /** The selected classes. */
  ids: number[];
  /** Called after a batch change succeeded (clear the selection, reload). */
  onDone: () => void;
  onCopy: () => void;
  onModify: () => void;
  onClear: () => void;
}

/** The batch actions on the selected classes: 批量复制, 批量修改, 批量上架, 批量下架. */
export function ClassBatchBar({ ids, onDone, onCopy, onModify, onClear }: ClassBatchBarProps) {
  const { busy, run } = useRowAction<'shelf'>(onDone);
  const none = ids.length === 0;
  const disabled = none || busy !== null;
  return (
    <Space wrap>
      <Typography.Text type="secondary">
        {none ? '勾选班级后可批量操作' : `已选 ${ids.length} 个班级`}
      </Typography.Text>
      <Button disabled={disabled} onClick={onCopy}>
        批量复制
      </Button>
      <Button disabled={disabled} onClick={onModify}>
        批量修改
      </Button>
      <Button
        disabled={disabled}
        onClick={() => void run('shelf', () => setClassesOnShelf(ids, true), `已上架 ${ids.length} 个班级`)}
      >
        批量上架
      </Button>
      <Popconfirm
        title={`下架所选 ${ids.length} 个班级？`}
        description="下架后学员不能再报名，已报名的学员不受影响。"
        okText="下架"
        cancelText="取消"
        disabled={disabled}
        onConfirm={() => run('shelf', () => setClassesOnShelf(ids, false), `已下架 ${ids.length} 个班级`)}
      >
        <Button disabled={disabled}>批量下架</Button>
      </Popconfirm>
      {!none && (
        <Button type="link" onClick={onClear}>
          取消选择
        </Button>
      )}
    </Space>
  );
}
