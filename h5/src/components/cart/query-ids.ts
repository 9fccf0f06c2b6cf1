/**
 * Reads a positive integer id of a query value (`?id=12`); null for anything else (missing, `0`,
 * `1.5`, `abc`), so a broken link shows its empty state without a call.
 */
export function parseId(value: string | null | undefined): number | null {
  const text = value?.trim();
  return text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** Reads a comma-separated list of ids (`?ids=3,5`), each once; values that are not ids are dropped. */
export function parseIdList(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids = value.split(',').map(parseId);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
