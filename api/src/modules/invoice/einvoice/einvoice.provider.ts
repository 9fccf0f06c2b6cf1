import { randomBytes } from 'node:crypto';
import {
  type EinvoiceCallbackBody,
  EinvoiceError,
  type EinvoiceIssueRequest,
  type EinvoiceResult,
  type EinvoiceReverseRequest,
  signRequest,
  verifyCallback,
} from './einvoice.types';

/**
 * The electronic-invoice platform as the product uses it: issue a (blue) invoice, reverse an issued
 * one by a red invoice, ask how a request stands, fetch an invoice's PDF, and check a callback. Both
 * issuing and reversing are asynchronous: the platform accepts, then posts the result to the
 * callback URL (and answers `query` meanwhile). Built once at start (`createProviders`): the local
 * simulator in dev, demo and tests, a real platform at `EINVOICE_API_BASE` otherwise.
 */
export interface EinvoiceProvider {
  /** Whether the platform is configured (an app key); otherwise opening invoices is refused. */
  readonly configured: boolean;
  /** Where the platform posts results: the public URL (or the listening server's) + the callback path. */
  callbackUrl(): string;
  /** Tells the provider where the server listens (used unless a public URL was configured). */
  listeningAt(origin: string): void;
  /** Asks for an invoice; resolves once accepted. Sending one `requestNo` again issues nothing new. */
  issue(request: Omit<EinvoiceIssueRequest, 'callbackUrl'>): Promise<EinvoiceResult>;
  /** Asks for the red invoice reversing an issued one; resolves once accepted. */
  reverse(request: Omit<EinvoiceReverseRequest, 'callbackUrl'>): Promise<EinvoiceResult>;
  /** How a request stands, or null when the platform never received it. */
  query(requestNo: string): Promise<EinvoiceResult | null>;
  /** The PDF of an issued invoice (blue or red). */
  pdf(serialNo: string): Promise<Buffer>;
  /** Checks a callback's key, time and signature; answers its result or throws EinvoiceError. */
  verifyCallback(body: EinvoiceCallbackBody): EinvoiceResult;
}

declare module '../../../core/action' {
  interface Providers {
    /** The electronic-invoice platform (or its simulator). */
    einvoice: EinvoiceProvider;
  }
}

/** The path of the callback call (`invoice/upload-callback`). */
export const EINVOICE_CALLBACK_PATH = '/api/invoice/upload-callback.action';

export interface EinvoiceClientSettings {
  baseUrl: string;
  /** Null: not configured (requests refused). */
  appKey: string | null;
  appSecret: string | null;
  /** The configured public URL; null to use the listening server's. */
  publicUrl: string | null;
  timeoutMs?: number;
  /** The `fetch` requests go out with (timed by the metrics); the global one by default. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

const withoutSlash = (url: string) => url.replace(/\/$/, '');

/** A client of the platform over HTTP (see EinvoiceProvider). */
export function createEinvoiceClient(settings: EinvoiceClientSettings): EinvoiceProvider {
  const base = withoutSlash(settings.baseUrl);
  let origin = settings.publicUrl ? withoutSlash(settings.publicUrl) : '';
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const send = settings.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Response> {
    const { appKey, appSecret } = settings;
    if (!appKey || !appSecret) throw new EinvoiceError('not-configured', '未配置电子发票平台');
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const nonce = randomBytes(8).toString('hex');
    const sign = signRequest(appSecret, { appKey, timestamp, nonce, method, path, body });
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-app-key': appKey,
          'x-timestamp': String(timestamp),
          'x-nonce': nonce,
          'x-sign': sign,
        },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EinvoiceError('unreachable', `电子发票平台无法连接：${(error as Error).message}`);
    }
    return response;
  }

  async function json<T>(response: Response): Promise<T> {
    const text = await response.text();
    let parsed: { code?: string; message?: string; data?: T };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new EinvoiceError('bad-answer', `电子发票平台答复无法读取（HTTP ${response.status}）`);
    }
    if (!response.ok || parsed.code !== 'OK')
      throw new EinvoiceError(parsed.code ?? 'refused', parsed.message ?? `HTTP ${response.status}`);
    return parsed.data as T;
  }

  return {
    configured: Boolean(settings.appKey && settings.appSecret),
    callbackUrl: () => `${origin}${EINVOICE_CALLBACK_PATH}`,
    listeningAt(listening) {
      if (!settings.publicUrl) origin = withoutSlash(listening);
    },
    async issue(req) {
      return json(await request('POST', '/v1/invoices', { ...req, callbackUrl: this.callbackUrl() }));
    },
    async reverse(req) {
      return json(
        await request('POST', `/v1/invoices/${encodeURIComponent(req.originalSerialNo)}/red`, {
          requestNo: req.requestNo,
          reason: req.reason,
          callbackUrl: this.callbackUrl(),
        }),
      );
    },
    async query(requestNo) {
      const response = await request('GET', `/v1/requests/${encodeURIComponent(requestNo)}`);
      if (response.status === 404) return null;
      return json(response);
    },
    async pdf(serialNo) {
      const response = await request('GET', `/v1/invoices/${encodeURIComponent(serialNo)}/pdf`);
      if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf'))
        throw new EinvoiceError('no-pdf', `电子发票平台未给出 PDF（HTTP ${response.status}）`);
      return Buffer.from(await response.arrayBuffer());
    },
    verifyCallback(body) {
      if (!settings.appKey || !settings.appSecret)
        throw new EinvoiceError('not-configured', 'no app key configured');
      return verifyCallback({ appKey: settings.appKey, appSecret: settings.appSecret }, body);
    },
  };
}
