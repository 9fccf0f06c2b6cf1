import {
  BATCH_ORDER_CHANNEL_LABEL,
  type BatchOrderChannel,
  type BatchOrderItem,
  type BatchOrderStatus,
} from '@px/api/contract';
import { formatFen, ROLE_SYSTEM } from '@px/config';
import { Select, type SelectProps } from 'antd';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { pageBatchOrders } from '../../../../api/unit-import';
import type { ListColumn } from '../../../../components/ListTable';
import { type FilterField, ListView } from '../../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn } from '../../../../components/table-columns';
import { useUnitChoices } from '../../../../hooks/useUnitChoices';
import { accountInfoAtom } from '../../../../store/session';
import { BATCH_ORDER_STATUS_OPTIONS, BatchOrderStatusTag } from './BatchOrderStatusTag';

/**
 * The unit filter of project staff (a unit manager sees their own unit's only): the units load when
 * it is shown.
 */
function UnitFilterSelect(props: SelectProps<number>) {
  const units = useUnitChoices();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="全部"
      loading={units.loading}
      options={units.choices}
      style={{ width: 200 }}
      {...props}
    />
  );
}

export interface BatchOrderListProps {
  /** Only this unit class's batch orders, without filters (the unit class detail); else all, filtered. */
  unitClassId?: number;
  /** Where a row's 查看 leads. */
  detailPath: (id: number) => string;
  /** The state to filter by first (the address's `?status=`, from home's 待办事项). */
  initialStatus?: BatchOrderStatus;
}

/**
 * Batch orders, newest first: 批量订单号, 单位, 单位班级, 班级, 人数, 金额, 状态, 支付方式, 创建时间 and
 * 查看. All of them with filters (state, batch number, unit for staff), or one unit class's.
 */
export function BatchOrderList({ unitClassId, detailPath, initialStatus }: BatchOrderListProps) {
  const account = useAtomValue(accountInfoAtom);
  const isUnitManager = account?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  const ofUnitClass = unitClassId !== undefined;
  const list = useListCall(
    'batch-order/page',
    pageBatchOrders,
    ofUnitClass ? { unitClassId } : { status: initialStatus },
  );
  // One unit class's batch orders have no filters; a unit manager sees their own unit's only.
  const filters: FilterField<FiltersOf<'batch-order/page'>>[] = ofUnitClass
    ? []
    : [
        ...(isUnitManager
          ? []
          : [{ kind: 'custom', name: 'unitId', label: '单位', control: <UnitFilterSelect /> } as const]),
        {
          kind: 'text',
          name: 'batchNo',
          label: '批量订单号',
          placeholder: '批量订单号',
          maxLength: 24,
          width: 200,
        },
        { kind: 'select', name: 'status', label: '状态', options: BATCH_ORDER_STATUS_OPTIONS, width: 120 },
      ];

  const columns: ListColumn<BatchOrderItem>[] = [
    {
      title: '批量订单号',
      dataIndex: 'batchNo',
      width: 200,
      render: (batchNo: string, row) => <Link to={detailPath(row.id)}>{batchNo}</Link>,
    },
    ...(isUnitManager ? [] : [{ title: '单位', dataIndex: 'unitName', width: 160 }]),
    ...(ofUnitClass ? [] : [{ title: '单位班级', dataIndex: 'unitClassName', width: 160 }]),
    { title: '班级', dataIndex: 'className', width: 180 },
    { title: '人数', dataIndex: 'orderCount', width: 70, align: 'right' },
    {
      title: '金额',
      dataIndex: 'totalAmount',
      width: 110,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: BatchOrderStatus) => <BatchOrderStatusTag status={status} />,
    },
    {
      title: '支付方式',
      dataIndex: 'channel',
      width: 120,
      render: (channel: BatchOrderChannel | null) => (channel ? BATCH_ORDER_CHANNEL_LABEL[channel] : '—'),
    },
    dateTimeColumn('创建时间', 'createdAt'),
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_value, row) => <Link to={detailPath(row.id)}>查看</Link>,
    },
  ];

  return (
    <ListView
      list={list}
      name="batch-order-filters"
      filters={filters}
      barStyle={{ rowGap: 12, marginBottom: 16 }}
      columns={columns}
      columnsId={ofUnitClass ? 'train-manage/unit-class-detail/batch-orders' : 'train-manage/batch-pay-order'}
      table={{ locale: { emptyText: '暂无批量订单' } }}
    />
  );
}
