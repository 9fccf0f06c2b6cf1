import type { Calls, PageAnswer } from '@px/api/contract';
import type { AnswerOf, InputOf } from '@px/config';
import { api } from '../../api/request';
import { type PagedList, usePagedList } from '../../hooks/usePagedList';

/** The calls of the catalogue that answer a page of rows (`pageNum`, `pageSize` in, `list`, `total` out). */
export type PageCallKey = {
  [K in keyof Calls]: AnswerOf<Calls[K]> extends PageAnswer<unknown>
    ? InputOf<Calls[K]> extends { pageNum?: unknown }
      ? K
      : never
    : never;
}[keyof Calls];

/** A list call's filters: its input without the paging (typed from the call, never written by hand). */
export type FiltersOf<K extends PageCallKey> = Omit<InputOf<Calls[K]>, 'pageNum' | 'pageSize'>;

/** The row a list call answers. */
export type RowOf<K extends PageCallKey> = AnswerOf<Calls[K]> extends PageAnswer<infer T> ? T : never;

/** The paged list of a list call: its rows for the filters searched, as `usePagedList` keeps them. */
export type ListOf<K extends PageCallKey> = PagedList<FiltersOf<K>, RowOf<K>>;

type AnyPageCall = (key: PageCallKey, input: unknown) => Promise<PageAnswer<unknown>>;

/** How a page of the call is fetched: the domain's API function of it (what tests replace). */
export type PageFetch<K extends PageCallKey> = (query: InputOf<Calls[K]>) => Promise<PageAnswer<RowOf<K>>>;

/** How a list call is asked. */
export interface ListCallOptions<K extends PageCallKey> {
  /**
   * Filters the call cannot do without (the project to list the accounts of): until each is set the
   * list asks nothing and shows no rows (not loading); the page says what to choose first.
   */
  requires?: readonly Extract<keyof FiltersOf<K>, string>[];
}

/**
 * Loads the pages of the list call `key` as filters and paging change (`usePagedList`), through
 * `fetchPage` when the domain's API module has a function for it, else the call itself; held while
 * a filter it `requires` is unset.
 */
export function useListCall<K extends PageCallKey>(
  key: K,
  fetchPage?: PageFetch<K>,
  initialFilters = {} as FiltersOf<K>,
  { requires = [] }: ListCallOptions<K> = {},
): ListOf<K> {
  const missing = (filters: FiltersOf<K>) =>
    requires.some((name) => (filters as Record<string, unknown>)[name] === undefined);
  const list = usePagedList<FiltersOf<K>, RowOf<K>>((query) => {
    if (missing(query))
      return Promise.resolve({ list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize });
    return fetchPage
      ? fetchPage(query as InputOf<Calls[K]>)
      : ((api.call as unknown as AnyPageCall)(key, query) as Promise<PageAnswer<RowOf<K>>>);
  }, initialFilters);
  if (!missing(list.filters)) return list;
  return { ...list, loading: false, tableProps: { ...list.tableProps, loading: false } };
}
