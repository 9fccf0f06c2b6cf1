import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type wx from 'weixin-js-sdk';
import { getJsSdkConfig } from '../api/wechat';
import { unitIdAtom } from '../store/project';
import { isWechatBrowser } from './is-wechat-browser';
import { loadScript } from './load-script';

/** The JS-SDK object (`weixin-js-sdk`'s default export) once `wx.config` succeeded. */
export type WechatJsSdk = typeof wx;
/**
 * Names of the JS-SDK interfaces a page asks `wx.config` for: the typings' list, and interfaces of
 * JS-SDK 1.6 the typings lack (`getLocalImgData`, reading a chosen photo's data).
 */
export type JsApiName = wx.ApiMethod | 'getLocalImgData';

export type WechatJsSdkState =
  /** Not in the WeChat browser (or switched off): nothing is loaded. */
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'ready'; wx: WechatJsSdk }
  | { status: 'error'; message: string };

/** The page URL the JS-SDK signature covers: `location.href` without the `#...` part. */
export function signedPageUrl(href: string = window.location.href): string {
  const hash = href.indexOf('#');
  return hash < 0 ? href : href.slice(0, hash);
}

const pending = new Map<string, Promise<WechatJsSdk>>();

async function configure(
  url: string,
  jsApiList: readonly JsApiName[],
  unitId?: number,
): Promise<WechatJsSdk> {
  const config = await getJsSdkConfig({ url, ...(unitId ? { unitId } : {}) });
  // Simulator mode: the script that plays the WeChat client must exist before the SDK looks for it.
  if (config.bridgeScript) await loadScript(config.bridgeScript);
  const { default: sdk } = await import('weixin-js-sdk');
  return new Promise<WechatJsSdk>((resolve, reject) => {
    sdk.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      // The typings' ApiMethod lacks some interfaces of the SDK (JsApiName adds them).
      jsApiList: [...jsApiList] as wx.ApiMethod[],
    });
    sdk.ready(() => resolve(sdk));
    sdk.error((error) => reject(new Error(error?.errMsg || 'config:fail')));
  });
}

/**
 * Configures the WeChat JS-SDK for the current page: `wechat/js-sdk-config` for the URL without `#`,
 * the simulator's bridge script first when the answer names one, then `weixin-js-sdk` (loaded on
 * demand, never in the first route's bundle) and `wx.config`. Resolves with the SDK on `wx.ready`;
 * rejects on `wx.error` or when the config cannot be had. Calls for the same URL while one is under
 * way share it.
 */
export function configureWechatJsSdk(
  jsApiList: readonly JsApiName[],
  options: { url?: string; unitId?: number } = {},
): Promise<WechatJsSdk> {
  const url = signedPageUrl(options.url);
  const key = `${url}\n${jsApiList.join(',')}`;
  const known = pending.get(key);
  if (known) return known;
  const started = configure(url, jsApiList, options.unitId).finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
}

/**
 * The JS-SDK for the current page, configured for `jsApiList` when the page runs in the WeChat
 * browser (`enabled` overrides that check): its state goes `loading` -> `ready` (with `wx`) or
 * `error`. Silent: failures are only kept in the state. Configures again when the path changes.
 */
export function useWechatJsSdk(
  jsApiList: readonly JsApiName[],
  options: { enabled?: boolean; path?: string } = {},
): WechatJsSdkState {
  const enabled = options.enabled ?? isWechatBrowser();
  const unitId = useAtomValue(unitIdAtom);
  const [state, setState] = useState<WechatJsSdkState>(enabled ? { status: 'loading' } : { status: 'off' });
  const apiKey = jsApiList.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is compared by its names (apiKey)
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'off' });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    configureWechatJsSdk(jsApiList, { unitId }).then(
      (sdk) => current && setState({ status: 'ready', wx: sdk }),
      (error: unknown) =>
        current &&
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [enabled, apiKey, unitId, options.path]);

  return state;
}
