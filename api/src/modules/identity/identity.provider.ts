import { tc3Authorization } from './tc3';

/**
 * The identity-verification service (实名核验, 身份证二要素) as the product uses it: is this name the
 * holder of this ID number? The protocol is Tencent Cloud's 身份信息认证 (`IdCardVerification`,
 * API 3.0 version 2018-03-01, signed TC3-HMAC-SHA256; docs/identity.md); the local simulator
 * (`identity-sim.ts`) speaks and enforces the same. Built once at start (`createProviders`).
 */

/** The service name in the credential scope, the action and its version (Tencent Cloud API 3.0). */
export const FACEID_SERVICE = 'faceid';
export const ID_CARD_VERIFICATION = { action: 'IdCardVerification', version: '2018-03-01' } as const;

/**
 * The service's result codes (`Response.Result`): 0 and -1 are answers about the person (and
 * charged); the others say the check could not be made.
 */
export const ID_CARD_RESULT_CODES = {
  '0': 'MATCH',
  '-1': 'MISMATCH',
  '-2': 'INVALID_ID',
  '-3': 'INVALID_NAME',
  '-4': 'UNAVAILABLE',
  '-5': 'NOT_FOUND',
  '-6': 'UNAVAILABLE',
  '-7': 'LIMITED',
} as const;

/** What a check concluded (the service's result code read), or that it could not be made (ERROR). */
export type IdentityResult = (typeof ID_CARD_RESULT_CODES)[keyof typeof ID_CARD_RESULT_CODES] | 'ERROR';

export interface IdentityVerdict {
  result: IdentityResult;
  /** The service's result code (`"0"`, `"-1"`, ...) or its error code (`AuthFailure.SignatureFailure`). */
  code: string;
  /** The service's description (业务结果描述) or error message. */
  description: string;
  /** The service's request id; null when no answer came. */
  requestId: string | null;
}

export interface IdentityPerson {
  name: string;
  idNumber: string;
}

export interface IdentityVerifier {
  /** Whether credentials are configured; otherwise every check answers ERROR without a request. */
  readonly configured: boolean;
  /** Whether this is the local simulator (answers and screens say so). */
  readonly simulated: boolean;
  /** Checks one person; never throws: transport and protocol failures answer `ERROR`. */
  verify(person: IdentityPerson): Promise<IdentityVerdict>;
}

declare module '../../core/action' {
  interface Providers {
    /** The identity-verification service (or its simulator). */
    identity: IdentityVerifier;
  }
}

export interface FaceidClientSettings {
  /** `https://faceid.tencentcloudapi.com`, or the simulator's address. */
  baseUrl: string;
  secretId: string | null;
  secretKey: string | null;
  simulated: boolean;
  timeoutMs?: number;
  /** Tests: the time requests are signed with (Unix seconds). */
  now?: () => number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

interface FaceidAnswer {
  Response?: {
    Result?: string;
    Description?: string;
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
}

const failure = (code: string, description: string, requestId: string | null = null): IdentityVerdict => ({
  result: 'ERROR',
  code,
  description,
  requestId,
});

/** A client of the service over HTTPS (see IdentityVerifier). */
export function createFaceidClient(settings: FaceidClientSettings): IdentityVerifier {
  const base = settings.baseUrl.replace(/\/$/, '');
  const host = new URL(base).host;
  const send = settings.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const now = settings.now ?? (() => Math.floor(Date.now() / 1000));
  const { secretId, secretKey } = settings;
  return {
    configured: Boolean(secretId && secretKey),
    simulated: settings.simulated,
    async verify(person) {
      if (!secretId || !secretKey) return failure('NotConfigured', '未配置实名核验服务');
      const payload = JSON.stringify({ IdCard: person.idNumber, Name: person.name });
      const timestamp = now();
      const signed = {
        'content-type': 'application/json; charset=utf-8',
        host,
        'x-tc-action': ID_CARD_VERIFICATION.action.toLowerCase(),
      };
      const authorization = tc3Authorization(secretId, secretKey, {
        method: 'POST',
        query: '',
        headers: signed,
        payload,
        service: FACEID_SERVICE,
        timestamp,
      });
      let response: Response;
      try {
        response = await send(`${base}/`, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': signed['content-type'],
            'X-TC-Action': ID_CARD_VERIFICATION.action,
            'X-TC-Version': ID_CARD_VERIFICATION.version,
            'X-TC-Timestamp': String(timestamp),
          },
          body: payload,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 8000),
        });
      } catch (error) {
        return failure('Unreachable', `实名核验服务无法连接：${(error as Error).message}`);
      }
      let answer: FaceidAnswer;
      try {
        answer = (await response.json()) as FaceidAnswer;
      } catch {
        return failure('BadAnswer', `实名核验服务答复无法读取（HTTP ${response.status}）`);
      }
      const body = answer.Response;
      const requestId = body?.RequestId ?? null;
      if (!body) return failure('BadAnswer', `实名核验服务答复无法读取（HTTP ${response.status}）`);
      if (body.Error) return failure(body.Error.Code ?? 'Error', body.Error.Message ?? '', requestId);
      const code = body.Result ?? '';
      const result = (ID_CARD_RESULT_CODES as Record<string, IdentityResult>)[code];
      if (!result) return failure('BadAnswer', `实名核验服务答复了未知结果码 ${code}`, requestId);
      return { result, code, description: body.Description ?? '', requestId };
    },
  };
}
