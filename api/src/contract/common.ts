import { z } from 'zod';

/**
 * Input helpers for values that arrive as query-string text or JSON numbers alike:
 * `zInput.id()` accepts 12 or "12"; for optional fields an empty string counts as absent.
 */
export const zInput = {
  id: () => z.coerce.number<unknown>().int().positive(),
  optionalId: () =>
    z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce.number<unknown>().int().positive().optional(),
    ),
};
