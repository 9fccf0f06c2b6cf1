/**
 * Shows every column of a ListTable (`columnsId`) as if the reader had picked them all with 列设置,
 * for screen tests about what the optional columns hold.
 */
export function showAllListColumns(columnsId: string): void {
  window.localStorage.setItem(`listColumns:${columnsId}`, '[]');
}
