import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 25, partner platforms: the demo partner site started beside the product (合作平台 (demo))
// lists our classes through the partner API, signs its user up, and embeds our study page in a
// frame with the single-sign-on URL; the student studies a lesson there and the partner sees the
// frame's `progress` messages and our signed callback. Another origin may not frame the page.

const STEP_TIMEOUT = 240_000;
const CLASS = '公需科目综合学习班';
const LESSON = '安全生产概述';
const QUESTION = '发现火情后，第一步应当做什么？';
const DEMO_APP_KEY = 'pk_demopartner2026';

let product: ProductServer;
let browser: Browser;
let h5: string;
let partner: string;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  h5 = product.url.replace('127.0.0.1', 'localhost');
  if (!product.partnerUrl) throw new Error('npm start printed no 合作平台 (demo)');
  partner = product.partnerUrl;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('partner-embed', name) });

/** A page of another site (not among the demo app's allowed origins) framing our study page. */
async function foreignSite(frameSrc: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>别的网站</title><iframe title="嵌入" src="${frameSrc}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The frame showing our study page, once it shows it. */
async function studyFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe[title="培训平台学习页"]');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the study page frame has no document');
  return frame;
}

test(
  'the study page may not be framed by an origin the app does not allow',
  async () => {
    const foreign = await foreignSite(`${h5}/hxtx/detail-study?app=${DEMO_APP_KEY}`);
    const page = await browser.newPage();
    try {
      await page.goto(foreign.url);
      // The frame's navigation ends on Chromium's own error page instead of ours.
      const child = () => page.frames().find((candidate) => candidate !== page.mainFrame());
      const deadline = Date.now() + 30_000;
      while (!/^(chrome-error|https?):/.test(child()?.url() ?? '') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(child()?.url()).toMatch(/^chrome-error:/);
      await shot(page, '01-refused-frame');
    } finally {
      await page.close();
      await new Promise((resolve) => foreign.server.close(resolve));
    }
  },
  STEP_TIMEOUT,
);

test(
  'the demo partner embeds the study page; the student studies a lesson; the partner sees progress and the callback',
  async () => {
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${partner}/`);
      await expectVisible(page.getByRole('heading', { name: '培训平台的班级（query-class）' }));
      await page.getByRole('button', { name: `报名并学习：${CLASS}` }).click();
      await page.waitForURL(/\/study\?classId=\d+$/);
      const frame = await studyFrame(page);
      const messages = page.getByRole('list', { name: '学习页消息' });
      await expectVisible(messages.getByText(`就绪：${CLASS}`), 30_000);
      await expectVisible(frame.getByRole('heading', { name: CLASS }));
      // The ticket was used and left the address; no tab bar, no way out of the frame.
      expect(frame.url()).toMatch(/\/hxtx\/detail-study\?app=pk_demopartner2026&myClassId=\d+$/);
      expect(await frame.locator('.rv-tabbar').count()).toBe(0);
      await shot(page, '02-embedded');

      await frame.getByRole('button', { name: `${LESSON}（未学完）` }).click();
      await frame.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="study-video"]');
          return Boolean(video && (video.currentTime > 0 || video.readyState >= 2));
        },
        undefined,
        { timeout: 20_000 },
      );
      const paused = await frame
        .getByTestId('study-video')
        .evaluate((video: HTMLVideoElement) => video.paused && video.currentTime === 0);
      if (paused) await frame.locator('.study-player__big-play').click();
      // The pop-up question at 6 s, then to the end.
      await expectVisible(frame.getByText(QUESTION), 30_000);
      await frame.getByText('B. 立即报警并疏散').click();
      await frame.getByRole('button', { name: '提交答案' }).click();
      await frame.getByRole('button', { name: '继续学习' }).click();
      await expectVisible(frame.locator('.study-player__stats').getByText('已学完'), 40_000);

      // The partner page heard the frame (from our origin only) and got our signed notice.
      await expectVisible(messages.locator('li[data-type="progress"]').first(), 30_000);
      await expectVisible(messages.getByText(`完成课时：${LESSON}`), 30_000);
      const notices = page.getByRole('list', { name: '进度通知' });
      await expectVisible(notices.getByText(new RegExp(`^课时完成：${CLASS} / ${LESSON}`)), 60_000);
      await shot(page, '03-progress-and-callback');

      const [sent] = await queryProduct<{ status: string; attempts: number }>(
        product,
        `SELECT n.status, n.attempts FROM partner_notice n JOIN partner_app a ON a.id = n.app_id
          WHERE a.app_key = $1 AND n.event = 'LESSON_FINISHED'`,
        [DEMO_APP_KEY],
      );
      expect(sent).toMatchObject({ status: 'DELIVERED' });
    } finally {
      await context.close();
    }
  },
  STEP_TIMEOUT,
);
