import type { RecordStatus } from '@px/api/contract';
import { render, screen } from '@testing-library/react';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { dateTimeColumn, orDash, statusColumn } from './table-columns';

interface Row {
  status: RecordStatus;
  createdAt: string;
}

const ROW: Row = { status: 'ENABLED', createdAt: new Date(2024, 0, 2, 3, 4, 5).toISOString() };

/** What a column's cell shows for a value. */
function cell(column: ColumnType<Row>, value: string): ReactNode {
  return column.render?.(value, ROW, 0) as ReactNode;
}

describe('table columns', () => {
  it('orDash shows the text, or — when there is none', () => {
    expect(orDash('王五')).toBe('王五');
    expect(orDash('')).toBe('—');
    expect(orDash(null)).toBe('—');
    expect(orDash(undefined)).toBe('—');
  });

  it('statusColumn is 状态 of the status field, shown as 启用/停用 tags', () => {
    const column = statusColumn<Row>(90);
    expect(column).toMatchObject({ title: '状态', dataIndex: 'status', width: 90 });
    const { rerender } = render(<div>{cell(column, 'ENABLED')}</div>);
    expect(screen.getByText('启用').closest('.ant-tag-success')).toBeTruthy();
    rerender(<div>{cell(column, 'DISABLED')}</div>);
    expect(screen.getByText('停用')).toBeTruthy();
  });

  it('dateTimeColumn shows the time with seconds by default, or in the given format', () => {
    const column = dateTimeColumn<Row>('创建时间', 'createdAt');
    expect(column).toMatchObject({ title: '创建时间', dataIndex: 'createdAt', width: 180 });
    expect(cell(column, ROW.createdAt)).toBe('2024-01-02 03:04:05');

    const short = dateTimeColumn<Row>('注册时间', 'createdAt', 150, 'YYYY-MM-DD HH:mm');
    expect(short).toMatchObject({ title: '注册时间', width: 150 });
    expect(cell(short, ROW.createdAt)).toBe('2024-01-02 03:04');
  });
});
