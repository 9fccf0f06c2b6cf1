import {
  API_BASE,
  ApiError,
  type ApiFeedback,
  type FailureOutcome,
  getCookie,
  interpretResponse,
  type RawResult,
  REQUEST_TIMEOUT_MS,
  RESP_CODE,
  settleOutcome,
  TOKEN_HEADER,
  TOKEN_KEY,
} from '@px/config';
import axios, { type AxiosRequestConfig } from 'axios';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/** The one axios instance of the site: base /api, cookies sent, 120 s timeout, `token` header. */
const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
});

http.interceptors.request.use((config) => {
  const token = getCookie(TOKEN_KEY, document.cookie);
  if (token) config.headers.set(TOKEN_HEADER, token);
  return config;
});

function describeFailure(error: unknown, responseType: string | undefined): RawResult {
  if (axios.isCancel(error)) return { cancelled: true };
  if (axios.isAxiosError(error) && error.response) {
    // 401/403/404 and other non-2xx answers still carry the envelope in their body.
    return { status: error.response.status, data: error.response.data, responseType };
  }
  return {};
}

/** Feedback that shows nothing, for calls whose failure does not concern the student (sign-out, re-checks). */
const silent: ApiFeedback = { showErrorMessage: () => undefined, showNotice: () => undefined };

/** One field the server refused: `attribute.errors` of an invalid-input answer (respCode -1, HTTP 400). */
export interface FieldError {
  /** The input's path, dotted (`mobile`, `idCardNo`). */
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

function readFieldErrors(data: unknown): FieldError[] {
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

export interface RequestOptions {
  /** Show nothing when the call fails (it still rejects). */
  quiet?: boolean;
}

/**
 * Sends one API call and resolves to the envelope's `attribute` (a blob request resolves to the Blob).
 * On failure it shows the message or notice (spec section 8) and rejects with an ApiError, so pages
 * never repeat error toasts; when the server named the fields it refused, the ApiError is an
 * ApiFieldsError carrying them (read them with `fieldErrorsOf`). A respCode 401 answer also ends the
 * session (the navigation guard then asks to sign in again).
 */
export async function request<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
  let raw: RawResult;
  try {
    const response = await http.request<unknown>(config);
    raw = { status: response.status, data: response.data, responseType: config.responseType };
  } catch (error) {
    raw = describeFailure(error, config.responseType);
  }
  const outcome = interpretResponse<T>(raw);
  if (outcome.kind === 'error' && outcome.code === RESP_CODE.UNAUTHORIZED) notifyUnauthorized();
  try {
    return settleOutcome(outcome, options.quiet ? silent : feedback);
  } catch (error) {
    const fieldErrors = outcome.kind === 'error' ? readFieldErrors(raw.data) : [];
    if (outcome.kind === 'error' && fieldErrors.length) throw new ApiFieldsError(outcome, fieldErrors);
    throw error;
  }
}
