/** An id read from the address (`?id=12`): a positive safe integer, or null when missing or malformed. */
export function readPositiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
