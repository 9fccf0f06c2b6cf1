import type { JsapiPayParameters } from '@px/api/contract';
import { chooseWechatPay } from './usePay';
import type { WechatJsSdk } from './useWechatJsSdk';

const PARAMS: JsapiPayParameters = {
  appId: 'wx1',
  timeStamp: '1700000000',
  nonceStr: 'nonce-1',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA',
  paySign: 'c2lnbg==',
};

type PayOptions = Parameters<WechatJsSdk['chooseWXPay']>[0];

/** A JS-SDK whose pay sheet closes the way `close` says (calling the callbacks as weixin-js-sdk does). */
function sdkClosing(close: (options: PayOptions) => void): { sdk: WechatJsSdk; calls: PayOptions[] } {
  const calls: PayOptions[] = [];
  const sdk = {
    chooseWXPay: (options: PayOptions) => {
      calls.push(options);
      close(options);
    },
  } as unknown as WechatJsSdk;
  return { sdk, calls };
}

describe('chooseWechatPay', () => {
  it('passes the parameters of order/pay to wx.chooseWXPay, the time stamp as the number it signs', async () => {
    const { sdk, calls } = sdkClosing((options) => {
      options.success({ errMsg: 'chooseWXPay:ok' });
      options.complete?.({ errMsg: 'chooseWXPay:ok' });
    });
    await expect(chooseWechatPay(sdk, PARAMS)).resolves.toBe('ok');
    expect(calls[0]).toMatchObject({
      timestamp: 1700000000,
      nonceStr: 'nonce-1',
      package: PARAMS.package,
      signType: 'RSA',
      paySign: 'c2lnbg==',
    });
  });

  it.each<[string, (options: PayOptions) => void, string]>([
    ['cancel', (options) => options.cancel?.({ errMsg: 'chooseWXPay:cancel' }), 'cancel'],
    ['fail', (options) => options.fail?.({ errMsg: 'chooseWXPay:fail' }), 'fail'],
    ['only complete', (options) => options.complete?.({ errMsg: 'chooseWXPay:x' }), 'fail'],
  ])('says how the sheet closed: %s', async (_name, close, outcome) => {
    await expect(chooseWechatPay(sdkClosing(close).sdk, PARAMS)).resolves.toBe(outcome);
  });
});
