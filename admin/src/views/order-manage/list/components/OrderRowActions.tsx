import type { OrderRow } from '@px/api/contract';
import { Button, Space } from 'antd';
import { DetailAction } from '../../../../components/RowActions';

export interface OrderRowActionsProps {
  order: OrderRow;
  /** Opens the order's detail drawer. */
  onDetail: (order: OrderRow) => void;
  /** Asks WeChat Pay about the order (unpaid orders only). */
  onQueryWechat: (order: OrderRow) => void;
  /** A query of this row is under way. */
  querying: boolean;
}

/** The actions of one order row: 详情, and 查询微信 while the order is unpaid (below it in a narrow column). */
export function OrderRowActions({ order, onDetail, onQueryWechat, querying }: OrderRowActionsProps) {
  return (
    <Space size={0} wrap>
      <DetailAction onOpen={() => onDetail(order)} />
      {order.status === 'UNPAID' && (
        <Button type="link" size="small" loading={querying} onClick={() => onQueryWechat(order)}>
          查询微信
        </Button>
      )}
    </Space>
  );
}
