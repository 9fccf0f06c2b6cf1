import type { JsapiPayParameters } from '@px/api/contract';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { payOrder } from '../api/order';
import { type JsApiName, useWechatJsSdk, type WechatJsSdk, type WechatJsSdkState } from './useWechatJsSdk';

/** The JS-SDK interfaces the pay page asks `wx.config` for. */
export const PAY_JS_API_LIST: readonly JsApiName[] = ['chooseWXPay'];

/**
 * How WeChat's pay sheet closed, as the client says it: paid, cancelled or failed. Only a hint:
 * whether the order is paid is the server's word (`order/is-paid`).
 */
export type PaySheetOutcome = 'ok' | 'cancel' | 'fail';

/** What paying by JSAPI came to: the sheet was shown and closed, or the order was paid already. */
export type JsapiPayResult = { kind: 'sheet'; outcome: PaySheetOutcome } | { kind: 'paid' };

/**
 * Opens WeChat's pay sheet (`wx.chooseWXPay`) with the parameters `order/pay` answered and resolves
 * when it closes, with what it said. Never rejects.
 */
export function chooseWechatPay(sdk: WechatJsSdk, params: JsapiPayParameters): Promise<PaySheetOutcome> {
  return new Promise((resolve) => {
    sdk.chooseWXPay({
      // The SDK sends `timestamp` on as the string `timeStamp` the signature covers.
      timestamp: Number(params.timeStamp),
      nonceStr: params.nonceStr,
      package: params.package,
      signType: params.signType,
      paySign: params.paySign,
      success: () => resolve('ok'),
      cancel: () => resolve('cancel'),
      fail: () => resolve('fail'),
      // Called after each of the above; settles the promise should a client call none of them.
      complete: () => resolve('fail'),
    });
  });
}

export interface WechatPay {
  /** The JS-SDK of the page, configured for `chooseWXPay` inside WeChat (`off` elsewhere). */
  sdk: WechatJsSdkState;
  /**
   * Pays an unpaid order inside WeChat: `order/pay` with method JSAPI, then the pay sheet. Resolves
   * when the sheet closed (or at once when the order turned out paid). Rejects with an ApiError when
   * `order/pay` refuses (shown by the request client), or with an Error when the JS-SDK is not ready
   * (pages offer the button only once `sdk` is `ready`).
   */
  payByJsapi: (orderId: number) => Promise<JsapiPayResult>;
}

/**
 * WeChat Pay by JSAPI for the current page: configures the JS-SDK for `chooseWXPay` when the page
 * runs in the WeChat browser (`enabled` overrides that check) and offers `payByJsapi`.
 */
export function usePay(options: { enabled?: boolean } = {}): WechatPay {
  const { pathname, search } = useLocation();
  const sdk = useWechatJsSdk(PAY_JS_API_LIST, { enabled: options.enabled, path: `${pathname}${search}` });

  const payByJsapi = useCallback(
    async (orderId: number): Promise<JsapiPayResult> => {
      if (sdk.status === 'loading') throw new Error('微信支付正在准备，请稍候再试');
      if (sdk.status !== 'ready')
        throw new Error(
          sdk.status === 'error'
            ? `微信支付暂不可用（${sdk.message}），请使用扫码支付`
            : '请在微信中打开本页面支付',
        );
      const answer = await payOrder(orderId, 'JSAPI');
      if (answer.kind === 'PAID') return { kind: 'paid' };
      if (answer.kind !== 'JSAPI') throw new Error('支付方式不正确，请重试');
      return { kind: 'sheet', outcome: await chooseWechatPay(sdk.wx, answer.params) };
    },
    [sdk],
  );

  return { sdk, payByJsapi };
}
