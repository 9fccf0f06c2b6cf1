import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { cellText, columnsWidth, type ListColumn, ListTable } from './ListTable';

interface Row {
  id: number;
  name: string;
  plan: string;
  hours: number;
}

const ROWS: Row[] = [
  { id: 1, name: '一个名称很长很长很长的安全生产专题培训班', plan: '年度计划', hours: 12 },
];

const COLUMNS: ListColumn<Row>[] = [
  { title: '名称', dataIndex: 'name', key: 'name', width: 120 },
  { title: '培训计划', dataIndex: 'plan', key: 'plan', width: 140, optional: 'hidden' },
  { title: '学时', dataIndex: 'hours', key: 'hours', width: 80, optional: 'shown' },
  {
    title: '操作',
    key: 'actions',
    width: 100,
    fixed: 'right',
    render: () => <button type="button">编辑</button>,
  },
];

const headers = () =>
  [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter((text) => text !== '');

beforeEach(() => window.localStorage.clear());

describe('ListTable', () => {
  it('lays the table out fixed at the widths of the shown columns, so nothing slides under the pinned column', () => {
    const { container } = render(
      <ListTable<Row> rowKey="id" columns={COLUMNS} columnsId="t" dataSource={ROWS} />,
    );
    expect(headers()).toEqual(['名称', '学时', '操作']);
    const table = container.querySelector('table') as HTMLTableElement;
    expect(table.style.tableLayout).toBe('fixed');
    expect(table.style.width).toBe(`${120 + 80 + 100}px`);
    expect(columnsWidth(COLUMNS, true)).toBe(32 + 120 + 140 + 80 + 100);
  });

  it('cuts long texts with … and shows them whole in a tooltip', async () => {
    jest.useFakeTimers();
    try {
      render(<ListTable<Row> rowKey="id" columns={COLUMNS} columnsId="t" dataSource={ROWS} />);
      const cell = screen.getByText(ROWS[0]?.name ?? '');
      expect(cell.closest('td')?.className).toContain('ant-table-cell-ellipsis');
      fireEvent.mouseEnter(cell);
      act(() => jest.advanceTimersByTime(1000));
      expect(
        within(document.querySelector('.ant-tooltip') as HTMLElement).getByText(ROWS[0]?.name ?? ''),
      ).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows and hides optional columns with the column picker, remembered per list', async () => {
    const { unmount } = render(
      <ListTable<Row> rowKey="id" columns={COLUMNS} columnsId="t" dataSource={ROWS} />,
    );
    fireEvent.click(screen.getAllByLabelText('列设置')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('培训计划', { selector: '.ant-checkbox-label' }));
    fireEvent.click(screen.getByText('学时', { selector: '.ant-checkbox-label' }));
    expect(headers()).toEqual(['名称', '培训计划', '操作']);
    unmount();
    render(<ListTable<Row> rowKey="id" columns={COLUMNS} columnsId="t" dataSource={ROWS} />);
    expect(headers()).toEqual(['名称', '培训计划', '操作']);
    fireEvent.click(screen.getAllByLabelText('列设置')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('恢复默认'));
    expect(headers()).toEqual(['名称', '学时', '操作']);
  });

  it('reads the text of a cell: text, a number, or an element holding only text', () => {
    expect(cellText('a')).toBe('a');
    expect(cellText(3)).toBe('3');
    expect(cellText(<a href="/x">名称</a>)).toBe('名称');
    expect(cellText(<span>{['a', 'b']}</span>)).toBeUndefined();
    expect(cellText(null)).toBeUndefined();
  });
});
