import type { Calls } from '@px/api/contract';
import {
  API_BASE,
  createApiClient,
  finishRequest,
  getCookie,
  type RawResult,
  REQUEST_TIMEOUT_MS,
  SILENT_FEEDBACK,
  TOKEN_HEADER,
  TOKEN_KEY,
  unwrapBlobEnvelope,
} from '@px/config';
import axios, { type AxiosRequestConfig } from 'axios';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/** The one axios instance of the back office: base /api, cookies sent, 120 s timeout, `token` header. */
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

export interface RequestOptions {
  /** Show nothing when the call fails (it still rejects). */
  quiet?: boolean;
}

/**
 * Sends one API call and resolves to the envelope's `attribute` (a blob request resolves to the Blob;
 * a refused download, answered with the envelope, fails like any call).
 * On failure it shows the message or notice (spec section 8) and rejects with an ApiError,
 * so pages never repeat error toasts; when the server named the fields it refused, the ApiError is
 * an ApiFieldsError carrying them (read them with `fieldErrorsOf`). A respCode 401 answer also ends the session (the navigation
 * guard then asks to sign in again).
 */
export async function request<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
  let raw: RawResult;
  try {
    const response = await http.request<unknown>(config);
    raw = { status: response.status, data: response.data, responseType: config.responseType };
  } catch (error) {
    raw = describeFailure(error, config.responseType);
  }
  return finishRequest<T>(await unwrapBlobEnvelope(raw), {
    feedback: options.quiet ? SILENT_FEEDBACK : feedback,
    onUnauthorized: notifyUnauthorized,
  });
}

export { ApiFieldsError, type FieldError, fieldErrorsOf } from '@px/config';

/** The typed client of every API call (the catalogue `Calls`): `api.call('project/list', query)`. */
export const api = createApiClient<Calls>({
  feedback,
  onUnauthorized: notifyUnauthorized,
  cookies: () => document.cookie,
});
