/** An id read from the address (`?id=12`): a positive safe integer, or null when missing or malformed. */
export function readPositiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * A value of a list's filter read from the address (`?status=PENDING`, the home page's links): one
 * of `allowed`, or undefined when missing or anything else.
 */
export function readChoiceParam<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  return allowed.find((choice) => choice === value);
}

/** Several values of a list's filter from the address (`?statuses=INVALID,FAILED`): the allowed ones, else undefined. */
export function readChoiceListParam<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
): T[] | undefined {
  const chosen = (value ?? '').split(',').flatMap((part) => readChoiceParam(part, allowed) ?? []);
  return chosen.length > 0 ? [...new Set(chosen)] : undefined;
}
