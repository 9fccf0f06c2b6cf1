import { randomBytes } from 'node:crypto';
import {
  type Answer,
  canonicalString,
  type FieldError,
  HEADERS,
  PATHS,
  type Receipt,
  type RegulatorClass,
  type StudyRecord,
  signCanonical,
} from '../protocol';

/** The `fetch` the client uses; tests may inject their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RegulatorClientOptions {
  /** The regulator's base URL (a project's endpoint), e.g. `https://xxjy.example.gov.cn`. */
  baseUrl: string;
  appId: string;
  secret: string;
  fetch?: FetchLike;
  /** Default 10 s. */
  timeoutMs?: number;
  /** Unix seconds (tests move the clock). */
  nowSeconds?: () => number;
  /** A new nonce per request (tests replay one). */
  nonce?: () => string;
}

/**
 * What one request came to. Every answer of the protocol is a value here, never an exception, so a
 * push worker can log each attempt and decide: `accepted`/`duplicate` are done, `rejected`,
 * `bad-request` and `unauthorized` need a person, `rate-limited`, `server-error` and `unreachable`
 * are retried.
 */
export type RegulatorOutcome<T = Receipt> =
  | { kind: 'accepted'; status: number; requestId: string; data: T }
  | { kind: 'duplicate'; status: number; requestId: string; data: T }
  | { kind: 'rejected'; status: number; requestId: string; errors: FieldError[] }
  | { kind: 'bad-request'; status: number; requestId: string; errors: FieldError[]; message: string }
  | {
      kind: 'unauthorized';
      status: number;
      requestId: string;
      code: 'APP_UNKNOWN' | 'TIMESTAMP_EXPIRED' | 'SIGNATURE_INVALID' | 'NONCE_REPLAYED';
      message: string;
    }
  | { kind: 'not-found'; status: number; requestId: string }
  | { kind: 'rate-limited'; status: number; requestId: string; retryAfterSeconds: number }
  | {
      kind: 'server-error';
      status: number;
      requestId: string | null;
      message: string;
      retryAfterSeconds: number | null;
    }
  | { kind: 'unreachable'; reason: string };

export interface RegulatorClient {
  /** Files (or updates) a class: records may name only filed classes. */
  fileClass(cls: RegulatorClass): Promise<RegulatorOutcome<{ code: string; filedAt: string }>>;
  /** Reports one study record; its `pushNo` is the idempotency key. */
  pushRecord(record: StudyRecord): Promise<RegulatorOutcome>;
  /** What the regulator holds under a push number. */
  queryRecord(pushNo: string): Promise<RegulatorOutcome<Receipt & { record: StudyRecord }>>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const newNonce = (): string => randomBytes(16).toString('base64url');

/** The signature headers of one request (exported for tests and for other callers of the protocol). */
export function signedHeaders(
  credentials: { appId: string; secret: string },
  request: { method: string; target: string; body: string; timestamp: number; nonce: string },
): Record<string, string> {
  const signature = signCanonical(
    credentials.secret,
    canonicalString({ ...request, timestamp: String(request.timestamp) }),
  );
  return {
    [HEADERS.appId]: credentials.appId,
    [HEADERS.timestamp]: String(request.timestamp),
    [HEADERS.nonce]: request.nonce,
    [HEADERS.signature]: signature,
  };
}

const errorName = (error: unknown): string => {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : 'error';
};

function retryAfter(response: Response, data: unknown): number | null {
  const header = response.headers.get('retry-after');
  const fromHeader = header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : null;
  const fromBody =
    data &&
    typeof data === 'object' &&
    typeof (data as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number'
      ? (data as { retryAfterSeconds: number }).retryAfterSeconds
      : null;
  return fromHeader ?? fromBody;
}

/** Creates a client for one app (a project's endpoint, app id and secret). */
export function createRegulatorClient(options: RegulatorClientOptions): RegulatorClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? newNonce;

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    target: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<RegulatorOutcome<T>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...signedHeaders(options, { method, target, body, timestamp: now(), nonce: nonce() }),
      ...extraHeaders,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${target}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      return { kind: 'unreachable', reason: errorName(error) };
    }
    let answer: Partial<Answer<unknown>> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Partial<Answer>;
    } catch {
      answer = null;
    }
    const status = response.status;
    const requestId = typeof answer?.requestId === 'string' ? answer.requestId : '';
    const data = answer?.data;
    const errors = (data as { errors?: FieldError[] } | undefined)?.errors ?? [];
    switch (answer?.code) {
      case 'ACCEPTED':
        if (status === 200) return { kind: 'accepted', status, requestId, data: data as T };
        break;
      case 'DUPLICATE':
        if (status === 200) return { kind: 'duplicate', status, requestId, data: data as T };
        break;
      case 'REJECTED':
        return { kind: 'rejected', status, requestId, errors };
      case 'BAD_REQUEST':
        return { kind: 'bad-request', status, requestId, errors, message: String(answer.message ?? '') };
      case 'APP_UNKNOWN':
      case 'TIMESTAMP_EXPIRED':
      case 'SIGNATURE_INVALID':
      case 'NONCE_REPLAYED':
        return {
          kind: 'unauthorized',
          status,
          requestId,
          code: answer.code,
          message: String(answer.message ?? ''),
        };
      case 'NOT_FOUND':
        return { kind: 'not-found', status, requestId };
      case 'RATE_LIMITED':
        return {
          kind: 'rate-limited',
          status,
          requestId,
          retryAfterSeconds: Math.max(1, retryAfter(response, data) ?? 1),
        };
      default:
        break;
    }
    if (status === 429)
      return {
        kind: 'rate-limited',
        status,
        requestId,
        retryAfterSeconds: Math.max(1, retryAfter(response, data) ?? 1),
      };
    // A 5xx, a proxy's error page, or an answer this protocol does not know: the regulator failed.
    return {
      kind: 'server-error',
      status,
      requestId: requestId || null,
      message: answer?.message ? String(answer.message) : `HTTP ${status}`,
      retryAfterSeconds: retryAfter(response, data),
    };
  }

  return {
    fileClass: (cls) => call('PUT', `${PATHS.classes}/${encodeURIComponent(cls.code)}`, cls),
    pushRecord: (record) => call('POST', PATHS.records, record, { [HEADERS.idempotencyKey]: record.pushNo }),
    queryRecord: (pushNo) => call('GET', `${PATHS.records}/${encodeURIComponent(pushNo)}`),
  };
}
