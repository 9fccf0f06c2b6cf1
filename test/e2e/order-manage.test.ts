import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  antdButton as button,
  clickCalendarDay,
  openCalendar,
  openDropdown,
  dropdownOption as option,
} from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// The walk through 订单列表: the demo project admin reads the demo orders, filters them by
// state, opens one with its history, and enrols the demo student 张三 in a class with 免费开通; the
// new order shows as paid by 免费开通. Screenshots at 1440 and 1280 px check the table fits.

/** The steps share one product and run in order; each may wait on a slow machine. */
const STEP_TIMEOUT = 180_000;
/** An offered demo class 张三 is not enrolled in (the demo leaves him free). */
const FREE_CLASS = '安全生产法专题班';
const REASON = '端到端测试：单位补贴';

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('order-manage', name) });

/** Closes the dropdown a multiple select keeps open after a choice, by clicking the dialog's title. */
async function closeDropdown(page: Page, dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-title').click();
  await openDropdown(page).waitFor({ state: 'hidden' });
}

/**
 * Chooses `text` in the dialog's multiple select `label` (typing `search` first when given) and
 * waits until it is chosen; an option the list re-rendered under the click (its search answering
 * meanwhile) is chosen again.
 */
async function choose(
  page: Page,
  dialog: Locator,
  label: string,
  text: string,
  search?: string,
): Promise<void> {
  const field = dialog.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  const chosen = field.locator('.ant-select-selection-item').filter({ hasText: text });
  for (let attempt = 1; ; attempt++) {
    if (search) await dialog.getByLabel(label, { exact: true }).fill(search);
    else await dialog.getByLabel(label, { exact: true }).click();
    await option(page, text).click();
    await closeDropdown(page, dialog);
    try {
      await chosen.first().waitFor({ state: 'visible', timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** The day (`YYYY-MM-DD`) in China time `days` days from now (negative: ago). */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000 + 8 * 3600_000).toISOString().slice(0, 10);

/** The table rows of the order list. */
const rows = (page: Page) => page.locator('.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** How wide the order table's content is against the room it has (equal: nothing scrolls). */
function tableWidths(page: Page) {
  return page.locator('.ant-table-content').evaluate((element) => ({
    content: element.scrollWidth,
    room: element.clientWidth,
  }));
}

describe('订单列表 in the back office', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  test(
    'the project admin opens 订单列表 and sees the demo orders; the table fits 1440 px',
    async () => {
      await page.goto(`${product.url}/admin/order-manage/list`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/order-manage\/list$/);
      // The five demo orders and the three child orders of the demo unit's batch order.
      await expectVisible(page.getByText('共 8 条'));
      for (const name of ['张三', '李四', '王五', '赵六', ...DEMO.unitStaff])
        await expectVisible(row(page, name).first());
      await expectVisible(row(page, '已关闭'));
      expect(await row(page, '已支付').count()).toBe(4);
      expect(await row(page, '团体缴费订单').count()).toBe(DEMO.unitStaff.length);
      // The whole table fits beside the sidebar: no column hides under the pinned 操作.
      const { content, room } = await tableWidths(page);
      expect(content).toBeLessThanOrEqual(room);
      await shot(page, '01-list-1440');
    },
    STEP_TIMEOUT,
  );

  test(
    'filters by state and opens an order with its history',
    async () => {
      await page.getByLabel('状态', { exact: true }).click();
      await option(page, '已关闭').click();
      await button(page, '查询').click();
      await expectVisible(page.getByText('共 1 条'));
      const closed = row(page, '已关闭');
      await expectVisible(closed);
      await shot(page, '02-filtered-closed');

      await button(closed, '详情').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '订单详情' });
      await expectVisible(drawer.getByText('状态记录'));
      await expectVisible(drawer.getByText('创建 → 已关闭'));
      await expectVisible(drawer.getByText('演示数据：超时未支付'));
      await expectVisible(drawer.getByText(/（超时未支付）$/));
      await shot(page, '03-detail');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await button(page, '重置').click();
      await expectVisible(page.getByText('共 8 条'));
    },
    STEP_TIMEOUT,
  );

  test(
    '免费开通 enrols 张三 in an offered class; the new order is paid by 免费开通',
    async () => {
      await button(page, '免费开通').click();
      const dialog = page.getByRole('dialog', { name: '免费开通' });
      await expectVisible(dialog);
      await choose(page, dialog, '学员', DEMO.accounts.student.name, DEMO.accounts.student.idCardNo);
      await choose(page, dialog, '班级', FREE_CLASS);
      await dialog.getByLabel('开通原因').fill(REASON);
      await expectVisible(dialog.getByText(/将创建 1 个订单，每个订单 1 个班级/));
      await shot(page, '04-free-order');
      await button(dialog, '开通').click();
      await expectVisible(page.getByText('已免费开通，创建了 1 个订单'));
      await dialog.waitFor({ state: 'hidden' });

      await expectVisible(page.getByText('共 9 条'));
      const created = rows(page).first();
      await expectVisible(created.getByText(DEMO.accounts.student.name));
      await expectVisible(created.getByText(FREE_CLASS));
      await expectVisible(created.getByText('已支付'));
      await expectVisible(created.getByText('免费开通'));
      await expectVisible(created.getByText('实付 ¥0.00'));
      await expectVisible(created.getByText(REASON));
      await shot(page, '05-free-order-created');

      await button(created, '详情').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '订单详情' });
      await expectVisible(drawer.getByText(`工作人员（${DEMO.accounts.projectAdmin.name}）`));
      await expectVisible(drawer.getByText('创建 → 已支付'));
      await shot(page, '06-free-order-detail');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    },
    STEP_TIMEOUT,
  );

  test(
    'at 1280 px 下单日期 is picked in a Chinese calendar and filters the list to the orders of those days',
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // The demo's paid orders were placed 5, 4, 3 and 2 days ago, the closed one 2 days ago; the
      // server counts days in China time.
      const from = chinaDay(-5);
      const to = chinaDay(-3);
      await page.getByLabel('下单日期', { exact: true }).click();
      const calendar = openCalendar(page);
      await expectVisible(calendar.locator('.ant-picker-header-view').first());
      expect(await calendar.locator('.ant-picker-header-view').first().textContent()).toMatch(
        /^\d{4}年\d{1,2}月$/,
      );
      expect(await calendar.locator('thead').first().textContent()).toBe('一二三四五六日');
      await clickCalendarDay(page, from);
      await shot(page, '07-date-range-picking-1280');
      await clickCalendarDay(page, to);
      await calendar.waitFor({ state: 'hidden' });
      const dateInputs = page.locator('.ant-picker-range input');
      expect(await dateInputs.nth(0).inputValue()).toBe(from);
      expect(await dateInputs.nth(1).inputValue()).toBe(to);
      await button(page, '查询').click();
      await expectVisible(page.getByText('共 3 条'));
      expect(await row(page, '已支付').count()).toBe(3);
      expect(await row(page, '已关闭').count()).toBe(0);
      await shot(page, '08-date-range-filtered-1280');
      await button(page, '重置').click();
      await expectVisible(page.getByText('共 9 条'));
      expect(await dateInputs.nth(0).inputValue()).toBe('');
    },
    STEP_TIMEOUT,
  );

  test(
    'at 1280 px the table still fits (no column under the pinned 操作) and 操作 is reachable',
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const { content, room } = await tableWidths(page);
      expect(content).toBeLessThanOrEqual(room);
      const first = rows(page).first();
      const detail = button(first, '详情');
      await expectVisible(detail);
      const box = await detail.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
      await shot(page, '09-list-1280');
    },
    STEP_TIMEOUT,
  );
});
