import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnswerCode,
  canonicalString,
  contentHash,
  type FieldError,
  HEADERS,
  KEY_PATTERN,
  NONCE_PATTERN,
  PATHS,
  REJECT_MESSAGES,
  type RejectReason,
  SIGNATURE_WINDOW_SECONDS,
  sameSignature,
  signCanonical,
} from '../protocol';
import { createFaultBook, type Fault, type FaultInput, parseFault } from './faults';
import { appPage, indexPage } from './pages';
import { createSimStore, type SimApp, type SimStore } from './store';
import { asClass, asRecord, classProblems, fieldError, recordProblems } from './validate';

/**
 * A local simulator of the regulator's registration platform (dev, demo, tests; started by
 * `npm start` in simulator mode). It enforces what docs/regulator.md says: signatures, the 5-minute
 * window, nonce replay, idempotency by push number, the record's rules, filed classes, the register of
 * people and a per-app rate limit; keeps what it received in PostgreSQL (`regulator_sim`); lists it
 * per app at `/`; and injects faults on request.
 */

/** The demo app the demo project reports with in simulator mode. */
export const DEMO_REGULATOR_APP: SimApp = {
  appId: 'px-demo-regulator',
  secret: 'sim-regulator-demo-secret-0123456789abcdef',
  name: '演示培训机构',
};

export interface RegulatorSimulatorOptions {
  /** The PostgreSQL the simulator keeps its schema `regulator_sim` in (a role that may create it). */
  databaseUrl: string;
  /** Requests per second per app (a token bucket holding one second's worth). Default 200. */
  ratePerSecond?: number;
  /** Apps known from the start (default: the demo app). */
  apps?: SimApp[];
  /** People the population register knows from the start (an ID number's name), e.g. a demo's. */
  people?: readonly { idNumber: string; name: string }[];
  /** ms since epoch (tests move the clock). */
  now?: () => number;
}

export interface RegulatorSimulator {
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
  readonly store: SimStore;
  /** A new app, as the regulator hands one to a training institution. */
  createApp(name: string): Promise<SimApp>;
  injectFault(fault: FaultInput): void;
  clearFaults(): void;
  faults(): readonly Fault[];
  setRatePerSecond(rate: number): void;
}

interface Reply {
  status: number;
  code: AnswerCode;
  message: string;
  data?: unknown;
  headers?: Record<string, string>;
}

const MESSAGES: Record<AnswerCode, string> = {
  ACCEPTED: '已接收',
  DUPLICATE: '重复上报，已按首次接收处理',
  REJECTED: '数据校验未通过',
  BAD_REQUEST: '请求格式错误',
  APP_UNKNOWN: '应用不存在',
  TIMESTAMP_EXPIRED: '时间戳超出有效期',
  SIGNATURE_INVALID: '签名错误',
  NONCE_REPLAYED: '随机串已使用',
  NOT_FOUND: '记录不存在',
  RATE_LIMITED: '请求过于频繁',
  SERVER_ERROR: '服务器内部错误',
};

const reply = (
  status: number,
  code: AnswerCode,
  data?: unknown,
  headers?: Record<string, string>,
): Reply => ({
  status,
  code,
  message: MESSAGES[code],
  ...(data === undefined ? {} : { data }),
  ...(headers ? { headers } : {}),
});

