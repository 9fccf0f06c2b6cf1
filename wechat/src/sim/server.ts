import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatEndpoints } from '../client/endpoints';
import { createClock, type SimClock } from './clock';
import { createFaultBook, type Fault, type FaultBook } from './faults';
import { escapeHtml, htmlPage, jsonBody, type SimHandler, type SimRequest, type SimResponse } from './http';
import { createRegistry, type SimApp, type SimMerchant, type SimRegistry, type SimUser } from './registry';

/** Something that happened in the simulator, kept for the person page and for tests. */
export interface SimEvent {
  at: number;
  kind: string;
  detail: Record<string, unknown>;
}

/** What a module of the simulator (official account, OAuth, Pay, bridge) gets to work with. */
export interface SimContext {
  clock: SimClock;
  registry: SimRegistry;
  faults: FaultBook;
  /** The simulator's own origin once listening (`http://127.0.0.1:port`). */
  url(): string;
  /** Declares a route; `pattern` may hold `:name` segments. Routes under `/__sim/` allow any origin. */
  route(method: string, pattern: string, handler: SimHandler): void;
  /** Records an event. */
  record(kind: string, detail: Record<string, unknown>): void;
  events(): readonly SimEvent[];
  /** Adds a section (HTML) to the simulator's index page. */
  indexSection(render: () => string): void;
  /** Registers something to run when the simulator closes (timers of pending deliveries). */
  onClose(fn: () => void | Promise<void>): void;
}

export type SimModule = (context: SimContext) => void;

export interface SimulatorOptions {
  apps: SimApp[];
  merchants?: SimMerchant[];
  users: SimUser[];
  clock?: SimClock;
  /** The modules to install (the default set is in `./index`). */
  modules: SimModule[];
}

export interface WechatSimulator extends SimContext {
  /** Starts listening on loopback; port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** The base URLs a client uses to talk to this simulator instead of WeChat. */
  endpoints(): WechatEndpoints;
}

interface Route {
  method: string;
  parts: string[];
  handler: SimHandler;
}

function matchRoute(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) return null;
  const parts = path.split('/');
  if (parts.length !== route.parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of route.parts.entries()) {
    const actual = parts[index] ?? '';
    if (part.startsWith(':')) {
      if (!actual) return null;
      params[part.slice(1)] = decodeURIComponent(actual);
    } else if (part !== actual) return null;
  }
  return params;
}

const SIM_PREFIX = '/__sim/';
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,POST,DELETE,OPTIONS',
  'access-control-allow-headers': 'content-type',
};

/**
 * A simulator of the WeChat servers on one loopback origin: the official-account API
 * (api.weixin.qq.com), web OAuth (open.weixin.qq.com), QR images (mp.weixin.qq.com) and Pay v3
 * (api.mch.weixin.qq.com) share it, since their paths do not collide. Test hooks live under
 * `/__sim/`.
 */
