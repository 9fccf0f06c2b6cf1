import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import {
  parseAuthorization,
  SIGNATURE_PROBE_PREFIX,
  sha256WithRsaSign,
  sha256WithRsaVerify,
  signatureMessage,
  signWechatPayMessage,
  verifyJsapiPaySign,
} from '../../client/pay-crypto';
import { formBody, htmlPage, jsonBody, type SimRequest, type SimResponse } from '../http';
import type { SimMerchant, SimRegistry } from '../registry';
import type { SimContext, SimModule } from '../server';
import { createNotifier, type DeliveryRecord, type SimNotification } from './notifier';
import { nativeOrderBody, paidBody, paySection, refusedBody } from './pages';
import { createPayStore, PaySimError, type SimPayOrder, type SimPayRefund } from './state';

/** Ways to spoil the next v3 answers, to test that the client verifies every answer. */
export type TamperMode =
  /** The body changes after signing (one space appended: same JSON, different bytes); 204s have no body. */
  | 'body'
  /** Signed by a key that is not the platform key. */
  | 'signature'
  /** A serial the client does not know. */
  | 'serial'
  /** Correctly signed, but with a timestamp 10 minutes old. */
  | 'timestamp'
  /** A `WECHATPAY/SIGNTEST/` probe signature. */
  | 'probe'
  /** No Wechatpay-* headers at all. */
  | 'unsigned';

const TAMPER_MODES: readonly TamperMode[] = ['body', 'signature', 'serial', 'timestamp', 'probe', 'unsigned'];

export interface JsapiCheckInput {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
  /** The user on the page, when the bridge knows it; otherwise the order's payer pays. */
  openId?: string;
}

/** What WeChat's pay sheet shows of the order a `package` (`prepay_id=…`) names, before the person pays. */
export type JsapiSheet =
  | { ok: true; merchant: string; description: string; totalFen: number }
  | { ok: false; errDesc: string };

/** What the bridge answers `getBrandWCPayRequest` with (`err_msg` of WeixinJSBridge). */
export type JsapiCheckResult =
  | { ok: true; errMsg: 'get_brand_wcpay_request:ok'; outTradeNo: string; transactionId: string }
  | { ok: false; errMsg: 'get_brand_wcpay_request:fail'; errDesc: string };

/** Programmatic access to a running simulator's WeChat Pay, for in-process tests. */
export interface PaySimulator {
  orders(): SimPayOrder[];
  order(outTradeNo: string, mchId?: string): SimPayOrder | undefined;
  refunds(): SimPayRefund[];
  /** The user pays (JSAPI: the order's payer; Native: `user` or the first user). Throws PaySimError. */
  confirm(input: { outTradeNo: string; mchId?: string; user?: string }): SimPayOrder;
  /** The order behind a Native `code_url` (`weixin://wxpay/bizpayurl?pr=...`). */
  resolveCodeUrl(codeUrl: string): SimPayOrder | undefined;
  /** The bridge's check of `chooseWXPay` parameters; on ok the order is paid and notified. */
  jsapiCheck(input: JsapiCheckInput): JsapiCheckResult;
  /** The merchant, description and amount the pay sheet shows for a JSAPI `package`. */
  jsapiSheet(packageText: string): JsapiSheet;
  /** The refund ends ABNORMAL (now when PROCESSING, or when it gets created). */
  failRefund(outRefundNo: string, mchId?: string): void;
  /** Delivers the last notification of the order again. Throws when there is none. */
  duplicateNotification(outTradeNo: string, mchId?: string): SimNotification;
  /** The next `times` delivery attempts are lost (and retried along the schedule). */
  dropNotifications(times: number): void;
  /** Divides the retry schedule by `factor` (1 = real time). */
  setNotifySpeed(factor: number): void;
  deliveries(): readonly DeliveryRecord[];
  /** Deliveries still running or waiting for a retry. */
  pendingDeliveries(): number;
  /** The next `times` /v3 answers are spoiled the given way. */
  tamperResponses(mode: TamperMode, times?: number): void;
}

