import { z } from 'zod';

const POSITIVE_INT = '应为正整数';
const positiveInt = () =>
  z.coerce
    .number<unknown>({ error: POSITIVE_INT })
    .int({ error: POSITIVE_INT })
    .positive({ error: POSITIVE_INT })
    .max(2_147_483_647, { error: POSITIVE_INT });

/**
 * Input helpers for values that arrive as query-string text or JSON numbers alike:
 * `zInput.id()` accepts 12 or "12"; for optional fields an empty string counts as absent.
 */
export const zInput = {
  id: positiveInt,
  optionalId: () =>
    z.preprocess((value) => (value === '' || value === null ? undefined : value), positiveInt().optional()),
};
