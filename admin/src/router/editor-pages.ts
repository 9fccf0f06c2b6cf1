/**
 * Pages that create a record when opened without `?id=` and edit one with it (the route table names
 * them for creating, e.g. 创建计划). While editing, the tab, breadcrumb and document title say what
 * the page does, and the menu marks the list the record belongs to rather than the create entry.
 */
export const EDITOR_PAGES: Readonly<Record<string, { editTitle: string; listPath: string }>> = {
  '/train-manage/train-plan-detail': { editTitle: '编辑计划', listPath: '/train-manage/train-plan-list' },
};

/** Whether a query edits a record (`?id=` given). */
const editing = (search: string) => Boolean(new URLSearchParams(search).get('id'));

/** The title of a page for its query: the edit title of an editor page given `?id=`, else the route's own. */
export function pageTitleOf(path: string, routeTitle: string, search: string): string {
  const editor = EDITOR_PAGES[path];
  return editor && editing(search) ? editor.editTitle : routeTitle;
}

/** The menu entry to mark for a page and query: an editor page editing a record marks its list. */
export function menuKeyOf(path: string, search: string): string {
  const editor = EDITOR_PAGES[path];
  return editor && editing(search) ? editor.listPath : path;
}
