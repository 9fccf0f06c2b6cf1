import type { LedgerEntryItem } from '@px/api/contract';
import { Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { getStudyLedger } from '../../../../../api/study-report';
import { RowsTable } from '../../../../../components/RowsTable';
import { dateTimeColumn } from '../../../../../components/table-columns';
import { useRecord } from '../../../../../hooks/useRecord';
import { LedgerResult, useLedgerCheck } from '../../components/LedgerCheck';

const shortHash = (hash: string) => (
  <Typography.Text code copyable={{ text: hash }} title={hash}>
    {hash.slice(0, 12)}…
  </Typography.Text>
);

const ledgerColumns: ColumnsType<LedgerEntryItem> = [
  { title: '序号', dataIndex: 'seq', width: 64 },
  {
    title: '记录',
    dataIndex: 'summary',
    width: 420,
    render: (summary: string, row) =>
      row.kind === 'CORRECTION' ? (
        <Flex gap={4}>
          <Tag color="orange">更正</Tag>
          {summary}
        </Flex>
      ) : (
        summary
      ),
  },
  dateTimeColumn<LedgerEntryItem>('记录时间', 'recordedAt', 170),
  { title: '哈希', dataIndex: 'hash', width: 150, render: shortHash },
  { title: '前一条哈希', dataIndex: 'prevHash', width: 150, render: shortHash },
];

/**
 * 学习账本 of an enrolment: every entry of its hash chain in order (what study credited and every
 * correction), and 校验学习账本 of this enrolment.
 */
export function LedgerCard({ myClassId }: { myClassId: number }) {
  const state = useRecord(myClassId, (id) => getStudyLedger(id));
  const ledger = useLedgerCheck(myClassId);
  const entries = state.status === 'ready' ? state.record : [];
  return (
    <Card title={`学习账本（${entries.length}）`} extra={ledger.button}>
      <Flex vertical gap={12}>
        {ledger.result ? <LedgerResult result={ledger.result} canOpenStudy={false} /> : null}
        <RowsTable<LedgerEntryItem>
          rowKey="id"
          loading={state.status === 'loading'}
          columns={ledgerColumns}
          dataSource={entries}
          wide
          empty={state.status === 'error' ? state.message : '账本暂无记录'}
        />
      </Flex>
    </Card>
  );
}
