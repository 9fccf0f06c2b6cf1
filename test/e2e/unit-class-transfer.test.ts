import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button, dropdownOption as option } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 14, 转移学员: the demo unit manager creates a second unit class of the demo unit class's
// class, opens the demo unit class, moves one of its imported staff (陈建国) to the new one, follows
// the transfer to its end and reads the record; the enrolment now belongs to the new unit class.

const STEP_TIMEOUT = 180_000;
const TARGET = '端到端转入班';
const STAFF = '陈建国';

let product: ProductServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  context = await browser.newContext(VIEWPORTS.desktop);
  page = await context.newPage();
}, 300_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

const shot = (name: string) =>
  page.screenshot({ path: artifactPath('unit-class-transfer', name), fullPage: true });
const row = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.locator('.ant-table-row').filter({ hasText: text });
const card = (title: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });

describe('转移学员 for the demo unit manager', () => {
  test(
    'creates a second unit class of the demo unit class’s class',
    async () => {
      const [demo] = await queryProduct<{ class_name: string }>(
        product,
        `SELECT tc.name AS class_name FROM unit_class uc JOIN train_class tc ON tc.id = uc.class_id WHERE uc.name = $1`,
        [DEMO.unitClass],
      );
      await page.goto(`${product.url}/admin/`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.unitManager.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.unitManager.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/home$/);
      await page.goto(`${product.url}/admin/train-manage/creat-class`);
      const form = page.locator('form#unit-class-form');
      await form.getByLabel('班级').click();
      await option(page, demo.class_name).click();
      await form.getByLabel('名称').fill(TARGET);
      await form.getByLabel('计划人数').fill('10');
      await button(page, '保存').click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class-detail\?id=\d+$/);
      await expectVisible(page.getByText(TARGET).first());
    },
    STEP_TIMEOUT,
  );

  test(
    'moves 陈建国 from the demo unit class to it and follows the transfer to its end',
    async () => {
      await button(page, '返回列表').click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class$/);
      await row(page, DEMO.unitClass).getByRole('link', { name: '详情' }).click();
      await page.waitForURL(/\/admin\/train-manage\/unit-class-detail\?id=\d+$/);
      const students = card('学员');
      const staff = row(students, STAFF);
      await expectVisible(staff);
      await staff.locator('.ant-checkbox').first().click();
      await expectVisible(students.getByText('已选 1 人'));
      await button(students, '转移学员').click();
      const dialog = page
        .locator('.ant-modal')
        .filter({ has: page.locator('.ant-modal-title', { hasText: '转移学员' }) });
      await expectVisible(dialog.getByText('已选学员（1 人）'));
      await dialog.locator('#unit-class-transfer-form_toId').click();
      await option(page, TARGET).click();
      await shot('01-dialog');
      await button(dialog, '开始转移').click();
      const progress = dialog.getByTestId('transfer-progress');
      // The transfer runs as a queued job: on a loaded machine it gets the import's wait.
      await expectVisible(progress.getByText('转移完成'), 60_000);
      await expectVisible(progress.getByText(`已将 1 名学员转入「${TARGET}」。`));
      await shot('02-done');
      await button(dialog, '完成').click();
      const record = row(card('转移记录'), STAFF);
      await expectVisible(record);
      await expectVisible(record.getByText('成功'));
      await expectVisible(record.getByText('转出'));
      await expectVisible(record.getByText(TARGET));
      await expect(row(students, STAFF).count()).resolves.toBe(0);
      await shot('03-records');
      const stored = await queryProduct<{ name: string; status: string }>(
        product,
        `SELECT uc.name, mc.status FROM my_class mc JOIN unit_class uc ON uc.id = mc.unit_class_id
           JOIN account a ON a.id = mc.account_id WHERE a.real_name = $1`,
        [STAFF],
      );
      expect(stored).toEqual([{ name: TARGET, status: 'PENDING_PAY' }]);
    },
    STEP_TIMEOUT,
  );
});
