/**
 * Whether the page runs in the WeChat browser: its user agent contains `MicroMessenger` (the
 * JS-SDK only talks to the WeChat client there). Never throws.
 */
export function isWechatBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /MicroMessenger/i.test(userAgent);
}
