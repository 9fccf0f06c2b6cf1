import { ApiError } from '@px/config';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

// Axios adapters and helpers for the request-client tests of the two web apps.

/** An adapter that answers like the browser one: non-2xx statuses reject with the response attached. */
export function answer(status: number, data: unknown, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    }
    return response;
  };
}

/** An adapter whose request times out before any answer arrives. */
export const timeout: AxiosAdapter = async (config) => {
  throw new AxiosError('timeout of 120000ms exceeded', 'ECONNABORTED', config, {});
};

/** The ApiError a call rejects with; fails the test when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}
