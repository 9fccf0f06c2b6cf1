import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { idCardCheckChar, isIdCardNumber } from '@px/config';
import {
  closeServer,
  escapeHtml,
  readRequestBody,
  readStateFile,
  redirectAfterPost,
  requestHeader,
  sendHtml,
  sendJson,
  startLocalServer,
  writeStateFile,
} from '../../core/local-server';
import { FACEID_SERVICE, ID_CARD_VERIFICATION, type IdentityPerson } from './identity.provider';
import { sendTc3Error, tc3RequestFailure } from './tc3';

/**
 * A local simulator of the identity-verification service (Tencent Cloud 身份信息认证,
 * `IdCardVerification`; docs/identity.md), started by the server in simulator mode and printed at
 * start as 实名核验 (sim). It says on its page that it is simulated and holds no real registry: its
 * "证件库" is the residents it was given (the demo's people and a few to try registration with) and
 * those added on its page. It enforces the protocol as the service does: the TC3-HMAC-SHA256
 * signature over the sent headers and body, the 5-minute timestamp window, the secret id, the
 * action and version, the parameters; then answers the service's result codes: 0 一致, -1 不一致,
 * -2 非法身份证号, -3 非法姓名, -5 无此记录, -7 over the daily limit of one ID number, and -4 / -6 while
 * an outage is switched on. With `stateFile` the residents added survive a restart.
 */

/** The simulator's credentials (the defaults of simulator mode). */
export const SIM_IDENTITY_CREDENTIALS = {
  secretId: 'AKIDsimIdentity0000000000000000000',
  secretKey: 'sim-identity-secret-key-0123456789',
};

/** How many checks of one ID number a day the simulated service answers before -7. */
export const SIM_DAILY_CHECKS_PER_ID = 20;

const withCheck = (body: string) => body + idCardCheckChar(body);

/**
 * People the simulated registry knows from the start besides the demo's students (server.ts adds
 * those): residents to try registration with (README, docs/tour.md).
 */
export const SIM_RESIDENTS: readonly IdentityPerson[] = [
  { name: '赵六', idNumber: '370102199512120018' },
  { name: '钱八', idNumber: withCheck('37010219930615002') },
  { name: '吴九', idNumber: withCheck('37010319960218003') },
  { name: '郑十', idNumber: withCheck('37011219890930004') },
];

export type SimIdentityFault = 'none' | 'outage' | 'upgrade';

export interface SimIdentityCheck {
  at: string;
  secretId: string;
  name: string;
  idNumber: string;
  result: string;
  description: string;
  requestId: string;
}

export interface IdentitySimulatorOptions {
  secretId?: string;
  secretKey?: string;
  residents?: readonly IdentityPerson[];
  /** A JSON file keeping the residents added across restarts. */
  stateFile?: string;
  /** Tests: the simulator's clock (Unix seconds). */
  now?: () => number;
}

export interface IdentitySimulator {
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
  readonly secretId: string;
  readonly secretKey: string;
  /** Adds people to the simulated registry (an ID number already known gets the new name). */
  addResidents(people: readonly IdentityPerson[]): void;
  /** Switches an outage on (`outage`: -4 证件库服务异常, `upgrade`: -6 升级中) or off. */
  setFault(fault: SimIdentityFault): void;
  /** Every check answered with a result, newest last. */
  checks(): readonly SimIdentityCheck[];
}

const RESULT_TEXT: Record<string, string> = {
  '0': '姓名和身份证号一致',
  '-1': '姓名和身份证号不一致',
  '-2': '非法身份证号（长度、校验位等不正确）',
  '-3': '非法姓名（长度、格式等不正确）',
  '-4': '证件库服务异常',
  '-5': '证件库中无此身份证记录',
  '-6': '权威比对系统升级中，请稍后再试',
  '-7': '认证次数超过当日限制',
};

/** A name the service accepts: 2–30 characters of Chinese, letters, middle dots and spaces between. */
const NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{0,28}[\p{Script=Han}A-Za-z]$/u;

