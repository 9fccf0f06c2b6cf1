import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 15, refunds: the demo student 张三 pays a class through WeChat Pay (Native, the simulator's
// scan page), applies for its refund in 我的订单 after reading the project's 退款说明; the demo
// project admin approves it in 退款申请; the WeChat Pay simulator settles the refund and notifies;
// 张三 sees the order refunded.

const STEP_TIMEOUT = 180_000;
/** An offered demo class 张三 is not enrolled in. */
const CLASS = '护理人员现场急救技能班';
const REASON = '端到端测试：工作调动，无法参加';

let product: ProductServer;
let browser: Browser;
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
  page.screenshot({ path: artifactPath('refund-apply', name), fullPage });

const card = (page: Page, text: string) => page.locator('.my-card').filter({ hasText: text });
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

async function classIdOf(name: string): Promise<number> {
  const [found] = await queryProduct<{ id: number }>(product, 'SELECT id FROM train_class WHERE name = $1', [
    name,
  ]);
  if (found === undefined) throw new Error(`the demo class ${name} is missing`);
  return Number(found.id);
}

describe('a refund applied for in the H5 and approved in 退款申请', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let student: Page;
  let staff: Page;

  beforeAll(async () => {
    phone = await browser.newContext(VIEWPORTS.phone);
    desktop = await browser.newContext(VIEWPORTS.desktop);
    student = await phone.newPage();
    staff = await desktop.newPage();
  });
  afterAll(async () => {
    await phone?.close();
    await desktop?.close();
  });

  test(
    'the demo student pays a class through WeChat Pay and applies for its refund',
    async () => {
      const page = student;
      await signInDemoStudent(page, h5);
      await page.goto(`${h5}/detail-public?id=${await classIdOf(CLASS)}`);
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.waitForURL(/\/go-pay\?ids=\d+$/);
      await page.getByRole('button', { name: '去结算(1)' }).click();
      await page.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/student\/order-pay\?id=\d+$/);
      const [scanPage] = await Promise.all([
        phone.waitForEvent('page'),
        page.getByRole('link', { name: '在微信模拟器中扫码' }).click(),
      ]);
      await scanPage.waitForLoadState();
      await scanPage.getByRole('button', { name: '用 张三 支付' }).click();
      await expectVisible(scanPage.getByRole('heading', { name: '支付成功' }));
      await scanPage.close();
      await expectVisible(page.getByRole('heading', { name: '支付成功' }), 30_000);
      // 去学习 opens the class just bought (issue 30), not the list of every class.
      await page.getByRole('button', { name: '去学习' }).click();
      await page.waitForURL(/\/student\/study-page\?myClassId=\d+$/);
      await expectVisible(page.getByRole('heading', { name: CLASS }));
      await page.goBack();

      await page.getByRole('button', { name: '查看订单' }).click();
      await page.waitForURL(/\/my\?tab=orders$/);
      const order = card(page, CLASS);
      await expectVisible(order.getByText('已支付'));
      // The demo's own order was paid offline: no 申请退款 there.
      expect(await card(page, DEMO.studentClass).getByRole('button', { name: '申请退款' }).count()).toBe(0);
      await order.getByRole('button', { name: '申请退款' }).click();
      const popup = page.locator('.rv-popup').filter({ hasText: '退款说明' });
      await expectVisible(popup.getByText('原路退回微信零钱或银行卡', { exact: false }));
      await expectVisible(popup.getByText('退款金额'));
      // The sheet's content keeps off its edges (issue 30: it ran edge to edge).
      const sheet = await popup.boundingBox();
      if (!sheet) throw new Error('the refund sheet has no box');
      for (const part of [
        popup.getByText(/^订单号 /),
        popup.getByText('退款金额'),
        popup.getByLabel('退款原因'),
        popup.getByRole('button', { name: '提交申请' }),
      ]) {
        const box = await part.boundingBox();
        if (!box) throw new Error(`${part} has no box`);
        expect(box.x - sheet.x).toBeGreaterThanOrEqual(12);
        expect(sheet.x + sheet.width - (box.x + box.width)).toBeGreaterThanOrEqual(12);
      }
      await shot(page, '01-apply');
      await popup.getByRole('button', { name: '提交申请' }).click();
      await expectVisible(popup.getByText('请填写退款原因'));
      await popup.getByLabel('退款原因').fill(REASON);
      await popup.getByRole('button', { name: '提交申请' }).click();
      await expectVisible(order.getByText('退款申请待审核', { exact: false }));
      await expectVisible(order.getByRole('button', { name: '撤销申请' }));
      expect(await order.getByRole('button', { name: '申请退款' }).count()).toBe(0);
      await shot(page, '02-applied', true);
    },
    STEP_TIMEOUT,
  );

  test(
    'the project admin finds it in 退款申请 (in the menu) and approves it; WeChat Pay settles it',
    async () => {
      const page = staff;
      await page.goto(`${product.url}/admin/invoice-manage/refund-list`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/invoice-manage\/refund-list$/);
      await expectVisible(page.locator('.ant-menu').getByText('退款申请'));
      // 张三's new application and the demo's pending one of 李四.
      await expectVisible(page.getByText('共 2 条'));
      const mine = row(page, REASON);
      await expectVisible(mine.getByText('待审核'));
      await expectVisible(row(page, '李四').getByText('待审核'));
      await shot(page, '03-refund-list');

      await button(mine, '通过').click();
      await button(page.locator('.ant-popconfirm'), '通过').click();
      // The simulator settles the refund and notifies; the list shows it refunded.
      for (let attempt = 0; attempt < 30; attempt++) {
        if ((await mine.getByText('已退款').count()) > 0) break;
        await page.waitForTimeout(1_000);
        await button(page, '查询').click();
      }
      await expectVisible(mine.getByText('已退款'));
      await shot(page, '04-approved');
    },
    STEP_TIMEOUT,
  );

  test(
    'the student sees the order refunded',
    async () => {
      const page = student;
      await page.reload();
      const order = card(page, CLASS);
      await expectVisible(order.getByText('已退款', { exact: true }));
      // Said as 已退款 ¥260.00, not 退款申请已退款（¥260.00） (issue 30).
      await expectVisible(order.getByText(/^已退款 ¥\d+\.\d{2}$/));
      expect(await order.getByText('退款申请已退款', { exact: false }).count()).toBe(0);
      await shot(page, '05-refunded', true);
    },
    STEP_TIMEOUT,
  );
});
