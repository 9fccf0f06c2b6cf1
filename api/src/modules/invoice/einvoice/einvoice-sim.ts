import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { sameSignature } from '@px/config/signing';
import {
  closeServer,
  escapeHtml,
  readRequestBody,
  readStateFile,
  sendHtml,
  sendJson,
  startLocalServer,
  writeStateFile,
} from '../../../core/local-server';
import {
  type EinvoiceBuyer,
  type EinvoiceIssueRequest,
  type EinvoiceItem,
  type EinvoiceResult,
  type EinvoiceSeller,
  signCallback,
  signRequest,
} from './einvoice.types';
import { renderInvoicePdf } from './einvoice-pdf';

/**
 * A local simulator of the electronic-invoice platform (dev, demo and tests; started by the server
 * like the WeChat simulator). It checks every request's app key and signature, accepts issue and
 * red-reversal requests (idempotent by `requestNo`), and after `delayMs` issues them — or fails
 * them: a buyer tax number in `failingTaxNos` is refused as the tax office would — and posts a
 * signed callback to the request's callback URL (retried a few times when it does not answer 200).
 * It answers queries, serves each invoice's PDF (drawn with pdf-lib) and lists what it issued at
 * `/`. With `stateFile` its invoices survive a restart, as a real platform's do.
 */

/** The simulator's demo app key and secret (the defaults of simulator mode). */
export const SIM_EINVOICE_APP = {
  appKey: 'sim-einvoice-app',
  appSecret: 'sim-einvoice-secret-0123456789abcdef',
};

/** A buyer tax number the simulated tax office refuses (failures are tried with it). */
export const SIM_FAILING_TAX_NO = '91110108FAIL00000X';

/** What the simulated service keeps of a request: its result, what it asked for, and the links. */
interface SimInvoice extends EinvoiceResult {
  seller: EinvoiceSeller;
  buyer: EinvoiceBuyer;
  items: EinvoiceItem[];
  remark: string | null;
  /** Red invoices: the serial of the invoice reversed. */
  reverses: string | null;
  /** Blue invoices: the serial of the red invoice reversing it. */
  reversedBy: string | null;
  callbackUrl: string;
}

export interface EinvoiceSimulatorOptions {
  appKey?: string;
  appSecret?: string;
  /** How long issuing takes (ms). */
  delayMs?: number;
  failingTaxNos?: string[];
  /** A JSON file keeping the issued invoices across restarts. */
  stateFile?: string;
}

export interface EinvoiceSimulator {
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
  readonly appKey: string;
  readonly appSecret: string;
  /** Tests: how long issuing takes from now on. */
  setDelay(ms: number): void;
  /** Tests: results are kept but not called back (a lost callback), until set false. */
  holdCallbacks(hold: boolean): void;
  /** Tests: posts the result of a request's callback again, `copies` times at once; answers the HTTP statuses. */
  deliverAgain(requestNo: string, copies?: number): Promise<number[]>;
  /** Tests: the next `count` requests are answered 503 (the platform down). */
  failNextRequests(count: number): void;
  /** Issues an invoice at once, without a callback (the demo seed). */
  issueNow(request: Omit<EinvoiceIssueRequest, 'callbackUrl'>): Promise<EinvoiceResult>;
  /** Every request received, newest last. */
  invoices(): readonly EinvoiceResult[];
}

const resultOf = (invoice: SimInvoice): EinvoiceResult => ({
  requestNo: invoice.requestNo,
  kind: invoice.kind,
  state: invoice.state,
  serialNo: invoice.serialNo,
  invoiceNumber: invoice.invoiceNumber,
  issuedAt: invoice.issuedAt,
  totalFen: invoice.totalFen,
  failure: invoice.failure,
});

