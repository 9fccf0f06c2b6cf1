import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button, dropdownOption as option } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// The first slice, 单位班级: the demo unit manager signs in to the back office, opens
// 单位班级 (the demo unit class is there), creates a unit class from an offered class with the unit
// fixed to their own, sees it listed and opens its detail.

const STEP_TIMEOUT = 180_000;
/** An offered demo class. */
const OFFERED_CLASS = '安全生产法专题班';
const NAME = '端到端单位班级';

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('unit-class', name) });
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const sidebar = (page: Page) => page.locator('.ant-layout-sider').first();

describe('单位班级 for the demo unit manager', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  test(
    'signs in and opens 单位班级 with the demo unit class',
    async () => {
      await page.goto(`${product.url}/admin/`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.unitManager.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.unitManager.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/home$/);
      await sidebar(page).getByRole('link', { name: '单位班级' }).click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class$/);
      await expectVisible(row(page, DEMO.unitClass));
      await shot(page, '01-list');
    },
    STEP_TIMEOUT,
  );

  test(
    'creates a unit class from an offered class, its unit fixed to their own',
    async () => {
      await button(page, '新建').click();
      await page.waitForURL(/\/admin\/train-manage\/creat-class$/);
      const form = page.locator('form#unit-class-form');
      await expectVisible(form.getByText(DEMO.unitName));
      await form.getByLabel('班级').click();
      await option(page, OFFERED_CLASS).click();
      await form.getByLabel('名称').fill(NAME);
      await form.getByLabel('计划人数').fill('25');
      await form.getByLabel('联系人').fill('王经理');
      await shot(page, '02-create');
      await button(page, '保存').click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class-detail\?id=\d+$/);
      const card = page.locator('.ant-card').filter({ hasText: '单位班级详情' });
      await expectVisible(card.getByText(NAME));
      await expectVisible(card.getByText(OFFERED_CLASS));
      await expectVisible(page.locator('.ant-card').filter({ hasText: '学员' }).last());
      await shot(page, '03-detail');
      const stored = await queryProduct<{ unit_name: string; planned_students: number }>(
        product,
        `SELECT u.name AS unit_name, uc.planned_students FROM unit_class uc JOIN unit u ON u.id = uc.unit_id
         WHERE uc.name = $1`,
        [NAME],
      );
      expect(stored).toEqual([{ unit_name: DEMO.unitName, planned_students: 25 }]);
    },
    STEP_TIMEOUT,
  );

  test(
    'sees it listed and opens its detail from the list',
    async () => {
      await button(page, '返回列表').click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class$/);
      const created = row(page, NAME);
      await expectVisible(created);
      await expectVisible(created.getByText('开启'));
      await expectVisible(created.getByText('0 / 25'));
      await shot(page, '04-listed');
      await created.getByRole('link', { name: '详情' }).click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class-detail\?id=\d+$/);
      await expectVisible(page.getByText(NAME).first());
    },
    STEP_TIMEOUT,
  );
});
