import axios, { type AxiosAdapter, type AxiosProgressEvent, type AxiosRequestConfig } from 'axios';
import type { AnswerOf, DataCallKey, FileCallKey, InputArgs } from '../call';
import { callUrl } from '../call';
import { API_BASE, REQUEST_TIMEOUT_MS, TOKEN_HEADER, TOKEN_KEY } from '../constants';
import { unwrapBlobEnvelope } from './blob-envelope';
import { getCookie } from './cookie';
import { finishRequest, SILENT_FEEDBACK } from './finish-request';
import type { FirstAnswerTaker } from './first-data';
import type { RawResult } from './interpret-response';
import type { ApiFeedback } from './settle-outcome';

/** How a call shows its failure. */
export interface CallOptions {
  /** Show nothing when the call fails (it still rejects). */
  quiet?: boolean;
  signal?: AbortSignal;
}

/** Options of an upload (multipart) call. */
export interface UploadOptions extends CallOptions {
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  /** Per-call timeout (ms); large chunks may take longer than the default. */
  timeout?: number;
}

/** What an app plugs into the client: its feedback UI and what to do when the session ended. */
export interface ApiClientOptions {
  feedback: ApiFeedback;
  onUnauthorized: () => void;
  /** The cookie string the session token is read from; the page's `document.cookie` when not given. */
  cookies?: () => string;
  /** How requests are sent; axios's own (XHR in a browser) unless given (tests). */
  adapter?: AxiosAdapter;
  /** The `fetch` of `keepalive` calls; the page's unless given (tests). */
  fetch?: typeof fetch;
  /**
   * An answer the page came with (`first-data.ts`): `call` resolves to it instead of asking the
   * server when it answers one for the call, its input and whether the client has a session.
   */
  firstAnswer?: FirstAnswerTaker;
}

/** The typed client of one catalogue `C` (the API's `Calls`). */
export interface ApiClient<C> {
  /** Makes a call and resolves to its answer. Rejects with an ApiError (shown unless `quiet`). */
  call<K extends DataCallKey<C>>(
    key: K,
    ...args: [...InputArgs<C[K]>, CallOptions?]
  ): Promise<AnswerOf<C[K]>>;
  /** Makes a call answered with a file and resolves to the Blob. A refused download fails like any call. */
  download<K extends FileCallKey<C>>(key: K, ...args: [...InputArgs<C[K]>, CallOptions?]): Promise<Blob>;
  /**
   * Makes a call that outlives the page: `fetch` with `keepalive`, started before this returns, so a
   * `pagehide` or `visibilitychange` handler can send it while the page is being left (the browser
   * delivers it after the page is gone). Sent like `call` (the token header, a JSON body); resolves
   * to the answer when the page is still there to read it. Quiet: rejects with an ApiError, shows nothing.
   */
  keepalive<K extends DataCallKey<C>>(key: K, ...args: InputArgs<C[K]>): Promise<AnswerOf<C[K]>>;
  /** Sends a multipart body (files and fields) to a call and resolves to its answer. */
  upload<K extends DataCallKey<C>>(key: K, form: FormData, options?: UploadOptions): Promise<AnswerOf<C[K]>>;
  /**
   * Sends one request as written (an action not in the catalogue yet) and resolves to the envelope's
   * `attribute`, or the Blob of a blob request; it fails, shows and rejects like `call`.
   */
  request<T>(config: AxiosRequestConfig, options?: CallOptions): Promise<T>;
}

/**
 * The one request client of an app: base /api, cookies sent, 120 s timeout, the `token` header,
 * every call a POST of its catalogue key (`/api/<group>/<name>.action`) with a JSON body. It
 * resolves to the envelope's `attribute`; on failure it shows the message or notice (spec section
 * 8) through `feedback` and rejects with an ApiError (an ApiFieldsError when the server named the
 * fields), so pages never repeat error toasts; a 401 answer also calls `onUnauthorized`.
 */
export function createApiClient<C>(options: ApiClientOptions): ApiClient<C> {
  const http = axios.create({
    baseURL: API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const sessionToken = () => getCookie(TOKEN_KEY, options.cookies ? options.cookies() : pageCookies());
  http.interceptors.request.use((config) => {
    const token = sessionToken();
    if (token) config.headers.set(TOKEN_HEADER, token);
    return config;
  });

  async function send<T>(config: AxiosRequestConfig, callOptions: CallOptions = {}): Promise<T> {
    let raw: RawResult;
    try {
      const signal = callOptions.signal ?? config.signal;
      const response = await http.request<unknown>({ ...config, ...(signal ? { signal } : {}) });
      raw = { status: response.status, data: response.data, responseType: config.responseType };
    } catch (error) {
      raw = describeFailure(error, config.responseType);
    }
    return finishRequest<T>(await unwrapBlobEnvelope(raw), {
      feedback: callOptions.quiet ? SILENT_FEEDBACK : options.feedback,
      onUnauthorized: options.onUnauthorized,
    });
  }

  const split = (args: unknown[]): [unknown, CallOptions | undefined] => [args[0], args[1] as CallOptions];

  return {
    call(key, ...args) {
      const [input, callOptions] = split(args);
      const first = options.firstAnswer?.(String(key), input ?? {}, Boolean(sessionToken()));
      if (first) return Promise.resolve(first.value as never);
      return send({ url: callUrl(key), method: 'post', data: input ?? {} }, callOptions);
    },
    download(key, ...args) {
      const [input, callOptions] = split(args);
      return send(
        { url: callUrl(key), method: 'post', data: input ?? {}, responseType: 'blob' },
        callOptions,
      );
    },
    keepalive(key, ...args) {
      const token = sessionToken();
      const send = options.fetch ?? globalThis.fetch;
      const sent = send(`${API_BASE}${callUrl(key)}`, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
        body: JSON.stringify(args[0] ?? {}),
      });
      return sent
        .then(
          async (response): Promise<RawResult> => ({
            status: response.status,
            data: await response.json().catch(() => undefined),
          }),
          (): RawResult => ({}),
        )
        .then((raw) =>
          finishRequest(raw, { feedback: SILENT_FEEDBACK, onUnauthorized: options.onUnauthorized }),
        );
    },
    upload(key, form, uploadOptions = {}) {
      return send(
        {
          url: callUrl(key),
          method: 'post',
          data: form,
          onUploadProgress: uploadOptions.onUploadProgress,
          ...(uploadOptions.timeout ? { timeout: uploadOptions.timeout } : {}),
        },
        uploadOptions,
      );
    },
    request: send,
  };
}

/** The cookies of the page the client runs in (none outside a browser). */
function pageCookies(): string {
  return (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
}

function describeFailure(error: unknown, responseType: string | undefined): RawResult {
  if (axios.isCancel(error)) return { cancelled: true };
  if (axios.isAxiosError(error) && error.response) {
    // 401/403/404 and other non-2xx answers still carry the envelope in their body.
    return { status: error.response.status, data: error.response.data, responseType };
  }
  return {};
}
