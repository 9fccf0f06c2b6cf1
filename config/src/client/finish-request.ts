import { RESP_CODE } from '../constants';
import { ApiError, type FailureOutcome, interpretResponse, type RawResult } from './interpret-response';
import { type ApiFeedback, settleOutcome } from './settle-outcome';

/** One field the server refused: `attribute.errors` of an invalid-input answer (respCode -1, HTTP 400). */
export interface FieldError {
  /** The input's path, dotted (`mobile`, `settings.title`, `domains.0`). */
  field: string;
  rule: string;
  message: string;
}

/**
 * The rejection of a call whose input the server refused field by field: an ApiError (the message
 * was shown like any other) that also carries the fields, so a form can show each on its field.
 */
export class ApiFieldsError extends ApiError {
  constructor(
    outcome: FailureOutcome,
    readonly fieldErrors: FieldError[],
  ) {
    super(outcome);
  }
}

/** The fields a rejected call named (empty for any other failure). */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof ApiFieldsError ? error.fieldErrors : [];
}

/** The `attribute.errors` of an answer body, keeping only well-formed entries. */
export function readFieldErrors(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null || !('attribute' in data)) return [];
  const { attribute } = data;
  if (typeof attribute !== 'object' || attribute === null || !('errors' in attribute)) return [];
  const { errors } = attribute;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown): FieldError[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, rule, message } = entry as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    return [{ field, rule: typeof rule === 'string' ? rule : '', message }];
  });
}

/** Feedback that shows nothing, for calls whose failure does not concern the person (sign-out, re-checks). */
export const SILENT_FEEDBACK: ApiFeedback = {
  showErrorMessage: () => undefined,
  showNotice: () => undefined,
};

/**
 * What both apps' request clients do with an answer (or a failure) once the HTTP call is over:
 * interpret it (spec section 8), tell `onUnauthorized` about a 401, show a failure through
 * `feedback` and reject with an ApiError — an ApiFieldsError when the server named the fields.
 * Resolves to the envelope's `attribute` (or the Blob of a blob request).
 */
export function finishRequest<T>(
  raw: RawResult,
  options: { feedback: ApiFeedback; onUnauthorized: () => void },
): T {
  const outcome = interpretResponse<T>(raw);
  if (outcome.kind === 'error' && outcome.code === RESP_CODE.UNAUTHORIZED) options.onUnauthorized();
  try {
    return settleOutcome(outcome, options.feedback);
  } catch (error) {
    const fieldErrors = outcome.kind === 'error' ? readFieldErrors(raw.data) : [];
    if (outcome.kind === 'error' && fieldErrors.length) throw new ApiFieldsError(outcome, fieldErrors);
    throw error;
  }
}
