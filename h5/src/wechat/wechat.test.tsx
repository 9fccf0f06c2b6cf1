import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import wx from 'weixin-js-sdk';
import { getJsSdkConfig, getOauthUrl } from '../api/wechat';
import { unitIdAtom } from '../store/project';
import { fakeUserAgent, WECHAT_UA } from '../testing/fixtures';
import { isWechatBrowser } from './is-wechat-browser';
import { loadScript } from './load-script';
import { browserLocation, startWechatOauth } from './oauth';
import { configureWechatJsSdk, signedPageUrl, useWechatJsSdk, type WechatJsSdkState } from './useWechatJsSdk';

jest.mock('../api/wechat', () => ({ getJsSdkConfig: jest.fn(), getOauthUrl: jest.fn() }));
jest.mock('./load-script', () => ({ loadScript: jest.fn(() => Promise.resolve()) }));

type ReadyCallback = () => void;
type ErrorCallback = (error: { errMsg: string }) => void;
const sdk = { ready: [] as ReadyCallback[], error: [] as ErrorCallback[] };
jest.mock('weixin-js-sdk', () => ({
  __esModule: true,
  default: {
    config: jest.fn(),
    ready: jest.fn((callback: ReadyCallback) => sdk.ready.push(callback)),
    error: jest.fn((callback: ErrorCallback) => sdk.error.push(callback)),
  },
}));

const configMock = jest.mocked(getJsSdkConfig);
const oauthUrlMock = jest.mocked(getOauthUrl);
const loadScriptMock = jest.mocked(loadScript);
const wxConfig = jest.mocked(wx.config);

const CONFIG = {
  appId: 'wx5f2d1c0a9b8e7d6c',
  timestamp: 1700000000,
  nonceStr: 'Wm3WZYTPz0wzccnW',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
  bridgeScript: null,
};

beforeEach(() => {
  sdk.ready = [];
  sdk.error = [];
  configMock.mockReset().mockResolvedValue(CONFIG);
  oauthUrlMock.mockReset();
  loadScriptMock.mockClear();
  wxConfig.mockClear();
});

/** Lets pending promise callbacks (config call, dynamic import) run. */
const settle = () => act(async () => new Promise((done) => setTimeout(done, 0)));

describe('isWechatBrowser', () => {
  it('recognises the WeChat browser by MicroMessenger in the user agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) micromessenger/7.0')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36')).toBe(false);
    expect(isWechatBrowser('')).toBe(false);
  });

  it('reads navigator.userAgent by default', () => {
    const restore = fakeUserAgent(WECHAT_UA);
    try {
      expect(isWechatBrowser()).toBe(true);
    } finally {
      restore();
    }
    expect(isWechatBrowser()).toBe(false);
  });
});

describe('startWechatOauth', () => {
  it('asks for the authorize URL returning to the page and replaces the location with it', async () => {
    const url =
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx5f2d1c0a9b8e7d6c&redirect_uri=x&response_type=code&scope=snsapi_base&state=abc#wechat_redirect';
    oauthUrlMock.mockResolvedValue({ url });
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    await startWechatOauth('/my?tab=1', 5);
    expect(oauthUrlMock).toHaveBeenCalledWith({ redirect: '/my?tab=1', unitId: 5 });
    expect(replace).toHaveBeenCalledWith(url);
    await startWechatOauth('/my');
    expect(oauthUrlMock).toHaveBeenLastCalledWith({ redirect: '/my' });
    replace.mockRestore();
  });

  it('stays on the page when the URL cannot be had', async () => {
    oauthUrlMock.mockRejectedValue(new Error('当前项目未配置公众号'));
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    await expect(startWechatOauth('/my')).rejects.toThrow('当前项目未配置公众号');
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });
});

describe('signedPageUrl', () => {
  it('drops the # part and keeps the query', () => {
    expect(signedPageUrl('https://px.example.com/my?a=1&b=2#top')).toBe('https://px.example.com/my?a=1&b=2');
    expect(signedPageUrl('https://px.example.com/my')).toBe('https://px.example.com/my');
  });
});