export interface PayModuleOptions {
  /** Initial retry schedule divisor (1 = WeChat's real schedule). */
  notifySpeed?: number;
}

const instances = new WeakMap<SimRegistry, PaySimulator>();

/** The Pay module of a simulator (or of its context). Throws when the module is not installed. */
export function paySim(sim: Pick<SimContext, 'registry'>): PaySimulator {
  const instance = instances.get(sim.registry);
  if (!instance) throw new Error('the WeChat Pay module is not installed in this simulator');
  return instance;
}

const SKEW_SECONDS = 300;

function errorBody(error: unknown): { status: number; body: { code: string; message: string } } {
  if (error instanceof PaySimError)
    return { status: error.status, body: { code: error.code, message: error.message } };
  return {
    status: 400,
    body: { code: 'PARAM_ERROR', message: error instanceof Error ? error.message : String(error) },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function orderJson(order: SimPayOrder): Omit<SimPayOrder, 'fingerprint'> {
  const { fingerprint: _fingerprint, ...rest } = order;
  return rest;
}

/**
 * The WeChat Pay API v3 module of the simulator: the /v3 endpoints with signature checks on every
 * request and signed answers, the order and refund state machines, encrypted notifications with
 * WeChat's retry schedule, the Native scan page, the bridge's `chooseWXPay` check and test hooks
 * under `/__sim/pay/`.
 */
export function createPayModule(options: PayModuleOptions = {}): SimModule {
  return (context) => {
    const { clock, registry } = context;
    const store = createPayStore(clock, registry);
    const notifier = createNotifier({
      clock,
      speed: options.notifySpeed ?? 1,
      onRecord: (entry) => context.record('pay.notify', { ...entry }),
    });
    const refundTimers = new Set<NodeJS.Timeout>();
    let tamper: { mode: TamperMode; times: number } | undefined;
    let strangerKey: KeyObject | undefined;
    let closed = false;
    context.onClose(() => {
      closed = true;
      notifier.close();
      for (const timer of refundTimers) clearTimeout(timer);
      refundTimers.clear();
    });

    function merchantOf(mchId: string): SimMerchant {
      const merchant = registry.merchants.get(mchId);
      if (!merchant) throw new PaySimError(404, 'MCH_NOT_EXISTS', `商户号 ${mchId} 不存在`);
      return merchant;
    }

    function userOf(key: string | undefined) {
      if (key === undefined || key === '') return undefined;
      const user = registry.user(key);
      if (!user) throw new PaySimError(400, 'PARAM_ERROR', `没有微信用户 ${key}`);
      return user;
    }

    function pay(order: SimPayOrder, userKey?: string): SimPayOrder {
      store.pay(order, userOf(userKey));
      context.record('pay.paid', { mchId: order.mchId, outTradeNo: order.outTradeNo, openId: order.paidBy });
      notifier.notify({
        merchant: merchantOf(order.mchId),
        eventType: 'TRANSACTION.SUCCESS',
        outTradeNo: order.outTradeNo,
        notifyUrl: order.notifyUrl,
        resource: store.transactionView(order),
      });
      return order;
    }

    function settleSoon(refund: SimPayRefund): void {
      const timer = setTimeout(() => {
        refundTimers.delete(timer);
        if (closed || refund.status !== 'PROCESSING') return;
        store.settleRefund(refund);
        if (refund.status === 'PROCESSING') return;
        context.record('pay.refund.settled', { outRefundNo: refund.outRefundNo, status: refund.status });
        if (!refund.notifyUrl) return;
        notifier.notify({
          merchant: merchantOf(refund.mchId),
          eventType: refund.status === 'SUCCESS' ? 'REFUND.SUCCESS' : 'REFUND.ABNORMAL',
          outTradeNo: refund.outTradeNo,
          notifyUrl: refund.notifyUrl,
          resource: store.refundNotice(refund),
        });
      }, 0);
      timer.unref();
      refundTimers.add(timer);
    }

    /** Checks the Authorization header; returns the merchant (also known when the check fails). */
    function authenticate(request: SimRequest): { merchant?: SimMerchant; error?: PaySimError } {
      const header = request.headers.authorization;
      const auth = parseAuthorization(Array.isArray(header) ? header[0] : header);
      if (!auth) {
        return {
          error: new PaySimError(
            401,
            'SIGN_ERROR',
            'Authorization 缺失或格式错误，应为 WECHATPAY2-SHA256-RSA2048',
          ),
        };
      }
      const merchant = registry.merchants.get(auth.mchid);
      if (!merchant) return { error: new PaySimError(401, 'SIGN_ERROR', `商户号 ${auth.mchid} 不存在`) };
      if (auth.serial_no !== merchant.merchantSerial) {
        return { merchant, error: new PaySimError(401, 'SIGN_ERROR', '商户证书序列号有误') };
      }
      if (
        !/^\d{1,12}$/.test(auth.timestamp) ||
        Math.abs(clock.seconds() - Number(auth.timestamp)) > SKEW_SECONDS
      ) {
        return {
          merchant,
          error: new PaySimError(401, 'SIGN_ERROR', '请求的时间戳与当前时间相差超过 5 分钟'),
        };
      }
      const message = signatureMessage([
        request.method,
        request.rawUrl,
        auth.timestamp,
        auth.nonce_str,
        request.rawBody,
      ]);
      if (!sha256WithRsaVerify(message, auth.signature, merchant.merchantPublicKey)) {
        return { merchant, error: new PaySimError(401, 'SIGN_ERROR', '签名错误，验签失败') };
      }
      return { merchant };
    }

    function signedAnswer(status: number, body: unknown, merchant: SimMerchant | undefined): SimResponse {
      let text = body === undefined ? '' : JSON.stringify(body);
      const headers: Record<string, string> = { 'Request-ID': randomUUID() };
      if (text) headers['Content-Type'] = 'application/json; charset=utf-8';
      if (!merchant) return { status, headers, body: text || undefined };
      const mode = tamper && tamper.times > 0 ? tamper.mode : undefined;
      if (tamper && mode) {
        tamper.times -= 1;
        if (tamper.times === 0) tamper = undefined;
      }
      const timestamp = clock.seconds() - (mode === 'timestamp' ? 600 : 0);
      const signed = signWechatPayMessage({
        serial: merchant.platformSerial,
        privateKey: merchant.platformPrivateKey,
        body: text,
        timestamp,
      });
      if (mode === 'signature') {
        strangerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
        signed['Wechatpay-Signature'] = sha256WithRsaSign(
          signatureMessage([String(timestamp), signed['Wechatpay-Nonce'] ?? '', text]),
          strangerKey,
        );
      }
      if (mode === 'serial') signed['Wechatpay-Serial'] = 'PUB_KEY_ID_0000000000000000000000000000UNKNOWN';
      if (mode === 'probe')
        signed['Wechatpay-Signature'] = SIGNATURE_PROBE_PREFIX + randomBytes(64).toString('base64');
      if (mode === 'body') text = `${text} `;
      if (mode !== 'unsigned') Object.assign(headers, signed);
      return { status, headers, body: text || undefined };
    }

    /** A /v3 route: authenticated, answers signed, refusals as `{code, message}`. */
    function v3(
      method: 'GET' | 'POST',
      pattern: string,
      handler: (request: SimRequest, merchant: SimMerchant) => { status?: number; body?: unknown },
    ): void {
      context.route(method, pattern, (request) => {
        const { merchant, error } = authenticate(request);
        if (error || !merchant) {
          context.record('pay.auth.refused', { path: request.path, message: error?.message });
          return signedAnswer(error?.status ?? 401, error ? errorBody(error).body : undefined, merchant);
        }
        try {
          const answer = handler(request, merchant);
          return signedAnswer(answer.status ?? 200, answer.body, merchant);
        } catch (failure) {
          if (failure instanceof PaySimError)
            return signedAnswer(failure.status, errorBody(failure).body, merchant);
          context.record('error', { path: request.path, message: String(failure) });
          return signedAnswer(500, { code: 'SYSTEM_ERROR', message: '系统错误' }, merchant);
        }
      });
    }

    function parseJson(request: SimRequest): unknown {
      const body = jsonBody(request);
      if (body === undefined) throw new PaySimError(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
      return body;
    }

    function requireMchIdMatch(value: unknown, merchant: SimMerchant): void {
      if (typeof value !== 'string' || !value) throw new PaySimError(400, 'PARAM_ERROR', 'mchid 必填');
      if (value !== merchant.mchId) throw new PaySimError(400, 'PARAM_ERROR', 'mchid 与请求方商户号不一致');
    }

    v3('POST', '/v3/pay/transactions/jsapi', (request, merchant) => {
      const order = store.placeOrder(merchant, 'JSAPI', parseJson(request));
      context.record('pay.order', { mchId: order.mchId, outTradeNo: order.outTradeNo, tradeType: 'JSAPI' });
      return { body: { prepay_id: order.prepayId } };
    });

    v3('POST', '/v3/pay/transactions/native', (request, merchant) => {
      const order = store.placeOrder(merchant, 'NATIVE', parseJson(request));
      context.record('pay.order', { mchId: order.mchId, outTradeNo: order.outTradeNo, tradeType: 'NATIVE' });
      return { body: { code_url: order.codeUrl } };
    });

    v3('GET', '/v3/pay/transactions/out-trade-no/:no', (request, merchant) => {
      requireMchIdMatch(request.query.get('mchid'), merchant);
      const order = store.order(merchant.mchId, request.params.no ?? '');
      if (!order) throw new PaySimError(404, 'ORDER_NOT_EXIST', '订单不存在');
      return { body: store.transactionView(order) };
    });

    v3('GET', '/v3/pay/transactions/id/:id', (request, merchant) => {
      requireMchIdMatch(request.query.get('mchid'), merchant);
      const order = store.orderByTransactionId(merchant.mchId, request.params.id ?? '');
      if (!order) throw new PaySimError(404, 'ORDER_NOT_EXIST', '订单不存在');
      return { body: store.transactionView(order) };
    });

    v3('POST', '/v3/pay/transactions/out-trade-no/:no/close', (request, merchant) => {
      const body = parseJson(request);
      requireMchIdMatch(isRecord(body) ? body.mchid : undefined, merchant);
      const order = store.close(merchant.mchId, request.params.no ?? '');
      context.record('pay.closed', { mchId: order.mchId, outTradeNo: order.outTradeNo });
      return { status: 204 };
    });

    v3('POST', '/v3/refund/domestic/refunds', (request, merchant) => {
      const { refund, created } = store.requestRefund(merchant, parseJson(request));
      if (created) {
        context.record('pay.refund', { outTradeNo: refund.outTradeNo, outRefundNo: refund.outRefundNo });
        settleSoon(refund);
      }
      return { body: store.refundView(refund) };
    });

    v3('GET', '/v3/refund/domestic/refunds/:no', (request, merchant) => {
      const refund = store.refund(merchant.mchId, request.params.no ?? '');
      if (!refund) throw new PaySimError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return { body: store.refundView(refund) };
    });

    const api: PaySimulator = {
      orders: () => store.orders(),
      order: (outTradeNo, mchId) => {
        try {
          return store.findOrder(outTradeNo, mchId);
        } catch {
          return undefined;
        }
      },
      refunds: () => store.refunds(),
      confirm({ outTradeNo, mchId, user }) {
        return pay(store.findOrder(outTradeNo, mchId), user);
      },
      resolveCodeUrl: (codeUrl) => store.orderByCodeUrl(codeUrl),
      jsapiCheck(input) {
        const fail = (errDesc: string): JsapiCheckResult => {
          context.record('pay.jsapi.refused', { errDesc });
          return { ok: false, errMsg: 'get_brand_wcpay_request:fail', errDesc };
        };
        for (const field of ['appId', 'timeStamp', 'nonceStr', 'package', 'paySign'] as const) {
          if (typeof input[field] !== 'string' || !input[field]) return fail(`缺少参数 ${field}`);
        }
        if (input.signType !== 'RSA') return fail('签名类型错误，应为 RSA');
        if (!/^\d{1,12}$/.test(input.timeStamp)) return fail('timeStamp 格式错误');
        if (input.nonceStr.length > 32) return fail('nonceStr 过长');
        const prepayId = input.package.startsWith('prepay_id=')
          ? input.package.slice('prepay_id='.length)
          : '';
        const order = prepayId ? store.orderByPrepayId(prepayId) : undefined;
        if (!order) return fail('prepay_id 无效或订单不存在');
        if (input.appId !== order.appId) return fail('appId 与下单时的 appid 不一致');
        const merchant = registry.merchants.get(order.mchId);
        if (!merchant) return fail('商户不存在');
        if (!verifyJsapiPaySign({ ...input, publicKey: merchant.merchantPublicKey })) {
          return fail('支付验证签名失败');
        }
        if (order.state === 'SUCCESS' || order.state === 'REFUND') return fail('该订单已支付');
        if (order.state !== 'NOTPAY') return fail('订单已关闭或已过期');
        if (input.openId && input.openId !== order.payerOpenId) return fail('当前微信用户不是下单时的付款人');
        try {
          pay(order);
        } catch (error) {
          return fail(error instanceof Error ? error.message : String(error));
        }
        return {
          ok: true,
          errMsg: 'get_brand_wcpay_request:ok',
          outTradeNo: order.outTradeNo,
          transactionId: order.transactionId ?? '',
        };
      },
      jsapiSheet(packageText) {
        const prepayId = packageText.startsWith('prepay_id=') ? packageText.slice('prepay_id='.length) : '';
        const order = prepayId ? store.orderByPrepayId(prepayId) : undefined;
        if (!order) return { ok: false, errDesc: 'prepay_id 无效或订单不存在' };
        const merchant = registry.merchants.get(order.mchId);
        return {
          ok: true,
          merchant: merchant?.name ?? `商户 ${order.mchId}`,
          description: order.description,
          totalFen: order.totalFen,
        };
      },
      failRefund(outRefundNo, mchId) {
        // A PROCESSING refund still has its settlement pending: it will see the armed failure.
        store.failRefund(outRefundNo, mchId);
      },
      duplicateNotification(outTradeNo, mchId) {
        const order = store.findOrder(outTradeNo, mchId);
        const last = notifier.last(order.mchId, order.outTradeNo);
        if (!last) throw new PaySimError(404, 'NOT_FOUND', '该订单还没有发出过通知');
        notifier.redeliver(last);
        return last;
      },
      dropNotifications: (times) => notifier.drop(times),
      setNotifySpeed: (factor) => notifier.setSpeed(factor),
      deliveries: () => notifier.deliveries(),
      pendingDeliveries: () => notifier.pending(),
      tamperResponses(mode, times = 1) {
        if (!TAMPER_MODES.includes(mode)) throw new Error(`unknown tamper mode ${mode}`);
        if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
        tamper = { mode, times };
      },
    };
    instances.set(registry, api);

    /** Runs a hook body; refusals become `{code, message}` with their status. */
    const hook = (fn: () => SimResponse): SimResponse => {
      try {
        return fn();
      } catch (error) {
        return errorBody(error);
      }
    };
    const hookInput = (request: SimRequest): Record<string, unknown> => {
      const body = jsonBody(request);
      return isRecord(body) ? body : {};
    };
    const optionalText = (value: unknown): string | undefined =>
      typeof value === 'string' && value ? value : undefined;

    context.route('POST', '/__sim/pay/confirm', (request) =>
      hook(() => {
        const input = hookInput(request);
        if (typeof input.outTradeNo !== 'string')
          throw new PaySimError(400, 'PARAM_ERROR', 'outTradeNo 必填');
        const mchId = optionalText(input.mchId);
        const user = optionalText(input.user);
        const order = api.confirm({
          outTradeNo: input.outTradeNo,
          ...(mchId ? { mchId } : {}),
          ...(user ? { user } : {}),
        });
        return { body: orderJson(order) };
      }),
    );

    context.route('POST', '/__sim/pay/jsapi-check', (request) => {
      const input = hookInput(request);
      const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');
      const openId = optionalText(input.openId);
      return {
        body: api.jsapiCheck({
          appId: field('appId'),
          timeStamp: field('timeStamp'),
          nonceStr: field('nonceStr'),
          package: field('package'),
          signType: field('signType'),
          paySign: field('paySign'),
          ...(openId ? { openId } : {}),
        }),
      };
    });

    context.route('POST', '/__sim/pay/jsapi-sheet', (request) => {
      const input = hookInput(request);
      return { body: api.jsapiSheet(typeof input.package === 'string' ? input.package : '') };
    });

    context.route('POST', '/__sim/pay/notify/duplicate', (request) =>
      hook(() => {
        const input = hookInput(request);
        if (typeof input.outTradeNo !== 'string')
          throw new PaySimError(400, 'PARAM_ERROR', 'outTradeNo 必填');
        const mchId = optionalText(input.mchId);
        const notification = api.duplicateNotification(input.outTradeNo, mchId);
        return { status: 202, body: { id: notification.id, eventType: notification.eventType } };
      }),
    );

    context.route('POST', '/__sim/pay/notify/drop', (request) =>
      hook(() => {
        api.dropNotifications(Number(hookInput(request).times));
        return { status: 204 };
      }),
    );

    context.route('POST', '/__sim/pay/notify-speed', (request) =>
      hook(() => {
        api.setNotifySpeed(Number(hookInput(request).factor));
        return { body: { factor: notifier.speed() } };
      }),
    );

    context.route('POST', '/__sim/pay/refund/:no/fail', (request) =>
      hook(() => {
        api.failRefund(request.params.no ?? '', optionalText(hookInput(request).mchId));
        return { status: 204 };
      }),
    );

    context.route('POST', '/__sim/pay/tamper', (request) =>
      hook(() => {
        const input = hookInput(request);
        api.tamperResponses(input.mode as TamperMode, input.times === undefined ? 1 : Number(input.times));
        return { status: 204 };
      }),
    );

    context.route('GET', '/__sim/pay/orders', () => ({ body: store.orders().map(orderJson) }));
    context.route('GET', '/__sim/pay/refunds', () => ({
      body: store.refunds().map(({ fingerprint: _fingerprint, ...rest }) => rest),
    }));
    context.route('GET', '/__sim/pay/deliveries', () => ({ body: notifier.deliveries() }));

    // Person pages: the WeChat app after scanning a Native code, and pay buttons of the index page.
    context.route('GET', '/__sim/pay/native', (request) => {
      const codeUrl = request.query.get('code_url') ?? '';
      const order = store.orderByCodeUrl(codeUrl);
      if (!order)
        return htmlPage('二维码无效', refusedBody('二维码无效', '该支付二维码不存在或已失效。'), 404);
      return htmlPage('微信支付', nativeOrderBody(order, registry.users));
    });

    const payPage = (order: SimPayOrder | undefined, user: string | undefined): SimResponse => {
      if (!order) return htmlPage('支付失败', refusedBody('支付失败', '订单不存在。'), 404);
      try {
        pay(order, user);
      } catch (error) {
        const { status, body } = errorBody(error);
        return htmlPage('支付失败', refusedBody('支付失败', body.message), status);
      }
      return htmlPage('支付成功', paidBody(order, registry.users));
    };

    context.route('POST', '/__sim/pay/native/pay', (request) => {
      const form = formBody(request);
      return payPage(store.orderByCodeUrl(form.get('code_url') ?? ''), form.get('user') ?? undefined);
    });

    context.route('POST', '/__sim/pay/pay', (request) => {
      const form = formBody(request);
      return payPage(
        store.order(form.get('mchId') ?? '', form.get('outTradeNo') ?? ''),
        form.get('user') ?? undefined,
      );
    });

    context.indexSection(() => paySection(store.orders(), notifier.deliveries(), registry.users));
  };
}

/** The Pay module as installed by default (real-time retry schedule). */
export const payModule: SimModule = createPayModule();
