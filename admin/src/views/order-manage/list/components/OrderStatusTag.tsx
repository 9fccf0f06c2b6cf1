import { ORDER_STATUS_LABEL, type OrderStatus } from '@px/api/contract';
import { Tag } from 'antd';
import { ORDER_STATUS_COLOR } from '../order-meta';

/** An order's state as a coloured tag (待支付, 已支付, 已关闭, ...). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={ORDER_STATUS_COLOR[status]}>{ORDER_STATUS_LABEL[status]}</Tag>;
}
