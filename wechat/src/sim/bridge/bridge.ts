import { signJsSdk } from '../../client/signature';
import { jsonBody } from '../http';
import type { SimContext, SimModule } from '../server';

/** Where the simulator serves the script that plays the WeChat client in a normal browser. */
export const BRIDGE_SCRIPT_PATH = '/__sim/bridge.js';

/** The JS-SDK tickets of an official account that WeChat would still accept now. */
export type ValidTickets = (appId: string, now: number) => string[];

/** What the bridge asks the simulator about a `wx.config` call. */
interface ConfigCheck {
  appId?: unknown;
  timestamp?: unknown;
  nonceStr?: unknown;
  signature?: unknown;
  url?: unknown;
}

/**
 * Checks a `wx.config` signature as WeChat does: sha1 over a jsapi_ticket the account holds now,
 * the nonce, the timestamp and the page URL without its fragment. Answers WeChat's own error texts.
 */
export function checkJsSdkConfig(
  context: Pick<SimContext, 'registry' | 'clock'>,
  validTickets: ValidTickets,
  check: ConfigCheck,
): { ok: true } | { ok: false; errMsg: string } {
  const appId = typeof check.appId === 'string' ? check.appId : '';
  if (!context.registry.app(appId)) return { ok: false, errMsg: 'invalid appid' };
  const timestamp = Number(check.timestamp);
  const nonceStr = typeof check.nonceStr === 'string' ? check.nonceStr : '';
  const signature = typeof check.signature === 'string' ? check.signature : '';
  const url = typeof check.url === 'string' ? check.url : '';
  if (!Number.isInteger(timestamp) || !nonceStr || !signature || !url)
    return { ok: false, errMsg: 'invalid signature' };
  const matches = validTickets(appId, context.clock.now()).some(
    (ticket) => signJsSdk({ ticket, nonceStr, timestamp, url }).signature === signature,
  );
  return matches ? { ok: true } : { ok: false, errMsg: 'invalid signature' };
}

/**
 * The WeChat client bridge (`window.WeixinJSBridge`) for a normal browser. `weixin-js-sdk` calls
 * `invoke('preVerifyJSAPI', …)` for `wx.config`: the bridge asks the simulator to check the
 * signature against the page URL; `invoke('getBrandWCPayRequest', …)` for `wx.chooseWXPay`: the
 * person confirms on a sheet showing what WeChat's does (the merchant's short name, the amount, the
 * order's description, 零钱 as the way to pay), then the simulator checks the paySign and pays. Other APIs answer
 * ok once the page is verified, `permission denied` before.
 */
