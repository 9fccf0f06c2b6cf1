import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium; override with CHROMIUM_PATH. Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots and other artifacts of browser tests (kept by CI, ignored by git). */
export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');

/**
 * Starts headless Chromium with a fresh profile and every background service off, so the closed
 * network sees no traffic from it; `extraArgs` add switches (e.g. a fake camera). Throws with a
 * hint when the browser is not installed.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      ...extraArgs,
    ],
  });
}

/** The WeChat in-app browser on Android, as WeChat's JS-SDK checks for it. */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/126.0.6478.188 Mobile Safari/537.36 XWEB/1260059 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003137) ' +
  'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** A phone's own browser (not WeChat): the H5 offers password and SMS sign-in there. */
export const PHONE_BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.188 Mobile Safari/537.36';

export const VIEWPORTS: Record<'phone' | 'wechat' | 'desktop', BrowserContextOptions> = {
  phone: {
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_BROWSER_USER_AGENT,
    locale: 'zh-CN',
  },
  /** The H5 inside WeChat: the guard signs visitors in through WeChat OAuth, the JS-SDK talks to the bridge. */
  wechat: {
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_USER_AGENT,
    locale: 'zh-CN',
  },
  desktop: { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' },
};

/** Where a screenshot of a test goes: test/artifacts/<suite>/<name>.png */
export function artifactPath(suite: string, name: string): string {
  const dir = path.join(ARTIFACTS_DIR, suite);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
