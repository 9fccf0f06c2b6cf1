import type { ClassCenterItem } from '@px/api/contract';
import { useMemo } from 'react';
import { type ClassCenterQuery, listCenterClasses } from '../../api/train-class';
import { type PagedFeed, type PageLoader, usePagedFeed } from './usePagedFeed';

/** The largest page `class/center-page` answers. */
const SCAN_PAGE_SIZE = 100;
/** At most this many pages are read (10 000 offered classes of one year and base type). */
const SCAN_PAGES_MAX = 100;

/** The filters of a scan: those of `class/center-page` without the paging. */
export type ScanQuery = Omit<ClassCenterQuery, 'pageNum' | 'pageSize'>;

/**
 * Every offered class matching `query`, read in pages of 100, in display order. The tree model needs
 * them all: its major type rows come from the classes' categoryPath (the H5 has no public category
 * tree), and the list is filtered by the row chosen. Rejects with an ApiError.
 */
export async function scanCenterClasses(query: ScanQuery): Promise<ClassCenterItem[]> {
  const rows: ClassCenterItem[] = [];
  for (let pageNum = 1; pageNum <= SCAN_PAGES_MAX; pageNum += 1) {
    const page = await listCenterClasses({ ...query, pageNum, pageSize: SCAN_PAGE_SIZE });
    rows.push(...page.list);
    if (page.list.length < SCAN_PAGE_SIZE || rows.length >= page.total) break;
  }
  return rows;
}

/**
 * The scan of `query` (null: not yet) as one page of a feed: read again when the query changes
 * (compared by value); `refresh` reads it again keeping the rows until it arrives.
 */
export function useCenterScan(query: ScanQuery | null): PagedFeed<ClassCenterItem> {
  const key = query ? JSON.stringify(query) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by value (key)
  const load = useMemo<PageLoader<ClassCenterItem> | null>(
    () =>
      query
        ? async (pageNum) => {
            const list = await scanCenterClasses(query);
            return { list, total: list.length, pageNum, pageSize: list.length };
          }
        : null,
    [key],
  );
  return usePagedFeed(load);
}
