import { DEMO } from '@px/api';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 18, case 4: the H5's slider is drawn as pixels (a JPEG background, a PNG piece), the gap's
// position in no markup, and a person still solves it: the public certificate query by ID number
// and name, behind the slider, moved with the keyboard to where the server keeps the answer.

const STEP_TIMEOUT = 180_000;
/** The handle's keyboard step (SliderCaptcha's KEY_STEP). */
const KEY_STEP = 2;

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('slider-captcha', name) });

test(
  'the query page shows the slider as raster images and passes when the piece is moved into the gap',
  async () => {
    const context = await browser.newContext(VIEWPORTS.phone);
    try {
      const page = await context.newPage();
      await page.goto(`${product.url}/query-certificate`);
      await page.getByText('身份证查询', { exact: true }).click();
      await page.getByPlaceholder('请输入身份证号').fill(DEMO.accounts.student.idCardNo);
      await page.getByPlaceholder('请输入姓名').fill(DEMO.accounts.student.name);
      await page.getByRole('button', { name: '查询' }).click();

      const background = page.getByAltText('拼图背景');
      const piece = page.getByAltText('拼图块');
      await expectVisible(background);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.slider-captcha img')).every(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      );
      expect(await background.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      expect(await piece.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await background.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(310);
      expect(await page.content()).not.toContain('svg+xml');
      await shot(page, '01-slider');

      const [stored] = await queryProduct<{ answer: string }>(
        product,
        "SELECT answer FROM captcha WHERE kind = 'slider' ORDER BY created_at DESC LIMIT 1",
        [],
      );
      const x = Number(stored?.answer);
      const handle = page.getByRole('slider', { name: '拖动滑块完成拼图' });
      await handle.focus();
      for (let moved = 0; moved + KEY_STEP <= x; moved += KEY_STEP) await handle.press('ArrowRight');
      await shot(page, '02-piece-in-gap');
      await handle.press('Enter');

      const found = page.getByRole('region').filter({ hasText: DEMO.passedClass });
      await expectVisible(found.getByRole('status').getByText('有效', { exact: true }));
      await shot(page, '03-found');
    } finally {
      await context.close();
    }
  },
  STEP_TIMEOUT,
);
