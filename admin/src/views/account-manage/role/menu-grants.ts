import { ADMIN_MENU, type AdminMenuEntry } from '@px/config';

/**
 * The grants of a role's menu as the role screen edits them. A role holds pages (entries without
 * children, hidden ones included) and the sections above them: a section is granted exactly when
 * one of its pages is, as the server stores it (role.service `withSections`). The editor keeps the
 * set of granted pages and derives the sections.
 */

/** The pages (leaf entries) of an entry of the route table: itself when it has no children. */
export function pagesUnder(entry: AdminMenuEntry): string[] {
  const children = entry.children ?? [];
  return children.length ? children.flatMap(pagesUnder) : [entry.url];
}

const ENTRIES = new Map<string, AdminMenuEntry>();
const ORDER = new Map<string, number>();
(function index(entries: readonly AdminMenuEntry[]) {
  for (const entry of entries) {
    ENTRIES.set(entry.url, entry);
    ORDER.set(entry.url, ORDER.size);
    index(entry.children ?? []);
  }
})(ADMIN_MENU);

/** Every page of the route table, in table order. */
export const ALL_PAGES: readonly string[] = ADMIN_MENU.flatMap(pagesUnder);
const PAGE_SET = new Set(ALL_PAGES);

/** The pages among a role's stored menu URLs (sections and unknown URLs dropped). */
export function grantedPages(menu: readonly string[]): Set<string> {
  return new Set(menu.filter((url) => PAGE_SET.has(url)));
}

/**
 * Checks or unchecks an entry of the tree: a page itself, a section all of its pages. Pages the
 * editor may not change (`canChange` false: the caller does not hold them) keep their state.
 * Returns a new set.
 */
export function toggleGrant(
  pages: ReadonlySet<string>,
  url: string,
  checked: boolean,
  canChange: (page: string) => boolean,
): Set<string> {
  const entry = ENTRIES.get(url);
  const next = new Set(pages);
  if (!entry) return next;
  for (const page of pagesUnder(entry)) {
    if (!canChange(page)) continue;
    if (checked) next.add(page);
    else next.delete(page);
  }
  return next;
}

/** What the tree shows: checked entries (pages granted, sections with all pages granted) and half-checked sections. */
export function checkState(pages: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const [url, entry] of ENTRIES) {
    const under = pagesUnder(entry);
    const granted = under.filter((page) => pages.has(page)).length;
    if (granted === under.length) checked.push(url);
    else if (granted > 0) halfChecked.push(url);
  }
  return { checked, halfChecked };
}

/**
 * The `menu` to send to `role/save`: the granted pages and the sections above them, in route-table
 * order (what the server stores).
 */
export function menuPayload(pages: ReadonlySet<string>): string[] {
  const urls = new Set<string>();
  const visit = (entries: readonly AdminMenuEntry[]): boolean => {
    let any = false;
    for (const entry of entries) {
      const children = entry.children ?? [];
      const granted = children.length ? visit(children) : pages.has(entry.url);
      if (granted) {
        urls.add(entry.url);
        any = true;
      }
    }
    return any;
  };
  visit(ADMIN_MENU);
  return [...urls].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

/** How many pages a role's stored menu grants (the role list's menu count). */
export function countPages(menu: readonly string[]): number {
  return grantedPages(menu).size;
}