export function bridgeScript(origin: string): string {
  return `(function () {
  if (window.WeixinJSBridge) return;
  var SIM = ${JSON.stringify(origin)};
  var verifiedAppId = null;
  function post(path, body) {
    return fetch(SIM + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json(); });
  }
  function pageUrl() { return location.href.split('#')[0]; }
  function text(value) {
    var holder = document.createElement('div');
    holder.textContent = String(value);
    return holder.innerHTML;
  }
  function yuan(fen) { return '¥' + (fen / 100).toFixed(2); }
  function confirmPayment(sheet) {
    return new Promise(function (resolve) {
      var layer = document.createElement('div');
      layer.setAttribute('data-wechat-sim', 'pay');
      layer.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:2147483647;display:flex;align-items:flex-end';
      var order = sheet && sheet.ok
        ? '<div data-part="merchant" style="font-size:15px;color:#333">' + text(sheet.merchant) + '</div>' +
          '<div data-part="amount" style="font-size:36px;font-weight:600;margin:4px 0">' + yuan(sheet.totalFen) + '</div>' +
          '<div data-part="description" style="color:#888;font-size:13px;margin-bottom:12px">' + text(sheet.description) + '</div>' +
          '<div style="display:flex;justify-content:space-between;border-top:1px solid #eee;padding:12px 0;margin-bottom:12px;font-size:14px"><span style="color:#888">付款方式</span><span>零钱</span></div>'
        : '<div style="color:#fa5151;font-size:13px;margin-bottom:16px">' + text(sheet && sheet.errDesc ? sheet.errDesc : '订单信息读取失败') + '</div>';
      layer.innerHTML = '<div role="dialog" aria-label="微信支付" style="background:#fff;width:100%;padding:16px 16px 20px;border-radius:12px 12px 0 0;font:16px/1.5 sans-serif;text-align:center">' +
        '<div style="color:#888;font-size:12px;margin-bottom:12px">微信支付 · 模拟器代替微信客户端确认这笔支付</div>' + order +
        '<button type="button" data-action="pay" style="display:block;width:100%;padding:12px;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:16px">确认支付</button>' +
        '<button type="button" data-action="cancel" style="display:block;width:100%;padding:12px;border:0;background:none;color:#576b95;font-size:16px;margin-top:8px">取消</button></div>';
      layer.addEventListener('click', function (event) {
        var action = event.target && event.target.getAttribute && event.target.getAttribute('data-action');
        if (!action) return;
        document.body.removeChild(layer);
        resolve(action === 'pay');
      });
      document.body.appendChild(layer);
    });
  }
  function invoke(name, args, callback) {
    args = args || {};
    callback = callback || function () {};
    if (name === 'preVerifyJSAPI') {
      post('/__sim/jsapi/verify', { appId: args.verifyAppId, timestamp: args.verifyTimestamp, nonceStr: args.verifyNonceStr, signature: args.verifySignature, url: pageUrl() })
        .then(function (answer) {
          verifiedAppId = answer.ok ? args.verifyAppId : null;
          callback(answer.ok ? { err_msg: 'preVerifyJSAPI:ok' } : { errMsg: 'config:' + answer.errMsg });
        }, function () { callback({ errMsg: 'config:fail' }); });
      return;
    }
    if (!verifiedAppId) { callback({ err_msg: name + ':permission denied' }); return; }
    if (name === 'getBrandWCPayRequest') {
      post('/__sim/pay/jsapi-sheet', { package: args.package })
        .then(null, function () { return null; })
        .then(confirmPayment)
        .then(function (pay) {
          if (!pay) { callback({ err_msg: 'get_brand_wcpay_request:cancel' }); return; }
          post('/__sim/pay/jsapi-check', { appId: args.appId, timeStamp: args.timeStamp, nonceStr: args.nonceStr, package: args.package, signType: args.signType, paySign: args.paySign })
            .then(function (answer) {
              callback(answer.ok ? { err_msg: 'get_brand_wcpay_request:ok' } : { err_msg: 'get_brand_wcpay_request:fail', err_desc: answer.errMsg });
            }, function () { callback({ err_msg: 'get_brand_wcpay_request:fail' }); });
        });
      return;
    }
    callback({ err_msg: name + ':ok' });
  }
  window.WeixinJSBridge = { invoke: invoke, on: function () {}, call: function () {} };
  var ready = document.createEvent('Event');
  ready.initEvent('WeixinJSBridgeReady', false, false);
  document.dispatchEvent(ready);
})();
`;
}

/** The bridge script and its `wx.config` check, over the tickets the official-account module holds. */
export function bridgeModule(validTickets: ValidTickets): SimModule {
  return (context) => {
    context.route('GET', BRIDGE_SCRIPT_PATH, (request) => ({
      headers: {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      },
      body: bridgeScript(request.origin),
    }));
    context.route('POST', '/__sim/jsapi/verify', (request) => {
      const answer = checkJsSdkConfig(context, validTickets, (jsonBody(request) ?? {}) as ConfigCheck);
      context.record('jsapi.config', { ok: answer.ok, ...(answer.ok ? {} : { errMsg: answer.errMsg }) });
      return { body: answer };
    });
  };
}