/** Creates the simulator (not yet listening). */
export function createEinvoiceSimulator(options: EinvoiceSimulatorOptions = {}): EinvoiceSimulator {
  const appKey = options.appKey ?? SIM_EINVOICE_APP.appKey;
  const appSecret = options.appSecret ?? SIM_EINVOICE_APP.appSecret;
  const failing = new Set(options.failingTaxNos ?? [SIM_FAILING_TAX_NO]);
  let delayMs = options.delayMs ?? 1500;
  let hold = false;
  let failRequests = 0;
  const byRequest = new Map<string, SimInvoice>();
  const bySerial = new Map<string, SimInvoice>();
  const timers = new Set<NodeJS.Timeout>();
  let server: Server | null = null;
  let baseUrl = '';

  for (const invoice of readStateFile<SimInvoice>(options.stateFile)) {
    byRequest.set(invoice.requestNo, invoice);
    bySerial.set(invoice.serialNo, invoice);
  }
  /** Keeps the invoices in the state file; a failure to write loses only persistence, never a request. */
  const persist = () => writeStateFile(options.stateFile, [...byRequest.values()]);

  const newSerial = () => `SIM${Date.now()}${randomInt(100_000, 999_999)}`;
  /** A blue invoice of the request, accepted for issuing; its result goes to `callbackUrl` (none: ''). */
  const blueInvoice = (
    request: Omit<EinvoiceIssueRequest, 'callbackUrl'>,
    callbackUrl: string,
  ): SimInvoice => ({
    requestNo: request.requestNo,
    kind: 'BLUE',
    state: 'ISSUING',
    serialNo: newSerial(),
    invoiceNumber: null,
    issuedAt: null,
    totalFen: request.items.reduce((sum, item) => sum + item.amountFen, 0),
    failure: null,
    seller: request.seller,
    buyer: request.buyer,
    items: request.items,
    remark: request.remark,
    reverses: null,
    reversedBy: null,
    callbackUrl,
  });
  const newNumber = () =>
    `${new Date().getFullYear()}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e7)).padStart(7, '0')}`.slice(
      0,
      20,
    );

  function later(fn: () => void | Promise<void>, ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void fn();
    }, ms);
    timers.add(timer);
  }

  async function postCallback(invoice: SimInvoice): Promise<number> {
    try {
      const response = await fetch(invoice.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signCallback(appSecret, appKey, resultOf(invoice))),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => null)) as { respCode?: number } | null;
      return response.ok && body?.respCode === 200 ? 200 : response.status === 200 ? 500 : response.status;
    } catch {
      return 0;
    }
  }

  /** Posts the result, retrying after 1 s, 2 s, 4 s when the product does not take it. */
  function callBack(invoice: SimInvoice, attempt = 0) {
    if (hold || !invoice.callbackUrl) return;
    void postCallback(invoice).then((status) => {
      if (status !== 200 && attempt < 3) later(() => callBack(invoice, attempt + 1), 1000 * 2 ** attempt);
    });
  }

  function settle(invoice: SimInvoice) {
    if (invoice.kind === 'BLUE' && invoice.buyer.taxNo && failing.has(invoice.buyer.taxNo)) {
      invoice.state = 'FAILED';
      invoice.failure = '购买方纳税人识别号校验不通过';
    } else {
      invoice.state = 'ISSUED';
      invoice.invoiceNumber = newNumber();
      invoice.issuedAt = new Date().toISOString();
      if (invoice.kind === 'RED' && invoice.reverses) {
        const original = bySerial.get(invoice.reverses);
        if (original) original.reversedBy = invoice.serialNo;
      }
    }
    persist();
  }

  function accept(invoice: SimInvoice) {
    byRequest.set(invoice.requestNo, invoice);
    bySerial.set(invoice.serialNo, invoice);
    persist();
    later(() => {
      settle(invoice);
      callBack(invoice);
    }, delayMs);
  }

  const ok = (res: ServerResponse, data: unknown) => sendJson(res, { code: 'OK', message: 'success', data });
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    sendJson(res, { code, message }, status);

  function validIssue(body: Partial<EinvoiceIssueRequest>): string | null {
    if (typeof body.requestNo !== 'string' || !body.requestNo) return 'requestNo 缺失';
    if (!body.seller?.name || !body.seller.taxNo) return '销售方信息不完整';
    if (!body.buyer?.name) return '购买方名称缺失';
    if (body.buyer.type === 'COMPANY' && !body.buyer.taxNo) return '企业购买方须有纳税人识别号';
    if (!Array.isArray(body.items) || body.items.length === 0) return '开票明细缺失';
    for (const item of body.items)
      if (
        !Number.isInteger(item.amountFen) ||
        item.amountFen <= 0 ||
        ![0, 1, 3, 6, 9, 13].includes(item.taxRatePct)
      )
        return '开票明细金额或税率不正确';
    if (typeof body.callbackUrl !== 'string') return 'callbackUrl 缺失';
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/') {
      const rows = [...byRequest.values()]
        .reverse()
        .map(
          (i) =>
            `<tr><td>${escapeHtml(i.requestNo)}</td><td>${i.kind === 'RED' ? '红字' : '蓝字'}</td><td>${i.state}</td><td>${escapeHtml(i.invoiceNumber ?? '')}</td><td>${escapeHtml(i.buyer.name)}</td><td>${(i.totalFen / 100).toFixed(2)}</td><td>${escapeHtml(i.failure ?? '')}</td></tr>`,
        )
        .join('');
      return sendHtml(
        res,
        `<!doctype html><meta charset="utf-8"><title>电子发票平台（模拟）</title><h1>电子发票平台（模拟）</h1><p>开票耗时 ${delayMs} ms；拒绝的购方税号：${[...failing].map(escapeHtml).join('、')}</p><table border="1" cellpadding="4"><tr><th>请求号</th><th>类型</th><th>状态</th><th>发票号码</th><th>购买方</th><th>金额</th><th>失败原因</th></tr>${rows}</table>`,
      );
    }
    const body = ((await readRequestBody(req)) as Buffer).toString('utf8');
    if (failRequests > 0) {
      failRequests--;
      return refuse(res, 503, 'UNAVAILABLE', '服务暂不可用');
    }
    const timestamp = Number(req.headers['x-timestamp']);
    const expected = signRequest(appSecret, {
      appKey,
      timestamp,
      nonce: String(req.headers['x-nonce'] ?? ''),
      method,
      path: url.pathname,
      body,
    });
    if (req.headers['x-app-key'] !== appKey) return refuse(res, 401, 'BAD_APP_KEY', 'app key 不存在');
    if (!sameSignature(expected, String(req.headers['x-sign'] ?? '')))
      return refuse(res, 401, 'BAD_SIGN', '签名错误');
    if (Math.abs(Date.now() / 1000 - timestamp) > 300) return refuse(res, 401, 'STALE', '时间戳过期');

    const redMatch = method === 'POST' ? /^\/v1\/invoices\/([^/]+)\/red$/.exec(url.pathname) : null;
    const queryMatch = method === 'GET' ? /^\/v1\/requests\/([^/]+)$/.exec(url.pathname) : null;
    const pdfMatch = method === 'GET' ? /^\/v1\/invoices\/([^/]+)\/pdf$/.exec(url.pathname) : null;
    if (method === 'POST' && url.pathname === '/v1/invoices') {
      const request = JSON.parse(body) as EinvoiceIssueRequest;
      const invalid = validIssue(request);
      if (invalid) return refuse(res, 400, 'INVALID', invalid);
      const existing = byRequest.get(request.requestNo);
      if (existing) return ok(res, resultOf(existing));
      const invoice = blueInvoice(request, request.callbackUrl);
      accept(invoice);
      return ok(res, resultOf(invoice));
    }
    if (redMatch) {
      const request = JSON.parse(body) as { requestNo?: string; reason?: string; callbackUrl?: string };
      if (!request.requestNo || !request.callbackUrl) return refuse(res, 400, 'INVALID', 'requestNo 缺失');
      const existing = byRequest.get(request.requestNo);
      if (existing) return ok(res, resultOf(existing));
      const original = bySerial.get(decodeURIComponent(redMatch[1] ?? ''));
      if (original?.kind !== 'BLUE') return refuse(res, 404, 'NOT_FOUND', '蓝字发票不存在');
      if (original.state !== 'ISSUED') return refuse(res, 409, 'NOT_ISSUED', '蓝字发票未开具');
      if (original.reversedBy) return refuse(res, 409, 'REVERSED', '该发票已红冲');
      const invoice: SimInvoice = {
        ...original,
        requestNo: request.requestNo,
        kind: 'RED',
        state: 'ISSUING',
        serialNo: newSerial(),
        invoiceNumber: null,
        issuedAt: null,
        totalFen: -original.totalFen,
        failure: null,
        remark: request.reason ?? null,
        reverses: original.serialNo,
        reversedBy: null,
        callbackUrl: request.callbackUrl,
      };
      accept(invoice);
      return ok(res, resultOf(invoice));
    }
    if (queryMatch) {
      const invoice = byRequest.get(decodeURIComponent(queryMatch[1] ?? ''));
      if (!invoice) return refuse(res, 404, 'NOT_FOUND', '请求不存在');
      return ok(res, resultOf(invoice));
    }
    if (pdfMatch) {
      const invoice = bySerial.get(decodeURIComponent(pdfMatch[1] ?? ''));
      if (invoice?.state !== 'ISSUED' || !invoice.invoiceNumber || !invoice.issuedAt)
        return refuse(res, 404, 'NOT_FOUND', '发票不存在或未开具');
      const pdf = await renderInvoicePdf({
        kind: invoice.kind,
        invoiceNumber: invoice.invoiceNumber,
        issuedAt: invoice.issuedAt,
        seller: invoice.seller,
        buyer: invoice.buyer,
        items: invoice.items,
        remark: invoice.remark,
        reversesNumber: invoice.reverses ? (bySerial.get(invoice.reverses)?.invoiceNumber ?? null) : null,
      });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      res.end(pdf);
      return;
    }
    refuse(res, 404, 'NOT_FOUND', 'no such path');
  }

  return {
    appKey,
    appSecret,
    async listen(port = 0, host = '127.0.0.1') {
      ({ server, url: baseUrl } = await startLocalServer(
        handle,
        (res, error) => refuse(res, 500, 'ERROR', error.message),
        port,
        host,
      ));
      return baseUrl;
    },
    url: () => baseUrl,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    holdCallbacks(value) {
      hold = value;
    },
    async deliverAgain(requestNo, copies = 1) {
      const invoice = byRequest.get(requestNo);
      if (!invoice) throw new Error(`no request ${requestNo}`);
      return Promise.all(Array.from({ length: copies }, () => postCallback(invoice)));
    },
    failNextRequests(count) {
      failRequests = count;
    },
    async issueNow(request) {
      const invoice = blueInvoice(request, '');
      byRequest.set(invoice.requestNo, invoice);
      bySerial.set(invoice.serialNo, invoice);
      settle(invoice);
      return resultOf(invoice);
    },
    invoices: () => [...byRequest.values()].map(resultOf),
  };
}
