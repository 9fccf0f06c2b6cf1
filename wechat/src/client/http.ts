/** The `fetch` the clients use; tests and the API may inject their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * WeChat answered with a non-zero `errcode` (the official-account API answers errors as HTTP 200).
 * `path` never holds the query, so no access_token or secret ends up in logs.
 */
export class WechatApiError extends Error {
  override readonly name = 'WechatApiError';
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly path: string,
  ) {
    super(`WeChat ${path} answered errcode ${errcode}: ${errmsg}`);
  }
}

/** WeChat could not be reached, answered an HTTP error, or answered something that is not JSON. */
export class WechatHttpError extends Error {
  override readonly name = 'WechatHttpError';
  constructor(
    message: string,
    readonly path: string,
    /** The HTTP status when there was an answer. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface WechatRequest {
  /** Base URL, e.g. `endpoints.api`. */
  base: string;
  /** Path without query, e.g. `/cgi-bin/user/info`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON (POST) when present; without it the request is a GET. */
  body?: unknown;
  fetch?: FetchLike;
  /** Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The full URL of a request (the query holds secrets: never log it). */
export function wechatUrl(base: string, path: string, query: WechatRequest['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** The name of a thrown value (errors of fetch may come from another realm: no instanceof). */
export function errorName(error: unknown): string {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : 'error';
}

/**
 * Calls a JSON endpoint of WeChat's server API: GET, or POST with a JSON body. Returns the parsed
 * answer. Throws WechatApiError when the answer carries a non-zero errcode, WechatHttpError when
 * WeChat cannot be reached, times out, answers an HTTP error or a body that is not a JSON object.
 */
export async function wechatJson<T>(request: WechatRequest): Promise<T> {
  const doFetch = request.fetch ?? fetch;
  const url = wechatUrl(request.base, request.path, request.query);
  const init: RequestInit = {
    method: request.body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  };
  if (request.body !== undefined) {
    init.body = JSON.stringify(request.body);
    init.headers = { ...init.headers, 'content-type': 'application/json; charset=utf-8' };
  }
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, init);
    text = await response.text();
  } catch (error) {
    // The cause may quote the URL (and so the token): only its kind is kept.
    const reason = errorName(error);
    throw new WechatHttpError(`WeChat ${request.path} could not be reached (${reason})`, request.path, null);
  }
  if (!response.ok) {
    throw new WechatHttpError(
      `WeChat ${request.path} answered HTTP ${response.status}`,
      request.path,
      response.status,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WechatHttpError(
      `WeChat ${request.path} answered something that is not JSON`,
      request.path,
      200,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WechatHttpError(
      `WeChat ${request.path} answered something that is not JSON`,
      request.path,
      200,
    );
  }
  const { errcode, errmsg } = parsed as { errcode?: unknown; errmsg?: unknown };
  if (errcode !== undefined && Number(errcode) !== 0) {
    throw new WechatApiError(Number(errcode), String(errmsg ?? ''), request.path);
  }
  return parsed as T;
}

/** Whether an error is WeChat's answer with one of these errcodes. */
export function isWechatErrcode(error: unknown, ...errcodes: number[]): error is WechatApiError {
  return error instanceof WechatApiError && errcodes.includes(error.errcode);
}
