import type { PageAnswer } from '@px/api/contract';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** The page size lists start with (the API's default). */
export const DEFAULT_PAGE_SIZE = 10;

/** Paging of a list call: `pageNum` from 1, `pageSize` 1..100. */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** What the pagination of a list table says about the number of rows: `共 N 条`. */
export function pageTotalText(total: number): string {
  return `共 ${total} 条`;
}

/** The props an antd `Table` of a paged list takes from the list: rows, loading and pagination. */
export interface PagedTableProps<T> {
  dataSource: T[];
  loading: boolean;
  pagination: TablePaginationConfig;
}

/** A paged list as a screen's table uses it. */
export interface PagedList<F, T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading: boolean;
  /** The filters of the rows on screen. */
  filters: F;
  /** New filters, from the first page. */
  search: (filters: F) => void;
  /** Another page or page size (a new size starts at the first page). */
  changePage: (pageNum: number, pageSize: number) => void;
  /** The first filters again, from the first page (the filter bar's 重置). */
  reset: () => void;
  /** The same page again (after a change); a page emptied by a delete falls back one page. */
  reload: () => void;
  /** The table's pagination: current page and size, total as `共 N 条`, size changer, page changes. */
  pagination: TablePaginationConfig;
  /** `dataSource`, `loading` and `pagination` of the list's table, to spread into `<Table>`. */
  tableProps: PagedTableProps<T>;
}

/**
 * Loads one page of a list call whenever filters or page change, keeping the rows on screen while
 * the next page loads. Only the latest request's answer is shown; a failed one (already shown by
 * the request client) leaves the rows as they were. `fetchPage` is read at call time, so an inline
 * arrow is fine.
 */
export function usePagedList<F, T>(
  fetchPage: (query: F & PageQuery) => Promise<PageAnswer<T>>,
  initialFilters: F,
  initialPageSize = DEFAULT_PAGE_SIZE,
): PagedList<F, T> {
  const [query, setQuery] = useState<{ filters: F; pageNum: number; pageSize: number; tick: number }>({
    filters: initialFilters,
    pageNum: 1,
    pageSize: initialPageSize,
    tick: 0,
  });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const initialFiltersRef = useRef(initialFilters);
  const latest = useRef(0);

  useEffect(() => {
    const id = latest.current + 1;
    latest.current = id;
    setLoading(true);
    const { filters, pageNum, pageSize } = query;
    fetchRef.current({ ...filters, pageNum, pageSize }).then(
      (page) => {
        if (latest.current !== id) return;
        // A delete may leave the last page empty: show the page before it.
        if (page.list.length === 0 && page.total > 0 && pageNum > 1) {
          setQuery((current) => ({ ...current, pageNum: Math.ceil(page.total / pageSize) || 1 }));
          return;
        }
        setRows(page.list);
        setTotal(page.total);
        setLoading(false);
      },
      () => {
        if (latest.current === id) setLoading(false);
      },
    );
  }, [query]);

  const search = useCallback(
    (filters: F) => setQuery((current) => ({ ...current, filters, pageNum: 1, tick: current.tick + 1 })),
    [],
  );
  const changePage = useCallback(
    (pageNum: number, pageSize: number) =>
      setQuery((current) => ({
        ...current,
        pageNum: pageSize === current.pageSize ? pageNum : 1,
        pageSize,
        tick: current.tick + 1,
      })),
    [],
  );
  const reset = useCallback(() => search(initialFiltersRef.current), [search]);
  const reload = useCallback(() => setQuery((current) => ({ ...current, tick: current.tick + 1 })), []);

  const pagination = useMemo<TablePaginationConfig>(
    () => ({
      current: query.pageNum,
      pageSize: query.pageSize,
      total,
      showSizeChanger: true,
      showTotal: pageTotalText,
      onChange: changePage,
    }),
    [query.pageNum, query.pageSize, total, changePage],
  );
  const tableProps = useMemo(() => ({ dataSource: rows, loading, pagination }), [rows, loading, pagination]);

  return {
    rows,
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    loading,
    filters: query.filters,
    search,
    changePage,
    reset,
    reload,
    pagination,
    tableProps,
  };
}