/** Creates the simulator (not yet listening). */
export function createIdentitySimulator(options: IdentitySimulatorOptions = {}): IdentitySimulator {
  const secretId = options.secretId ?? SIM_IDENTITY_CREDENTIALS.secretId;
  const secretKey = options.secretKey ?? SIM_IDENTITY_CREDENTIALS.secretKey;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const registry = new Map<string, string>();
  /** Residents added on the page or by `addResidents` after start (kept in the state file). */
  const added = new Map<string, string>();
  const log: SimIdentityCheck[] = [];
  const perIdToday = new Map<string, number>();
  let countDay = '';
  let fault: SimIdentityFault = 'none';
  let server: Server | null = null;
  let baseUrl = '';

  for (const person of options.residents ?? SIM_RESIDENTS) registry.set(person.idNumber, person.name);
  for (const person of readStateFile<IdentityPerson>(options.stateFile)) {
    registry.set(person.idNumber, person.name);
    added.set(person.idNumber, person.name);
  }
  const persist = () =>
    writeStateFile(
      options.stateFile,
      [...added].map(([idNumber, name]) => ({ idNumber, name })),
    );

  async function readBody(req: IncomingMessage): Promise<string> {
    const body = await readRequestBody(req, 64 * 1024);
    if (!body) throw new Error('body too large');
    return body.toString('utf8');
  }

  /** The protocol's checks, in the service's order; answers the error or null. */
  function authFailure(req: IncomingMessage, body: string): [string, string] | null {
    const header = (name: string) => requestHeader(req, name);
    const unsigned = tc3RequestFailure({
      header,
      body,
      secretId,
      secretKey,
      service: FACEID_SERVICE,
      now: now(),
      mustSign: ['content-type', 'host'],
    });
    if (unsigned) return unsigned;
    if (header('x-tc-action') !== ID_CARD_VERIFICATION.action) return ['InvalidAction', '接口不存在'];
    if (header('x-tc-version') !== ID_CARD_VERIFICATION.version)
      return ['NoSuchVersion', `接口版本不存在，本接口取值 ${ID_CARD_VERIFICATION.version}`];
    return null;
  }

  function countToday(idNumber: string): number {
    const day = new Date((now() + 8 * 3600) * 1000).toISOString().slice(0, 10);
    if (day !== countDay) {
      perIdToday.clear();
      countDay = day;
    }
    const count = (perIdToday.get(idNumber) ?? 0) + 1;
    perIdToday.set(idNumber, count);
    return count;
  }

  function decide(name: string, idNumber: string): string {
    if (fault === 'outage') return '-4';
    if (fault === 'upgrade') return '-6';
    if (!isIdCardNumber(idNumber)) return '-2';
    if (!NAME.test(name)) return '-3';
    if (countToday(idNumber) > SIM_DAILY_CHECKS_PER_ID) return '-7';
    const known = registry.get(idNumber);
    if (known === undefined) return '-5';
    return known === name ? '0' : '-1';
  }

  async function api(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const refused = authFailure(req, body);
    if (refused) return sendTc3Error(res, ...refused);
    let params: { IdCard?: unknown; Name?: unknown };
    try {
      params = JSON.parse(body);
    } catch {
      return sendTc3Error(res, 'InvalidParameter', '请求体不是合法的 JSON');
    }
    if (typeof params !== 'object' || params === null)
      return sendTc3Error(res, 'InvalidParameter', '请求体须为对象');
    if (typeof params.IdCard !== 'string' || !params.IdCard)
      return sendTc3Error(res, 'MissingParameter', '缺少参数 IdCard');
    if (typeof params.Name !== 'string' || !params.Name)
      return sendTc3Error(res, 'MissingParameter', '缺少参数 Name');
    const result = decide(params.Name, params.IdCard.toUpperCase());
    const requestId = randomUUID();
    log.push({
      at: new Date(now() * 1000).toISOString(),
      secretId,
      name: params.Name,
      idNumber: params.IdCard,
      result,
      description: RESULT_TEXT[result] ?? '',
      requestId,
    });
    if (log.length > 500) log.shift();
    sendJson(res, { Response: { Result: result, Description: RESULT_TEXT[result], RequestId: requestId } });
  }

  function page(): string {
    const residents = [...registry]
      .map(([idNumber, name]) => `<tr><td>${escapeHtml(name)}</td><td>${escapeHtml(idNumber)}</td></tr>`)
      .join('');
    const recent = log
      .slice(-30)
      .reverse()
      .map(
        (check) =>
          `<tr><td>${escapeHtml(check.at)}</td><td>${escapeHtml(check.name)}</td><td>${escapeHtml(check.idNumber)}</td><td>${escapeHtml(check.result)} ${escapeHtml(check.description)}</td></tr>`,
      )
      .join('');
    const option = (value: SimIdentityFault, label: string) =>
      `<option value="${value}"${fault === value ? ' selected' : ''}>${label}</option>`;
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>实名核验（模拟）</title>
<style>body{font:14px/1.6 system-ui,sans-serif;margin:24px;max-width:960px}table{border-collapse:collapse;margin:8px 0 24px}td,th{border:1px solid #ccc;padding:4px 10px;text-align:left}.note{background:#fff7e6;border:1px solid #ffd591;padding:8px 12px}</style></head><body>
<h1>实名核验平台（模拟）</h1>
<p class="note">这是本地模拟的身份信息认证服务（腾讯云 API 3.0 <code>${ID_CARD_VERIFICATION.action}</code>，版本 ${ID_CARD_VERIFICATION.version}），不连接公安证件库：只认识下面“模拟证件库”中的人。请求须按 TC3-HMAC-SHA256 签名，时间戳须在 5 分钟内。</p>
<p>SecretId：<code>${escapeHtml(secretId)}</code>　接口地址：<code>POST ${escapeHtml(baseUrl)}/</code></p>
<h2>故障</h2>
<form method="post" action="/sim/fault"><select name="fault">${option('none', '正常')}${option('outage', '证件库服务异常（-4）')}${option('upgrade', '系统升级中（-6）')}</select> <button>设置</button></form>
<h2>模拟证件库（${registry.size} 人）</h2>
<form method="post" action="/sim/residents">姓名 <input name="name" required> 身份证号 <input name="idNumber" required pattern="[0-9]{17}[0-9Xx]"> <button>登记</button></form>
<table><tr><th>姓名</th><th>身份证号</th></tr>${residents}</table>
<h2>最近的核验</h2>
<table><tr><th>时间</th><th>姓名</th><th>身份证号</th><th>结果</th></tr>${recent}</table>
</body></html>`;
  }

  async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
    const text = await readBody(req);
    if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text);
    return Object.fromEntries(new URLSearchParams(text));
  }

  const addResidents = (people: readonly IdentityPerson[], keep: boolean) => {
    for (const person of people) {
      registry.set(person.idNumber, person.name);
      if (keep) added.set(person.idNumber, person.name);
    }
    if (keep) persist();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'POST' && url.pathname === '/') return api(req, res);
    if (req.method === 'GET' && url.pathname === '/') return sendHtml(res, page());
    if (req.method === 'POST' && url.pathname === '/sim/residents') {
      const form = await readForm(req);
      const idNumber = String(form.idNumber ?? '')
        .trim()
        .toUpperCase();
      const name = String(form.name ?? '').trim();
      if (!isIdCardNumber(idNumber) || !NAME.test(name))
        return sendJson(res, { error: '姓名或身份证号无效' }, 400);
      addResidents([{ name, idNumber }], true);
      return redirectAfterPost(res, '/');
    }
    if (req.method === 'POST' && url.pathname === '/sim/fault') {
      const form = await readForm(req);
      if (!['none', 'outage', 'upgrade'].includes(String(form.fault)))
        return sendJson(res, { error: 'fault' }, 400);
      fault = form.fault as SimIdentityFault;
      return redirectAfterPost(res, '/');
    }
    if (req.method === 'GET' && url.pathname === '/sim/checks') return sendJson(res, log);
    sendJson(res, { error: 'not found' }, 404);
  }

  return {
    secretId,
    secretKey,
    async listen(port = 0, host = '127.0.0.1') {
      ({ server, url: baseUrl } = await startLocalServer(
        handle,
        (res) => {
          if (!res.headersSent) sendTc3Error(res, 'InternalError', '内部错误');
          else res.end();
        },
        port,
        host,
      ));
      return baseUrl;
    },
    url: () => baseUrl,
    async close() {
      await closeServer(server);
    },
    addResidents: (people) => addResidents(people, false),
    setFault(next) {
      fault = next;
    },
    checks: () => log,
  };
}
