import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import { Button, Space } from 'antd';

export interface OrderedRowActionsProps {
  /** The row's position in the list. */
  index: number;
  /** How many rows the list has. */
  count: number;
  /** Moves the row from one position to another (Form.List's `move`). */
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/** 上移 / 下移 / 移除 of a row in an ordered editable list (lessons of a course, courses of a class). */
export function OrderedRowActions({ index, count, onMove, onRemove }: OrderedRowActionsProps) {
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label="上移"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        上移
      </Button>
      <Button
        type="link"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label="下移"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        下移
      </Button>
      <Button type="link" size="small" danger onClick={onRemove}>
        移除
      </Button>
    </Space>
  );
}
