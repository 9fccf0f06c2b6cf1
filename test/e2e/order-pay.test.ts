import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 11, the student side of orders and WeChat Pay: the demo student checks out demo classes and
// pays inside WeChat (JSAPI, the simulator's pay sheet), outside WeChat (Native, a QR code paid from
// the simulator's scan page), and enrols in a free class at once.

/** The steps share one product and one student; each may wait on a slow machine. */
const STEP_TIMEOUT = 180_000;
/** Demo classes (train-class.demo.ts), offered this year: one per way of enrolling. */
const JSAPI_CLASS = '安全生产法专题班';
const NATIVE_CLASS = '护理人员现场急救技能班';
const FREE_CLASS = '公需科目综合学习班';

let product: ProductServer;
let browser: Browser;
/** The H5 at the product's public address (localhost), where WeChat OAuth returns and the cookies live. */
let h5: string;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  h5 = product.url.replace('127.0.0.1', 'localhost');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: artifactPath('order-pay', name), fullPage });

/** The id of a demo class by its name, read from the product's database. */
async function classIdOf(name: string): Promise<number> {
  const [row] = await queryProduct<{ id: number }>(product, 'SELECT id FROM train_class WHERE name = $1', [
    name,
  ]);
  if (row === undefined) throw new Error(`the demo class ${name} is missing`);
  return Number(row.id);
}

/**
 * From the class detail: 立即报名 puts the class in the cart and opens it with the class checked;
 * 去结算 shows 确认订单, 提交订单 creates the order and opens its pay page. Answers the order id.
 */
async function checkOut(page: Page, className: string, shotName?: string): Promise<number> {
  await page.goto(`${h5}/detail-public?id=${await classIdOf(className)}`);
  await expectVisible(page.getByRole('heading', { name: className }));
  await page.getByRole('button', { name: '立即报名' }).click();
  await page.waitForURL(/\/go-pay\?ids=\d+$/);
  await page.getByRole('button', { name: '去结算(1)' }).click();
  await expectVisible(page.getByRole('heading', { name: '确认订单' }));
  await expectVisible(page.getByText(className));
  if (shotName) await shot(page, shotName);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/student\/order-pay\?id=\d+$/);
  return Number(new URL(page.url()).searchParams.get('id'));
}

/** The hub's card of a class or an order holding `text`. */
const card = (page: Page, text: string) => page.locator('.my-card').filter({ hasText: text });