describe('configureWechatJsSdk', () => {
  it('configures wx with the signature of the page URL and resolves on wx.ready', async () => {
    const ready = configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/my?x=1#frag', unitId: 3 });
    await waitFor(() => expect(wxConfig).toHaveBeenCalledTimes(1));
    expect(configMock).toHaveBeenCalledWith({ url: 'http://localhost/my?x=1', unitId: 3 });
    expect(wxConfig).toHaveBeenCalledWith({
      debug: false,
      appId: CONFIG.appId,
      timestamp: CONFIG.timestamp,
      nonceStr: CONFIG.nonceStr,
      signature: CONFIG.signature,
      jsApiList: ['chooseWXPay'],
    });
    expect(loadScriptMock).not.toHaveBeenCalled();
    for (const callback of sdk.ready) callback();
    await expect(ready).resolves.toBe(wx);
  });

  it('loads the simulator bridge before the SDK when the answer names one', async () => {
    configMock.mockResolvedValue({ ...CONFIG, bridgeScript: 'http://127.0.0.1:9100/__sim/bridge.js' });
    const ready = configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/my' });
    await waitFor(() => expect(wxConfig).toHaveBeenCalledTimes(1));
    expect(loadScriptMock).toHaveBeenCalledWith('http://127.0.0.1:9100/__sim/bridge.js');
    expect(loadScriptMock.mock.invocationCallOrder[0]).toBeLessThan(
      wxConfig.mock.invocationCallOrder[0] as number,
    );
    for (const callback of sdk.ready) callback();
    await ready;
  });

  it('rejects with the errMsg of wx.error', async () => {
    const ready = configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/my' });
    await waitFor(() => expect(sdk.error).toHaveLength(1));
    sdk.error[0]?.({ errMsg: 'config:invalid signature' });
    await expect(ready).rejects.toThrow('config:invalid signature');
  });

  it('shares one configuration among calls for the same page while it is under way', async () => {
    const first = configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/my' });
    const second = configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/my' });
    expect(second).toBe(first);
    await waitFor(() => expect(sdk.ready).toHaveLength(1));
    sdk.ready[0]?.();
    await first;
    expect(configMock).toHaveBeenCalledTimes(1);
  });

  it('does not configure when the config call fails', async () => {
    configMock.mockRejectedValue(new Error('当前项目未配置公众号'));
    await expect(configureWechatJsSdk(['chooseWXPay'], { url: 'http://localhost/a' })).rejects.toThrow(
      '当前项目未配置公众号',
    );
    expect(wxConfig).not.toHaveBeenCalled();
  });
});

function Probe({ enabled }: { enabled?: boolean }) {
  const state: WechatJsSdkState = useWechatJsSdk(['updateAppMessageShareData', 'chooseWXPay'], { enabled });
  return (
    <output data-testid="sdk">{state.status === 'error' ? `error:${state.message}` : state.status}</output>
  );
}

function renderProbe(enabled?: boolean, unitId?: number) {
  const store = createStore();
  store.set(unitIdAtom, unitId);
  return render(
    <Provider store={store}>
      <Probe enabled={enabled} />
    </Provider>,
  );
}

describe('useWechatJsSdk', () => {
  it('stays off outside the WeChat browser and loads nothing', async () => {
    renderProbe();
    await settle();
    expect(screen.getByTestId('sdk').textContent).toBe('off');
    expect(configMock).not.toHaveBeenCalled();
  });

  it('configures in the WeChat browser and reports ready', async () => {
    const restore = fakeUserAgent(WECHAT_UA);
    try {
      renderProbe(undefined, 9);
      expect(screen.getByTestId('sdk').textContent).toBe('loading');
      await waitFor(() => expect(sdk.ready.length).toBeGreaterThan(0));
      expect(configMock).toHaveBeenCalledWith({ url: 'http://localhost/', unitId: 9 });
      await act(async () => {
        for (const callback of sdk.ready) callback();
      });
      await waitFor(() => expect(screen.getByTestId('sdk').textContent).toBe('ready'));
      expect(wxConfig).toHaveBeenCalledWith(
        expect.objectContaining({ jsApiList: ['updateAppMessageShareData', 'chooseWXPay'] }),
      );
    } finally {
      restore();
    }
  });

  it('keeps a failure in its state', async () => {
    renderProbe(true);
    await waitFor(() => expect(sdk.error.length).toBeGreaterThan(0));
    await act(async () => {
      for (const callback of sdk.error) callback({ errMsg: 'config:fail' });
    });
    await waitFor(() => expect(screen.getByTestId('sdk').textContent).toBe('error:config:fail'));
  });
});
