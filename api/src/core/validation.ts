import { z } from 'zod';
import { type FieldError, ValidationError } from './errors';

// Zod's own messages in Chinese, for every schema of the process.
z.config(z.locales.zhCN());

/** Turns a zod error into field errors: the dotted path, the zod issue code as the rule, the message. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    rule: issue.code,
    message: issue.message,
  }));
}

/** Parses input with a schema; throws ValidationError naming each failing field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}
