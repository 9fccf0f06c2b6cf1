import {
  TRANSFER_RECORD_STATUS_LABEL,
  type TransferRecordStatus,
  type UnitClassTransferRecord,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef } from 'react';
import { pageUnitClassTransferRecords } from '../../../api/unit-class';
import { orDash } from '../../../components/table-columns';
import { usePagedList } from '../../../hooks/usePagedList';

const RESULT_COLOR: Readonly<Record<TransferRecordStatus, string>> = {
  PENDING: 'processing',
  OK: 'success',
  FAILED: 'error',
};

/** A unit class as a record names it: with its unit when the unit is not the page's. */
const endOf = (name: string, unitName: string, ownUnitName: string) =>
  unitName === ownUnitName ? name : `${name}（${unitName}）`;

function columnsOf(ownUnitName: string): ColumnsType<UnitClassTransferRecord> {
  return [
    { title: '学员', dataIndex: 'realName', width: 110, render: (name: string) => name || '—' },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: orDash },
    {
      title: '方向',
      dataIndex: 'direction',
      width: 72,
      render: (direction: UnitClassTransferRecord['direction']) => (direction === 'IN' ? '转入' : '转出'),
    },
    {
      title: '转出单位班级',
      key: 'from',
      render: (_value, row) => endOf(row.fromUnitClassName, row.fromUnitName, ownUnitName),
    },
    {
      title: '转入单位班级',
      key: 'to',
      render: (_value, row) => endOf(row.toUnitClassName, row.toUnitName, ownUnitName),
    },
    {
      title: '结果',
      dataIndex: 'status',
      width: 80,
      render: (status: TransferRecordStatus) => (
        <Tag color={RESULT_COLOR[status]}>{TRANSFER_RECORD_STATUS_LABEL[status]}</Tag>
      ),
    },
    { title: '原因', dataIndex: 'reason', render: orDash },
    { title: '操作人', dataIndex: 'createdByName', width: 100, render: orDash },
    {
      title: '时间',
      key: 'time',
      width: 170,
      render: (_value, row) => formatDateTime(row.processedAt ?? row.createdAt),
    },
  ];
}

export interface TransferRecordsCardProps {
  unitClassId: number;
  /** The unit of the page's unit class (records name other units' unit classes with their unit). */
  unitName: string;
  /** Changes when a transfer ended: the records load again. */
  refreshKey: number;
}

/** 转移记录: one row per student moved in or out of the unit class (or refused), newest first. */
export function TransferRecordsCard({ unitClassId, unitName, refreshKey }: TransferRecordsCardProps) {
  const list = usePagedList<Record<string, never>, UnitClassTransferRecord>(
    (query) => pageUnitClassTransferRecords({ ...query, id: unitClassId }),
    {},
  );
  const { reload } = list;
  const seen = useRef(refreshKey);
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  return (
    <Card title="转移记录">
      <Table<UnitClassTransferRecord>
        rowKey="id"
        columns={columnsOf(unitName)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无转移记录' }}
        {...list.tableProps}
      />
    </Card>
  );
}
