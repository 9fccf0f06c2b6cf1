import {
  TRANSFER_RECORD_STATUS_LABEL,
  type TransferRecordStatus,
  type UnitClassTransferRecord,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Card } from 'antd';
import { useEffect, useRef } from 'react';
import { pageUnitClassTransferRecords } from '../../../api/unit-class';
import type { ListColumn } from '../../../components/ListTable';
import { ListView } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { orDash, tagColumn } from '../../../components/table-columns';

const RESULT_COLOR: Readonly<Record<TransferRecordStatus, string>> = {
  PENDING: 'processing',
  OK: 'success',
  FAILED: 'error',
};

/** A unit class as a record names it: with its unit when the unit is not the page's. */
const endOf = (name: string, unitName: string, ownUnitName: string) =>
  unitName === ownUnitName ? name : `${name}（${unitName}）`;

function columnsOf(ownUnitName: string): ListColumn<UnitClassTransferRecord>[] {
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
      width: 180,
      render: (_value, row) => endOf(row.fromUnitClassName, row.fromUnitName, ownUnitName),
    },
    {
      title: '转入单位班级',
      key: 'to',
      width: 180,
      render: (_value, row) => endOf(row.toUnitClassName, row.toUnitName, ownUnitName),
    },
    tagColumn<UnitClassTransferRecord, TransferRecordStatus>(
      '结果',
      'status',
      80,
      TRANSFER_RECORD_STATUS_LABEL,
      RESULT_COLOR,
    ),
    { title: '原因', dataIndex: 'reason', width: 200, render: orDash },
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
  const list = useListCall('unit-class/transfer-records', pageUnitClassTransferRecords, { id: unitClassId });
  const { reload } = list;
  const seen = useRef(refreshKey);
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  return (
    <Card title="转移记录">
      <ListView
        list={list}
        name="unit-class-transfer-records"
        filters={[]}
        columns={columnsOf(unitName)}
        columnsId="train-manage/unit-class-detail/transfer-records"
        table={{ locale: { emptyText: '暂无转移记录' } }}
      />
    </Card>
  );
}
