import { randomBytes } from 'node:crypto';
import type {
  ClassifyNode,
  OpenClass,
  OpenPage,
  QueryClassInput,
  SignUpAnswer,
  SignUpInput,
  StudyProcess,
  StudyProcessByOutAccountInput,
  StudyProcessInput,
  StudyTaskAnswer,
  TokenAnswer,
  TrainInfoAnswer,
  TrainInfoInput,
  UnlockCheckAnswer,
  UnlockCheckInput,
} from '../calls';
import {
  type ErrorCode,
  type OpenEnvelope,
  openPath,
  type PartnerCall,
  SIGNED_GROUP,
  signedHeaders,
  TOKEN_CALLS,
  TOKEN_GROUP,
} from '../protocol';

/** The `fetch` the client uses; tests may inject their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface PartnerClientOptions {
  /** Our platform's origin, e.g. `https://px.example.com`. */
  baseUrl: string;
  appKey: string;
  secret: string;
  fetch?: FetchLike;
  /** Default 15 s. */
  timeoutMs?: number;
  /** Unix seconds (tests move the clock). */
  nowSeconds?: () => number;
  /** A new nonce per request (tests replay one). */
  nonce?: () => string;
  /** Sent as `Origin` (tests of the origin rule; servers send none). */
  origin?: string;
}

/** A refused or failed call: the envelope's code, message and HTTP status. */
export class PartnerApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'UNREACHABLE' | 'BAD_ANSWER',
    message: string,
    readonly status: number,
    readonly requestId: string | null,
    readonly attribute: unknown = null,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

/** What one request came to, exactly as answered (tests and logs). */
export interface RawAnswer {
  status: number;
  envelope: OpenEnvelope | null;
  headers: Headers | null;
}

/** The partner API's calls, the same whether signed or with a token. */
export interface PartnerCalls {
  classClassifyTree(): Promise<ClassifyNode[]>;
  queryClass(input?: QueryClassInput): Promise<OpenPage<OpenClass>>;
  signUpStudent(input: SignUpInput): Promise<SignUpAnswer>;
  studyProcess(input: StudyProcessInput): Promise<StudyProcess>;
  studyProcessByOutAccount(input: StudyProcessByOutAccountInput): Promise<StudyProcess[]>;
  trainInfo(input: TrainInfoInput): Promise<TrainInfoAnswer>;
  studyTask(input: StudyProcessInput): Promise<StudyTaskAnswer>;
  unlockCheck(input: UnlockCheckInput): Promise<UnlockCheckAnswer>;
}

export interface PartnerClient extends PartnerCalls {
  /** Sends one signed request to a path below our origin and answers what came back, unjudged. */
  raw(path: string, input?: unknown, extraHeaders?: Record<string, string>): Promise<RawAnswer>;
  /** Gets an access token (`jxnc` group) with the app's key and secret. */
  getToken(): Promise<TokenAnswer>;
  /** Revokes an access token before its expiry. */
  revokeToken(accessToken: string): Promise<void>;
  /** The calls made with an access token (`jxnc`), got and renewed as needed. */
  withToken(): PartnerCalls & {
    token(): Promise<string>;
    rawWithToken(path: string, input?: unknown): Promise<RawAnswer>;
  };
}

const DEFAULT_TIMEOUT_MS = 15_000;

export const newNonce = (): string => randomBytes(16).toString('base64url');

const errorName = (error: unknown): string => {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : 'error';
};

function judge<T>(answer: RawAnswer): T {
  const envelope = answer.envelope;
  if (!envelope) throw new PartnerApiError('BAD_ANSWER', `HTTP ${answer.status}`, answer.status, null);
  if (envelope.respCode === 200 && !envelope.errorCode) return envelope.attribute as T;
  throw new PartnerApiError(
    envelope.errorCode ?? 'SERVER_ERROR',
    envelope.respDesc,
    answer.status,
    envelope.requestId ?? null,
    envelope.attribute,
  );
}

/** Creates a client of one partner app (our origin, the app's key and secret). */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? newNonce;

  async function send(path: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json; charset=utf-8',
          ...(options.origin ? { origin: options.origin } : {}),
          ...headers,
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new PartnerApiError('UNREACHABLE', errorName(error), 0, null);
    }
    let envelope: OpenEnvelope | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'respCode' in parsed) envelope = parsed as OpenEnvelope;
    } catch {
      envelope = null;
    }
    return { status: response.status, envelope, headers: response.headers };
  }

  const raw = (path: string, input: unknown = {}, extraHeaders: Record<string, string> = {}) => {
    const body = JSON.stringify(input);
    const headers = signedHeaders(options, {
      method: 'POST',
      target: path,
      body,
      timestamp: now(),
      nonce: nonce(),
    });
    return send(path, body, { ...headers, ...extraHeaders });
  };

  const callsOver = (
    run: (path: string, input: unknown) => Promise<RawAnswer>,
    group: string,
  ): PartnerCalls => {
    const call = async <T>(name: PartnerCall, input: unknown = {}) =>
      judge<T>(await run(openPath(group, name), input));
    return {
      classClassifyTree: () => call('class-classify-tree'),
      queryClass: (input = {}) => call('query-class', input),
      signUpStudent: (input) => call('sign-up-student', input),
      studyProcess: (input) => call('study-process', input),
      studyProcessByOutAccount: (input) => call('study-process-by-out-account', input),
      trainInfo: (input) => call('train-info', input),
      studyTask: (input) => call('study-task', input),
      unlockCheck: (input) => call('unlock-check', input),
    };
  };

  const getToken = async () => judge<TokenAnswer>(await raw(openPath(TOKEN_CALLS.get)));

  return {
    raw,
    getToken,
    async revokeToken(accessToken) {
      judge(await raw(openPath(TOKEN_CALLS.revoke), { accessToken }));
    },
    ...callsOver(raw, SIGNED_GROUP),
    withToken() {
      let current: { token: string; renewAt: number } | null = null;
      const token = async () => {
        if (!current || now() >= current.renewAt) {
          const got = await getToken();
          // Renewed a minute before it expires.
          current = { token: got.accessToken, renewAt: now() + Math.max(1, got.expiresIn - 60) };
        }
        return current.token;
      };
      const rawWithToken = async (path: string, input: unknown = {}) =>
        send(path, JSON.stringify(input), { authorization: `Bearer ${await token()}` });
      return { ...callsOver(rawWithToken, TOKEN_GROUP), token, rawWithToken };
    },
  };
}
