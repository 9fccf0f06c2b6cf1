import {
  BATCH_ORDER_CHANNEL_LABEL,
  type BatchOrderChannel,
  type BatchOrderItem,
  type BatchOrderStatus,
} from '@px/api/contract';
import { formatFen, ROLE_SYSTEM } from '@px/config';
import { Form, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { pageBatchOrders } from '../../../../api/unit-import';
import { ListFilterBar } from '../../../../components/ListFilterBar';
import { dateTimeColumn } from '../../../../components/table-columns';
import { usePagedList } from '../../../../hooks/usePagedList';
import { useUnitChoices } from '../../../../hooks/useUnitChoices';
import { accountInfoAtom } from '../../../../store/session';
import { BATCH_ORDER_STATUS_OPTIONS, BatchOrderStatusTag } from './BatchOrderStatusTag';

interface Filters {
  unitId?: number;
  unitClassId?: number;
  status?: BatchOrderStatus;
  batchNo?: string;
}

/** The unit filter of project staff (a unit manager sees their own unit's only). */
function UnitFilter() {
  const units = useUnitChoices();
  return (
    <Form.Item name="unitId" label="单位">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="全部"
        loading={units.loading}
        options={units.choices}
        style={{ width: 200 }}
      />
    </Form.Item>
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
  const list = usePagedList<Filters, BatchOrderItem>(
    pageBatchOrders,
    ofUnitClass ? { unitClassId } : { status: initialStatus },
  );

  const columns: ColumnsType<BatchOrderItem> = [
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
    <>
      {!ofUnitClass && (
        <ListFilterBar<Filters>
          name="batch-order-filters"
          initialValues={{ status: initialStatus }}
          onSearch={(values) =>
            list.search({
              unitId: values.unitId,
              status: values.status,
              batchNo: values.batchNo?.trim() || undefined,
            })
          }
          onReset={() => list.search({})}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          {!isUnitManager && <UnitFilter />}
          <Form.Item name="batchNo" label="批量订单号">
            <Input allowClear maxLength={24} placeholder="批量订单号" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              options={BATCH_ORDER_STATUS_OPTIONS}
              style={{ width: 120 }}
            />
          </Form.Item>
        </ListFilterBar>
      )}
      <Table<BatchOrderItem>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无批量订单' }}
        {...list.tableProps}
      />
    </>
  );
}
