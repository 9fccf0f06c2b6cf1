import type { PageAnswer } from '@px/api/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type PageQuery, pageTotalText, usePagedList } from './usePagedList';

interface Filters {
  name?: string;
}

const answer = (list: string[], total = list.length, pageNum = 1, pageSize = 10): PageAnswer<string> => ({
  list,
  total,
  pageNum,
  pageSize,
});

describe('usePagedList', () => {
  it('loads the first page, then new filters from the first page, other pages and the same page again', async () => {
    const fetchPage = jest.fn((_query: Filters & PageQuery) => Promise.resolve(answer(['a', 'b'], 25)));
    const { result } = renderHook(() => usePagedList<Filters, string>(fetchPage, {}));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual(['a', 'b']);
    expect(result.current.total).toBe(25);
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 });

    act(() => result.current.changePage(3, 10));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 3, pageSize: 10 }));
    act(() => result.current.search({ name: '王' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ name: '王', pageNum: 1, pageSize: 10 }));
    act(() => result.current.changePage(2, 20));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ name: '王', pageNum: 1, pageSize: 20 }));
    const calls = fetchPage.mock.calls.length;
    act(() => result.current.reload());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(calls + 1));
    await waitFor(() => expect(result.current.loading).toBe(false));
  });

  it('shows only the latest answer and keeps the rows when a call fails', async () => {
    let resolveFirst: (page: PageAnswer<string>) => void = () => undefined;
    const fetchPage = jest
      .fn<Promise<PageAnswer<string>>, [Filters & PageQuery]>()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockResolvedValueOnce(answer(['second']))
      .mockRejectedValueOnce(new Error('refused'));
    const { result } = renderHook(() => usePagedList<Filters, string>(fetchPage, {}));
    act(() => result.current.search({ name: 'x' }));
    await waitFor(() => expect(result.current.rows).toEqual(['second']));
    await act(async () => resolveFirst(answer(['first'])));
    expect(result.current.rows).toEqual(['second']);

    act(() => result.current.reload());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.rows).toEqual(['second']);
  });

  it('falls back to the last page that has rows when a page comes back empty', async () => {
    const fetchPage = jest
      .fn<Promise<PageAnswer<string>>, [Filters & PageQuery]>()
      .mockResolvedValueOnce(answer(['a'], 21))
      .mockResolvedValueOnce(answer([], 20, 3))
      .mockResolvedValueOnce(answer(['t'], 20, 2));
    const { result } = renderHook(() => usePagedList<Filters, string>(fetchPage, {}));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.changePage(3, 10));
    await waitFor(() => expect(result.current.rows).toEqual(['t']));
    expect(result.current.pageNum).toBe(2);
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 10 });
  });

  it('gives the table its rows, loading state and pagination (共 N 条, size changer, page changes)', async () => {
    const fetchPage = jest.fn((query: Filters & PageQuery) =>
      Promise.resolve(answer(query.pageNum === 1 ? ['a', 'b'] : ['c'], 42, query.pageNum, query.pageSize)),
    );
    const { result } = renderHook(() => usePagedList<Filters, string>(fetchPage, {}, 20));
    expect(result.current.tableProps.loading).toBe(true);
    await waitFor(() => expect(result.current.tableProps.loading).toBe(false));
    const { tableProps, pagination } = result.current;
    expect(tableProps.dataSource).toEqual(['a', 'b']);
    expect(tableProps.pagination).toBe(pagination);
    expect(pagination).toMatchObject({ current: 1, pageSize: 20, total: 42, showSizeChanger: true });
    expect(pagination.showTotal?.(42, [1, 20])).toBe('共 42 条');

    act(() => pagination.onChange?.(3, 20));
    await waitFor(() => expect(result.current.tableProps.dataSource).toEqual(['c']));
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 3, pageSize: 20 });
    expect(result.current.pagination).toMatchObject({ current: 3, pageSize: 20, total: 42 });
  });

  it('keeps the same pagination object while nothing it shows changes', async () => {
    const fetchPage = jest.fn(() => Promise.resolve(answer(['a'], 1)));
    const { result, rerender } = renderHook(() => usePagedList<Filters, string>(fetchPage, {}));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const { pagination, tableProps } = result.current;
    rerender();
    expect(result.current.pagination).toBe(pagination);
    expect(result.current.tableProps).toBe(tableProps);
  });

  it('resets to the first filters from the first page', async () => {
    const fetchPage = jest.fn((_query: Filters & PageQuery) => Promise.resolve(answer(['a'], 30)));
    const { result } = renderHook(() => usePagedList<Filters, string>(fetchPage, { name: '初始' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.search({ name: '王' }));
    act(() => result.current.changePage(2, 10));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ name: '王', pageNum: 2, pageSize: 10 }));
    act(() => result.current.reset());
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({ name: '初始', pageNum: 1, pageSize: 10 }),
    );
    expect(result.current.filters).toEqual({ name: '初始' });
    expect(result.current.pageNum).toBe(1);
  });

  it('counts the rows as 共 N 条', () => {
    expect(pageTotalText(0)).toBe('共 0 条');
    expect(pageTotalText(1234)).toBe('共 1234 条');
  });
});
