import { RESP_CODE, RESP_DESC } from '../constants';

/**
 * What came back from one HTTP call, reduced to the facts the decision needs.
 * `status` is missing when no response arrived at all (network error, timeout).
 */
export interface RawResult {
  status?: number;
  data?: unknown;
  /** The `responseType` the request asked for (axios/XHR naming); `'blob'` answers pass through unchecked. */
  responseType?: string;
  /** The caller aborted the request: it fails silently. */
  cancelled?: boolean;
}

/** What the request client does with a result: resolve, show an error, show a notice, or fail quietly. */
export type Outcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'notice'; code: number; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'cancelled' };

export type FailureOutcome = Exclude<Outcome<unknown>, { kind: 'ok' }>;

interface Envelope {
  respCode: number;
  respDesc?: unknown;
  attribute?: unknown;
}

/** Text shown when an error envelope has no respDesc. */
const DEFAULT_DESC: Readonly<Record<number, string>> = {
  [RESP_CODE.UNAUTHORIZED]: RESP_DESC.UNAUTHORIZED,
  [RESP_CODE.FORBIDDEN]: RESP_DESC.FORBIDDEN,
  [RESP_CODE.NOT_FOUND]: RESP_DESC.NOT_FOUND,
};

const NETWORK_FAILURE: Outcome<never> = { kind: 'network', message: RESP_DESC.NETWORK };

function readEnvelope(data: unknown): Envelope | null {
  if (typeof data !== 'object' || data === null || !('respCode' in data)) return null;
  return typeof data.respCode === 'number' ? (data as Envelope) : null;
}

function describe(envelope: Envelope): string {
  const desc = typeof envelope.respDesc === 'string' ? envelope.respDesc.trim() : '';
  return desc || DEFAULT_DESC[envelope.respCode] || RESP_DESC.ERROR;
}

/**
 * Decides what one API result means (spec section 8), without touching the UI:
 * - a blob answer with a 2xx status passes through unchecked;
 * - an envelope (read from the body whatever the HTTP status) with respCode 200 resolves to its `attribute`;
 * - respCode -2 is a notice (dialog 友情提示); every other respCode (-1, 401, 403, 404, ...) is an error
 *   message with respDesc, or a default text for the code;
 * - no response, or a response without an envelope, is a network failure (请求超时，请刷新页面).
 * The `attribute` is not validated: `T` is what the caller declares the call answers.
 */
export function interpretResponse<T>(raw: RawResult): Outcome<T> {
  if (raw.cancelled) return { kind: 'cancelled' };
  if (raw.status === undefined) return NETWORK_FAILURE;
  if (raw.responseType === 'blob') {
    const succeeded = raw.status >= 200 && raw.status < 300;
    return succeeded ? { kind: 'ok', data: raw.data as T } : NETWORK_FAILURE;
  }
  const envelope = readEnvelope(raw.data);
  if (!envelope) return NETWORK_FAILURE;
  if (envelope.respCode === RESP_CODE.SUCCESS) return { kind: 'ok', data: envelope.attribute as T };
  const message = describe(envelope);
  if (envelope.respCode === RESP_CODE.NOTICE) return { kind: 'notice', code: envelope.respCode, message };
  return { kind: 'error', code: envelope.respCode, message };
}

/** The rejection of every failed API call; `kind` and `code` tell callers why (e.g. 401: log in again). */
export class ApiError extends Error {
  readonly kind: FailureOutcome['kind'];
  /** The envelope's respCode; undefined for network failures and cancelled requests. */
  readonly code: number | undefined;

  constructor(outcome: FailureOutcome) {
    super(outcome.kind === 'cancelled' ? '请求已取消' : outcome.message);
    this.name = 'ApiError';
    this.kind = outcome.kind;
    this.code = 'code' in outcome ? outcome.code : undefined;
  }
}
