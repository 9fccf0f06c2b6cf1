import type { BatchChildOrder, BatchOrderItem, MyClassStatus, OrderStatus } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Card, message, Popconfirm, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { pageBatchOrderChildren, removeBatchOrderChildren } from '../../../../api/unit-import';
import type { ListColumn } from '../../../../components/ListTable';
import { type FilterField, ListView, STUDENT_FILTER } from '../../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../../components/list-page/list-call';
import { MyClassStatusTag } from '../../../../components/MyClassStatusTag';
import { orDash } from '../../../../components/table-columns';
import { OrderStatusTag } from '../../../order-manage/list/components/OrderStatusTag';
import { RefundChildrenModal } from './RefundChildrenModal';

const FILTERS: FilterField<FiltersOf<'batch-order/children'>>[] = [{ ...STUDENT_FILTER, width: 220 }];

const columns: ListColumn<BatchChildOrder>[] = [
  { title: '订单号', dataIndex: 'orderNo', width: 200 },
  { title: '姓名', dataIndex: 'realName', width: 100 },
  { title: '身份证号', dataIndex: 'idCardNo', width: 180, render: orDash },
  { title: '手机号', dataIndex: 'mobile', width: 130, render: orDash },
  { title: '金额', dataIndex: 'amount', width: 100, align: 'right', render: (fen: number) => formatFen(fen) },
  {
    title: '订单状态',
    dataIndex: 'status',
    width: 100,
    render: (status: OrderStatus) => <OrderStatusTag status={status} />,
  },
  {
    title: '学习状态',
    dataIndex: 'myClassStatus',
    width: 100,
    render: (status: MyClassStatus | null) => (status ? <MyClassStatusTag status={status} /> : '—'),
  },
];

export interface BatchOrderChildrenProps {
  order: BatchOrderItem;
  /** Changes when the batch order changed elsewhere (paid, cancelled): the page is read again. */
  version: number;
  /** Called with the batch order after students were taken out of it. */
  onChanged: (order: BatchOrderItem) => void;
}

/**
 * 学员订单: the batch order's child orders, paged and searched by student (name, ID number or
 * mobile), each with its order and study state. While the batch order is unpaid and its import has
 * ended, chosen students can be taken out of it (移出批量订单: their orders close, enrolments go);
 * once it is paid, staff holding 退款申请 refund chosen students (退款).
 */
export function BatchOrderChildren({ order, version, onChanged }: BatchOrderChildrenProps) {
  const list = useListCall('batch-order/children', pageBatchOrderChildren, { id: order.id });
  const [selected, setSelected] = useState<number[]>([]);
  // A search (or 重置) starts the choice afresh.
  const searched = useRef(list.filters);
  useEffect(() => {
    if (searched.current === list.filters) return;
    searched.current = list.filters;
    setSelected([]);
  }, [list.filters]);
  const [removing, setRemoving] = useState(false);
  // The batch order's abilities decide: students leave only an unpaid batch order whose import has
  // ended; paid students' orders are refunded by staff holding 退款申请.
  const removable = order.abilities.canRemove;
  const refundable = order.abilities.canRefund;
  const [refunding, setRefunding] = useState(false);
  const seenVersion = useRef(version);
  const { reload } = list;

  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    setSelected([]);
    reload();
  }, [version, reload]);

  const remove = async () => {
    setRemoving(true);
    try {
      const answer = await removeBatchOrderChildren(order.id, selected);
      void message.success(`已移出 ${selected.length} 名学员`);
      setSelected([]);
      onChanged(answer);
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card title="学员订单">
      <ListView
        list={list}
        name="batch-children-filters"
        filters={FILTERS}
        fixedFilters={{ id: order.id }}
        barStyle={{ rowGap: 12, marginBottom: 16 }}
        columns={columns}
        columnsId="train-manage/batch-pay-order/children"
        rowKey="orderId"
        header={
          <>
            {removable && (
              <Space style={{ marginBottom: 16 }}>
                <Popconfirm
                  title={`将所选 ${selected.length} 名学员移出批量订单？`}
                  description="他们的订单将关闭，报名随之取消。"
                  okText="移出"
                  cancelText="取消"
                  disabled={selected.length === 0}
                  onConfirm={remove}
                >
                  <Button danger disabled={selected.length === 0} loading={removing}>
                    移出批量订单
                  </Button>
                </Popconfirm>
              </Space>
            )}
            {refundable && (
              <Space style={{ marginBottom: 16 }}>
                <Button danger disabled={selected.length === 0} onClick={() => setRefunding(true)}>
                  退款
                </Button>
              </Space>
            )}
          </>
        }
        table={{
          locale: { emptyText: '暂无学员订单' },
          rowSelection:
            removable || refundable
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({
                    disabled: row.status !== (removable ? 'UNPAID' : 'PAID'),
                    name: row.realName,
                  }),
                }
              : undefined,
        }}
      >
        {refundable && refunding && (
          <RefundChildrenModal
            order={order}
            orderIds={selected}
            open
            onClose={() => setRefunding(false)}
            onDone={() => {
              setRefunding(false);
              setSelected([]);
              list.reload();
            }}
          />
        )}
      </ListView>
    </Card>
  );
}
