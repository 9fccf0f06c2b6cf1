import type { UnitClassState } from '@px/api/contract';
import { Tag } from 'antd';

/** The choices of a unit class state filter. */
export const UNIT_CLASS_STATE_OPTIONS = [
  { value: 'OPEN', label: '开启' },
  { value: 'CLOSED', label: '已关闭' },
] as const;

/** A unit class's state as a tag: 开启 (green) or 已关闭 (grey). */
export function UnitClassStateTag({ state }: { state: UnitClassState }) {
  return state === 'OPEN' ? <Tag color="success">开启</Tag> : <Tag>已关闭</Tag>;
}