describe('orders and WeChat Pay for the demo student', () => {
  let wechat: BrowserContext;
  let phone: BrowserContext;

  beforeAll(async () => {
    wechat = await browser.newContext(VIEWPORTS.wechat);
    phone = await browser.newContext(VIEWPORTS.phone);
  });
  afterAll(async () => {
    await wechat?.close();
    await phone?.close();
  });

  test(
    'inside WeChat: checks out a paid class, pays in the simulator pay sheet and studies it',
    async () => {
      const page = await wechat.newPage();
      // Signed in through the simulator's OAuth, the WeChat user bound to the demo student.
      await page.goto(`${h5}/my`);
      await page.waitForURL((url) => url.href.startsWith(`${product.wechatUrl}/connect/oauth2/authorize`));
      await page.getByRole('button', { name: '以 张三 身份授权' }).click();
      await page.waitForURL(/\/login-wx-binding\?scene=/);
      await page.getByPlaceholder('请输入身份证号或手机号').fill(DEMO.accounts.student.idCardNo);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.student.password);
      await page.getByRole('button', { name: '绑定并登录' }).click();
      await page.waitForURL(/\/my$/);
      await expectVisible(page.getByRole('heading', { name: DEMO.accounts.student.name }));
      // The demo student starts with one paid class (seeded), not the one about to be bought.
      await expectVisible(page.locator('.my-card').filter({ hasText: DEMO.studentClass }));
      expect(await page.locator('.my-card').filter({ hasText: JSAPI_CLASS }).count()).toBe(0);
      await shot(page, '01-hub');

      const orderId = await checkOut(page, JSAPI_CLASS, '02-checkout');
      await expectVisible(page.getByText('待支付'));
      await expectVisible(page.getByRole('timer'));
      const payButton = page.getByRole('button', { name: '微信支付' });
      await expectVisible(payButton);
      // Enabled once wx.config went through the simulator's bridge.
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('button')).some(
            (button) => button.textContent === '微信支付' && !button.disabled,
          ),
        undefined,
        { timeout: 20_000 },
      );
      await shot(page, '03-pay-wechat');

      await payButton.click();
      const sheet = page.locator('[data-wechat-sim="pay"]');
      await expectVisible(sheet);
      // As WeChat's own sheet: the merchant and the amount (issue 30).
      await expectVisible(sheet.getByText('演示职业培训学校'));
      const [price] = await queryProduct<{ total_fen: number }>(
        product,
        'SELECT total_fen FROM pay_order WHERE id = $1',
        [orderId],
      );
      await expectVisible(
        sheet.getByText(`¥${(Number(price?.total_fen) / 100).toFixed(2)}`, { exact: true }),
      );
      await expectVisible(sheet.getByText(JSAPI_CLASS, { exact: false }));
      await shot(page, '04-pay-sheet');
      await sheet.getByRole('button', { name: '确认支付' }).click();

      await expectVisible(page.getByRole('heading', { name: '支付成功' }), 30_000);
      expect(page.url()).toBe(`${h5}/student/order-pay?id=${orderId}`);
      await shot(page, '05-paid');

      // A reload reads everything from the order id.
      await page.reload();
      await expectVisible(page.getByRole('heading', { name: '支付成功' }));

      // 去学习 opens the class just bought (issue 30); 我的班级 lists it.
      await page.getByRole('button', { name: '去学习' }).click();
      await page.waitForURL(/\/student\/study-page\?myClassId=\d+$/);
      await expectVisible(page.getByRole('heading', { name: JSAPI_CLASS }));
      await page.goto(`${h5}/my?tab=classes`);
      const enrolled = card(page, JSAPI_CLASS);
      await expectVisible(enrolled);
      await expectVisible(enrolled.getByText('学习中'));
      await shot(page, '06-hub-classes');
    },
    STEP_TIMEOUT,
  );

  test(
    'outside WeChat: the QR code is paid from the simulator scan page and the pay page sees it',
    async () => {
      const page = await phone.newPage();
      await signInDemoStudent(page, h5);
      await expectVisible(card(page, JSAPI_CLASS));

      await checkOut(page, NATIVE_CLASS);
      await expectVisible(page.getByText('¥98.00').first());
      await expect(page.getByRole('button', { name: '微信支付' }).count()).resolves.toBe(0);
      const qr = page.getByRole('img', { name: '微信支付二维码' });
      await expectVisible(qr);
      await page.waitForFunction(
        () => (document.querySelector('img[alt="微信支付二维码"]') as HTMLImageElement | null)?.naturalWidth,
      );
      expect(await qr.getAttribute('src')).toMatch(/^blob:/);
      await expectVisible(page.getByText('请使用微信扫一扫支付'));
      await shot(page, '07-pay-qr');

      // Scanning with WeChat, played by the simulator in another tab.
      const [scanPage] = await Promise.all([
        phone.waitForEvent('page'),
        page.getByRole('link', { name: '在微信模拟器中扫码' }).click(),
      ]);
      await scanPage.waitForLoadState();
      expect(scanPage.url()).toContain(`${product.wechatUrl}/__sim/pay/native?code_url=`);
      await expectVisible(scanPage.getByText('¥98.00'));
      await scanPage.screenshot({ path: artifactPath('order-pay', '08-simulator-scan') });
      await scanPage.getByRole('button', { name: '用 李四 支付' }).click();
      await expectVisible(scanPage.getByRole('heading', { name: '支付成功' }));
      await scanPage.close();

      // The first page turns to 支付成功 by itself (polling order/is-paid).
      await expectVisible(page.getByRole('heading', { name: '支付成功' }), 30_000);
      await shot(page, '09-paid-native');

      await page.getByRole('button', { name: '查看订单' }).click();
      await page.waitForURL(/\/my\?tab=orders$/);
      const order = card(page, NATIVE_CLASS);
      await expectVisible(order);
      await expectVisible(order.getByText('已支付'));
      await shot(page, '10-hub-orders', true);

      await page.getByText('账号设置', { exact: true }).click();
      await page.waitForURL(/\/my\?tab=account$/);
      await expectVisible(page.getByText('修改密码'));
      await shot(page, '11-hub-account', true);
    },
    STEP_TIMEOUT,
  );

  test(
    'a free class enrols at once',
    async () => {
      const page = phone.pages()[0] ?? (await phone.newPage());
      // In the cart first: the hub shows the count on its cart entry.
      await page.goto(`${h5}/detail-public?id=${await classIdOf(FREE_CLASS)}`);
      await page.getByRole('button', { name: '加入购物车' }).click();
      await expectVisible(page.getByRole('button', { name: '已在购物车' }));
      await page.goto(`${h5}/my`);
      const cart = page.locator('.rv-cell').filter({ hasText: '购物车' });
      await expectVisible(cart.locator('.rv-badge').getByText('1'));
      await shot(page, '12-hub-cart-badge');

      await checkOut(page, FREE_CLASS);
      await expectVisible(page.getByRole('heading', { name: '报名成功' }));
      await expectVisible(page.getByText('免费').first());
      await shot(page, '13-free-enrolled');

      await page.getByRole('button', { name: '去学习' }).click();
      await page.waitForURL(/\/student\/study-page\?myClassId=\d+$/);
      await expectVisible(page.getByRole('heading', { name: FREE_CLASS }));
      await page.goto(`${h5}/my?tab=classes`);
      for (const name of [JSAPI_CLASS, NATIVE_CLASS, FREE_CLASS])
        await expectVisible(card(page, name).getByText('学习中'));
      await shot(page, '14-hub-all-classes', true);
    },
    STEP_TIMEOUT,
  );
});