const rejected = (pushNo: string | null, errors: FieldError[]): Reply =>
  reply(422, 'REJECTED', { ...(pushNo ? { pushNo } : {}), errors });

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createRegulatorSimulator(options: RegulatorSimulatorOptions): RegulatorSimulator {
  const store = createSimStore(options.databaseUrl);
  const now = options.now ?? Date.now;
  const faults = createFaultBook(now);
  let rate = options.ratePerSecond ?? 200;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let server: Server | null = null;
  let baseUrl = '';
  let ready: Promise<void> | null = null;

  /** Takes a token of the app's bucket; answers the seconds to wait when there is none. */
  function takeToken(appId: string): number | null {
    const t = now();
    const bucket = buckets.get(appId) ?? { tokens: rate, at: t };
    bucket.tokens = Math.min(rate, bucket.tokens + ((t - bucket.at) / 1000) * rate);
    bucket.at = t;
    buckets.set(appId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }

  async function authenticate(
    req: IncomingMessage,
    target: string,
    body: Buffer,
  ): Promise<{ app: SimApp } | { refuse: Reply }> {
    const appId = header(req, HEADERS.appId);
    const timestamp = header(req, HEADERS.timestamp);
    const nonce = header(req, HEADERS.nonce);
    const signature = header(req, HEADERS.signature);
    if (!appId) return { refuse: reply(401, 'APP_UNKNOWN') };
    const app = await store.app(appId);
    if (!app) return { refuse: reply(401, 'APP_UNKNOWN') };
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !nonce || !NONCE_PATTERN.test(nonce) || !signature)
      return { refuse: reply(401, 'SIGNATURE_INVALID') };
    if (Math.abs(now() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
      return { refuse: reply(401, 'TIMESTAMP_EXPIRED') };
    const expected = signCanonical(
      app.secret,
      canonicalString({ method: req.method ?? 'GET', target, timestamp, nonce, body: body.toString('utf8') }),
    );
    if (!sameSignature(expected, signature)) return { refuse: reply(401, 'SIGNATURE_INVALID') };
    if (!(await store.useNonce(app.appId, nonce))) return { refuse: reply(401, 'NONCE_REPLAYED') };
    return { app };
  }

  function parseJson(body: Buffer): { value: Record<string, unknown> } | { refuse: Reply } {
    try {
      const value: unknown = JSON.parse(body.toString('utf8'));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return { value: value as Record<string, unknown> };
    } catch {
      // Answered below.
    }
    return {
      refuse: reply(400, 'BAD_REQUEST', {
        errors: [{ field: 'body', reason: 'INVALID_FORMAT', message: '请求体不是 JSON 对象' }],
      }),
    };
  }

  async function pushRecord(
    app: SimApp,
    req: IncomingMessage,
    body: Buffer,
  ): Promise<Reply & { pushNo?: string }> {
    const parsed = parseJson(body);
    if ('refuse' in parsed) return parsed.refuse;
    const problems = recordProblems(parsed.value);
    const pushNo = typeof parsed.value.pushNo === 'string' ? parsed.value.pushNo : null;
    const key = header(req, HEADERS.idempotencyKey);
    if (pushNo && key !== pushNo)
      return reply(400, 'BAD_REQUEST', {
        errors: [
          { field: HEADERS.idempotencyKey, reason: 'INVALID_FORMAT', message: '幂等键须与上报编号一致' },
        ],
      });
    if (problems.length) return { ...rejected(pushNo, problems), ...(pushNo ? { pushNo } : {}) };
    const record = asRecord(parsed.value);
    const hash = contentHash(record);

    // A push number seen before: the same content is a duplicate, other content a misuse.
    const seen = await store.record(app.appId, record.pushNo);
    const again = (stored: NonNullable<typeof seen>) =>
      stored.contentHash === hash
        ? reply(200, 'DUPLICATE', {
            pushNo: stored.pushNo,
            receiptNo: stored.receiptNo,
            receivedAt: stored.receivedAt,
          })
        : rejected(record.pushNo, [fieldError('pushNo', 'PUSH_NO_REUSED')]);
    if (seen) return { ...again(seen), pushNo: record.pushNo };

    const injected = faults.takeRejection(record.student.idNumber);
    if (injected)
      return {
        ...rejected(record.pushNo, [
          {
            field: injected.field,
            reason: injected.reason,
            message: REJECT_MESSAGES[injected.reason as RejectReason],
          },
        ]),
        pushNo: record.pushNo,
      };
    const errors: FieldError[] = [];
    const filed = await store.filedClass(app.appId, record.classCode);
    if (!filed) errors.push(fieldError('classCode', 'CLASS_NOT_REGISTERED'));
    else if (record.study.hours > filed.hours) errors.push(fieldError('study.hours', 'HOURS_EXCEED_CLASS'));
    if (record.kind === 'CORRECTION' && record.corrects && !(await store.record(app.appId, record.corrects)))
      errors.push(fieldError('corrects', 'CORRECTS_UNKNOWN'));
    if (errors.length) return { ...rejected(record.pushNo, errors), pushNo: record.pushNo };

    const result = await store.insertRecord(app.appId, record, hash);
    if (result.kind === 'name-mismatch')
      return {
        ...rejected(record.pushNo, [fieldError('student.idNumber', 'ID_NAME_MISMATCH')]),
        pushNo: record.pushNo,
      };
    if (result.kind === 'existing') return { ...again(result.stored), pushNo: record.pushNo };
    const { stored } = result;
    return {
      ...reply(200, 'ACCEPTED', {
        pushNo: stored.pushNo,
        receiptNo: stored.receiptNo,
        receivedAt: stored.receivedAt,
      }),
      pushNo: record.pushNo,
    };
  }

  async function api(
    req: IncomingMessage,
    target: string,
    path: string,
    body: Buffer,
  ): Promise<Reply & { appId?: string; pushNo?: string }> {
    const auth = await authenticate(req, target, body);
    if ('refuse' in auth) return auth.refuse;
    const { app } = auth;
    const injectedLimit = faults.takeRateLimit();
    const wait = injectedLimit ? injectedLimit.retryAfterSeconds : takeToken(app.appId);
    if (wait !== null)
      return {
        ...reply(429, 'RATE_LIMITED', { retryAfterSeconds: wait }, { 'retry-after': String(wait) }),
        appId: app.appId,
      };
    const method = req.method ?? 'GET';
    const classMatch = /^\/api\/v1\/classes\/([^/]+)$/.exec(path);
    const recordMatch = /^\/api\/v1\/study-records\/([^/]+)$/.exec(path);
    if (method === 'PUT' && classMatch) {
      const code = decodeURIComponent(classMatch[1] ?? '');
      const parsed = parseJson(body);
      if ('refuse' in parsed) return { ...parsed.refuse, appId: app.appId };
      const problems = classProblems(parsed.value, code);
      if (problems.length) return { ...reply(422, 'REJECTED', { errors: problems }), appId: app.appId };
      const filed = await store.fileClass(app.appId, asClass(parsed.value));
      return { ...reply(200, 'ACCEPTED', { code: filed.code, filedAt: filed.filedAt }), appId: app.appId };
    }
    if (method === 'POST' && path === PATHS.records)
      return { ...(await pushRecord(app, req, body)), appId: app.appId };
    if (method === 'GET' && recordMatch) {
      const pushNo = decodeURIComponent(recordMatch[1] ?? '');
      const stored = KEY_PATTERN.test(pushNo) ? await store.record(app.appId, pushNo) : null;
      if (!stored) return { ...reply(404, 'NOT_FOUND'), appId: app.appId, pushNo };
      return {
        ...reply(200, 'ACCEPTED', {
          pushNo: stored.pushNo,
          receiptNo: stored.receiptNo,
          receivedAt: stored.receivedAt,
          record: stored.record,
        }),
        appId: app.appId,
        pushNo,
      };
    }
    return { ...reply(404, 'NOT_FOUND'), appId: app.appId };
  }

  function sendJson(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }
  function sendHtml(res: ServerResponse, html: string, status = 200) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  async function control(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<boolean> {
    const method = req.method ?? 'GET';
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const input = (): Record<string, unknown> =>
      form
        ? Object.fromEntries(new URLSearchParams(body.toString('utf8')))
        : (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
    const back = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (method === 'GET' && path === '/') {
      sendHtml(res, indexPage(await store.apps(), faults.pending(), rate));
      return true;
    }
    const appMatch = /^\/apps\/([^/]+)$/.exec(path);
    if (method === 'GET' && appMatch) {
      const app = await store.app(decodeURIComponent(appMatch[1] ?? ''));
      if (!app) {
        sendHtml(res, '<!doctype html><meta charset="utf-8"><p>应用不存在</p>', 404);
        return true;
      }
      sendHtml(
        res,
        appPage(
          app,
          await store.classes(app.appId),
          await store.records(app.appId),
          await store.requestLog(app.appId),
        ),
      );
      return true;
    }
    if (method === 'POST' && path === '/sim/apps') {
      let name: unknown;
      try {
        name = input().name;
      } catch {
        name = undefined;
      }
      if (typeof name !== 'string' || !name.trim()) {
        sendJson(res, 400, { message: 'name is required' });
        return true;
      }
      const app = await store.createApp(name.trim());
      if (form) back(`/apps/${encodeURIComponent(app.appId)}`);
      else sendJson(res, 200, { appId: app.appId, secret: app.secret, name: app.name });
      return true;
    }
    if (
      (method === 'DELETE' && path === '/sim/faults') ||
      (method === 'POST' && path === '/sim/faults/clear')
    ) {
      faults.clear();
      if (form) back('/');
      else sendJson(res, 200, { faults: [] });
      return true;
    }
    if (method === 'POST' && path === '/sim/faults') {
      try {
        faults.inject(parseFault(input()));
      } catch (error) {
        sendJson(res, 400, { message: error instanceof Error ? error.message : String(error) });
        return true;
      }
      if (form) back('/');
      else sendJson(res, 200, { faults: faults.pending() });
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await ready;
    const target = req.url ?? '/';
    const path = new URL(target, 'http://sim').pathname;
    const body = await readBody(req);
    if (!path.startsWith('/api/')) {
      if (!(await control(req, res, path, body))) sendJson(res, 404, { message: 'no such page' });
      return;
    }
    const fault = faults.takeRequestFault();
    if (fault?.kind === 'outage') {
      // The regulator is down: the connection drops without an answer.
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const requestId = randomBytes(8).toString('hex');
    let answer: Reply & { appId?: string; pushNo?: string };
    if (fault?.kind === 'server-error') answer = reply(fault.status, 'SERVER_ERROR');
    else {
      try {
        answer = await api(req, target, path, body);
      } catch {
        answer = reply(500, 'SERVER_ERROR');
      }
    }
    await store
      .logRequest({
        appId: answer.appId ?? header(req, HEADERS.appId) ?? null,
        method: req.method ?? 'GET',
        path,
        pushNo: answer.pushNo ?? null,
        status: answer.status,
        code: answer.code,
      })
      .catch(() => undefined);
    sendJson(
      res,
      answer.status,
      {
        code: answer.code,
        message: answer.message,
        requestId,
        ...(answer.data === undefined ? {} : { data: answer.data }),
      },
      answer.headers,
    );
  }

  return {
    store,
    async listen(port = 0, host = '127.0.0.1') {
      ready = (async () => {
        await store.ensureSchema();
        for (const app of options.apps ?? [DEMO_REGULATOR_APP]) await store.ensureApp(app);
        for (const person of options.people ?? []) await store.registerPerson(person.idNumber, person.name);
      })();
      await ready;
      server = createServer((req, res) => {
        handle(req, res).catch((error: unknown) => {
          if (!res.headersSent)
            sendJson(res, 500, {
              code: 'SERVER_ERROR',
              message: error instanceof Error ? error.message : 'error',
            });
          else res.destroy();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, host, () => resolve());
      });
      baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    url: () => baseUrl,
    async close() {
      if (server?.listening) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server?.close(() => resolve()));
      }
      await store.close();
    },
    createApp: (name) => store.createApp(name),
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    faults: () => faults.pending(),
    setRatePerSecond(value) {
      if (!(value > 0)) throw new Error('rate must be positive');
      rate = value;
      buckets.clear();
    },
  };
}
