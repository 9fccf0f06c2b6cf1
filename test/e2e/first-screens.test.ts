import { DEMO } from '@px/api';
import { FIRST_DATA_ELEMENT_ID, type FirstData, firstDataKey } from '@px/config';
import type { Browser } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

let product: ProductServer;
let browser: Browser;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each(['phone', 'desktop'] as const)('first screens at %s size', (size) => {
  test('the student H5 asks an anonymous visitor to sign in, titled from system-info', async () => {
    const context = await browser.newContext(VIEWPORTS[size]);
    const page = await context.newPage();
    // The page comes with the project's settings (issue 29): the H5 takes them instead of calling.
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/login\?redirect=/);
    await expectVisible(page.getByRole('heading', { name: DEMO.title }));
    expect(await page.title()).toBe(`登录 - ${DEMO.title}`);
    expect(calls).not.toContain('/api/project/system-info.action');
    await page.screenshot({ path: artifactPath('first-screens', `h5-${size}`), fullPage: true });
    await context.close();
  });

  test('the back office shows its sign-in page with the project title from system-info', async () => {
    const context = await browser.newContext(VIEWPORTS[size]);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.waitForURL(/\/admin\/admin-login/);
    await expectVisible(page.getByText(DEMO.projectTitle).first());
    expect(await page.title()).toBe(`登录 - ${DEMO.projectTitle}`);
    await page.screenshot({ path: artifactPath('first-screens', `admin-${size}`), fullPage: true });
    await context.close();
  });
});

test('unknown client paths get each app: the H5 shows its 404 page, the back office asks to sign in', async () => {
  const context = await browser.newContext(VIEWPORTS.phone);
  const page = await context.newPage();
  await page.goto(`${product.url}/no-such-page`);
  await expectVisible(page.getByText('页面不存在').first());
  await page.goto(`${product.url}/admin/no-such-page`);
  await page.waitForURL(/\/admin\/admin-login\?redirect=/);
  await context.close();
});

describe('first paint (issue 16)', () => {
  test('each first screen’s HTML paints the loading state and preloads its screen; scripts go out compressed', async () => {
    for (const [path, screen] of [
      ['/login', 'LoginPage'],
      ['/classSelectCenter', 'ClassCenterPage'],
      ['/', 'TrainIndexPage'],
    ] as const) {
      const res = await fetch(`${product.url}${path}`, { headers: { 'Accept-Encoding': 'br' } });
      const html = await res.text();
      expect(html).toContain('<div id="root"><div class="page page--centered">');
      expect(html).toContain('加载中…');
      expect(html).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${screen}-[\\w-]+\\.js">`),
      );
      const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      expect(script).toBeTruthy();
      const asset = await fetch(`${product.url}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(asset.headers.get('content-encoding')).toBe('br');
    }
  });

  test('the loading state of the HTML gives way to the sign-in page with no other page between', async () => {
    const context = await browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    // What the phone shows before any script runs: the loading state, titled 登录.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${product.url}/login`);
    await expectVisible(page.getByText('加载中…'));
    expect(await page.title()).toBe('登录');
    await page.screenshot({ path: artifactPath('first-screens', 'h5-login-shell') });
    await page.unroute('**/*.js');
    const headings: string[] = [];
    await page.exposeFunction('pxHeading', (text: string) => headings.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent;
        if (heading) (window as unknown as { pxHeading: (text: string) => void }).pxHeading(heading);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${product.url}/login`);
    await expectVisible(page.getByRole('heading', { name: DEMO.title }));
    expect(new Set(headings)).toEqual(new Set([DEMO.title]));
    await page.screenshot({ path: artifactPath('first-screens', 'h5-login-after-shell') });
    await context.close();
  });
});

/** The first data a page's HTML carries (issue 29), or null. */
function firstDataOf(html: string): FirstData | null {
  const found = new RegExp(
    `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as FirstData) : null;
}

describe('first data in the page (issue 29)', () => {
  test('the class centre comes with the demo project’s settings, years and first page, and shows them without calling', async () => {
    const html = await (await fetch(`${product.url}/classSelectCenter`)).text();
    const data = firstDataOf(html);
    expect(data?.public[firstDataKey('project/system-info', {})]).toMatchObject({
      projectName: DEMO.projectName,
      title: DEMO.title,
    });
    const years = data?.anonymous[firstDataKey('class/center-years', {})] as number[];
    expect(years.length).toBeGreaterThan(0);
    const pageKey = Object.keys(data?.anonymous ?? {}).find((key) => key.startsWith('class/center-page '));
    const first = (data?.anonymous[pageKey ?? ''] as { list: { name: string }[] } | undefined)?.list[0];
    expect(first?.name).toBeTruthy();

    const context = await browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(`${product.url}/classSelectCenter`);
    await expectVisible(page.getByText(first?.name ?? '').first());
    expect(calls.filter((call) => /system-info|center-years|center-page/.test(call))).toEqual([]);
    await context.close();
  });
});
