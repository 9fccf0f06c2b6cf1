import type { PushAttemptRow } from '@px/api/contract';
import { Drawer, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { listPushAttempts } from '../../../api/regulator';
import { RowsTable } from '../../../components/RowsTable';
import { dateTimeColumn } from '../../../components/table-columns';

const OK = new Set(['ACCEPTED', 'DUPLICATE']);

/** 上报记录 of one push: every attempt with what was sent, the answer's code and how long it took. */
export function PushAttemptsDrawer({
  push,
  onClose,
}: {
  push: { id: number; pushNo: string } | null;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<PushAttemptRow[] | null>(null);
  useEffect(() => {
    setRows(null);
    if (!push) return;
    let live = true;
    listPushAttempts(push.id).then(
      (found) => live && setRows(found),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [push]);
  return (
    <Drawer
      title={push ? `上报记录 ${push.pushNo}` : '上报记录'}
      open={push !== null}
      onClose={onClose}
      size={720}
    >
      <RowsTable<PushAttemptRow>
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        columns={[
          { title: '次序', dataIndex: 'attempt', width: 56 },
          dateTimeColumn<PushAttemptRow>('时间', 'createdAt', 150),
          {
            title: '请求',
            key: 'request',
            width: 200,
            render: (_v, row) => `${row.request.method} ${row.request.path}（${row.request.hours} 学时）`,
          },
          {
            title: '应答',
            key: 'answer',
            width: 140,
            render: (_v, row) => (
              <Tag color={OK.has(row.answerCode) ? 'success' : 'error'}>
                {row.answerCode}
                {row.httpStatus ? ` · ${row.httpStatus}` : ''}
              </Tag>
            ),
          },
          { title: '耗时', dataIndex: 'durationMs', width: 70, render: (ms: number) => `${ms} ms` },
          { title: '说明', dataIndex: 'message', render: (text: string | null) => text ?? '—' },
        ]}
      />
    </Drawer>
  );
}