export function createSimulator(options: SimulatorOptions): WechatSimulator {
  const clock = options.clock ?? createClock();
  const registry = createRegistry({
    apps: options.apps,
    merchants: options.merchants ?? [],
    users: options.users,
  });
  const faults = createFaultBook();
  const routes: Route[] = [];
  const events: SimEvent[] = [];
  const sections: Array<() => string> = [];
  const closers: Array<() => void | Promise<void>> = [];
  let server: Server | undefined;
  let origin = '';

  const context: SimContext = {
    clock,
    registry,
    faults,
    url: () => {
      if (!origin) throw new Error('the simulator is not listening');
      return origin;
    },
    route(method, pattern, handler) {
      routes.push({ method: method.toUpperCase(), parts: pattern.split('/'), handler });
    },
    record(kind, detail) {
      events.push({ at: clock.now(), kind, detail });
      if (events.length > 1000) events.splice(0, events.length - 1000);
    },
    events: () => events,
    indexSection(render) {
      sections.push(render);
    },
    onClose(fn) {
      closers.push(fn);
    },
  };

  installCoreRoutes(context, sections);
  for (const install of options.modules) install(context);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const isHook = url.pathname.startsWith(SIM_PREFIX);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let answer: SimResponse;
    if (isHook && method === 'OPTIONS') answer = { status: 204 };
    else {
      const fault = isHook ? undefined : faults.take(method, url.pathname);
      if (fault) answer = fault;
      else {
        let params: Record<string, string> | null = null;
        const route = routes.find((r) => {
          params = matchRoute(r, method, url.pathname);
          return params !== null;
        });
        if (!route || !params)
          answer = { status: 404, body: { errcode: 404, errmsg: `no such path ${url.pathname}` } };
        else {
          const request: SimRequest = {
            method,
            path: url.pathname,
            rawUrl: req.url ?? url.pathname,
            query: url.searchParams,
            headers: req.headers,
            rawBody: Buffer.concat(chunks),
            origin: origin || url.origin,
            params,
          };
          try {
            answer = await route.handler(request);
          } catch (error) {
            context.record('error', { path: url.pathname, message: String(error) });
            answer = { status: 500, body: { errcode: -1, errmsg: 'system error' } };
          }
        }
      }
    }
    send(res, answer, isHook);
  }

  return {
    ...context,
    async listen(port = 0, host = '127.0.0.1') {
      server = createServer((req, res) => {
        handle(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      origin = `http://${host}:${address.port}`;
      return origin;
    },
    async close() {
      for (const fn of closers) await fn();
      if (!server) return;
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = undefined;
    },
    endpoints() {
      const base = context.url();
      return { api: base, open: base, mp: base, pay: base };
    },
  };
}

function send(res: ServerResponse, answer: SimResponse, cors: boolean): void {
  const headers: Record<string, string> = { ...(cors ? CORS_HEADERS : {}), ...answer.headers };
  let body: string | Buffer | undefined;
  if (answer.body === undefined || answer.body === null) body = undefined;
  else if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) body = answer.body;
  else {
    body = JSON.stringify(answer.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(answer.status ?? 200, headers);
  res.end(body);
}

/** Hooks every module shares: the clock, fault injection, the event log and the index page. */
function installCoreRoutes(context: SimContext, sections: Array<() => string>): void {
  context.route('POST', '/__sim/clock/advance', (request) => {
    const body = jsonBody(request) as { ms?: unknown } | undefined;
    const ms = Number(body?.ms);
    if (!Number.isFinite(ms) || ms < 0)
      return { status: 400, body: { error: 'ms must be a non-negative number' } };
    context.clock.advance(ms);
    return { body: { now: context.clock.now() } };
  });
  context.route('GET', '/__sim/clock', () => ({ body: { now: context.clock.now() } }));
  context.route('POST', '/__sim/faults', (request) => {
    const fault = jsonBody(request) as Fault | undefined;
    if (!fault || typeof fault.path !== 'string' || !fault.response) {
      return { status: 400, body: { error: 'path and response are required' } };
    }
    try {
      context.faults.inject({ ...fault, times: fault.times ?? 1 });
    } catch (error) {
      return { status: 400, body: { error: String(error) } };
    }
    return { status: 204 };
  });
  context.route('DELETE', '/__sim/faults', () => {
    context.faults.clear();
    return { status: 204 };
  });
  context.route('GET', '/__sim/events', (request) => {
    const kind = request.query.get('kind');
    return { body: context.events().filter((e) => !kind || e.kind === kind) };
  });
  context.route('GET', '/', () =>
    htmlPage(
      '微信模拟器',
      `<main><h1>微信模拟器</h1><p class="note">本页面仅在开发和演示环境中运行，模拟微信服务器与微信客户端。</p>${sections
        .map((render) => render())
        .join('')}<div class="card"><h2>最近事件</h2><ul>${context
        .events()
        .slice(-20)
        .reverse()
        .map(
          (e) =>
            `<li><span class="muted">${new Date(e.at).toLocaleTimeString('zh-CN')}</span> ${escapeHtml(e.kind)}</li>`,
        )
        .join('')}</ul></div></main>`,
    ),
  );
}
