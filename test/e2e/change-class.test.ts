import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 15, class changes: the demo student 张三 asks on the H5 to move his paid class to another
// class of the same price; the project administrator approves it in 转班管理; the student then
// studies in the new class and finds the old one under 已结束 as 已转班.

const STEP_TIMEOUT = 180_000;
const FROM = '职业道德与安全素养提升班';
const TO = '工程造价人员安全培训班';

let product: ProductServer;
let browser: Browser;
let phone: BrowserContext;
let office: BrowserContext;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  phone = await browser.newContext(VIEWPORTS.phone);
  office = await browser.newContext(VIEWPORTS.desktop);
}, 300_000);
afterAll(async () => {
  await phone?.close();
  await office?.close();
  await browser?.close();
  await product?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: artifactPath('change-class', name), fullPage: true });

describe('a class change, asked on the H5 and approved in the back office', () => {
  test(
    'H5: 张三 picks a class of the same price, gives a reason and sees the application pending',
    async () => {
      const page = await phone.newPage();
      await signInDemoStudent(page, product.url, '/my?tab=classes');
      const card = page.locator('.my-card').filter({ hasText: FROM });
      await card.getByRole('button', { name: `转班：${FROM}` }).click();
      await page.waitForURL(/\/change-my-class\?myClassId=\d+$/);
      await expectVisible(page.getByText('只能转到与原班级价格相同的班级'));
      await page.locator('.rv-cell').filter({ hasText: TO }).click();
      await shot(page, '00-h5-picked');
      await expectVisible(
        page.locator('.rv-cell').filter({ hasText: TO }).locator('.rv-radio__icon--checked'),
      );
      await page.getByPlaceholder('请填写转班原因').fill('工作岗位调整，需要学习造价安全');
      await shot(page, '01-h5-apply');
      await page.getByRole('button', { name: '提交申请' }).click();
      const pending = page.getByRole('region', { name: '待审核的转班申请' });
      await expectVisible(pending.getByText(`转到：${TO}`));
      await expectVisible(pending.getByText('待审核'));
      await shot(page, '02-h5-pending');
      await page.close();
    },
    STEP_TIMEOUT,
  );

  test(
    '转班管理: the administrator approves it',
    async () => {
      const page = await office.newPage();
      await page.goto(`${product.url}/admin/`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/home$/);
      await page.getByRole('menuitem', { name: '培训管理' }).click();
      await page.getByRole('menuitem', { name: '转班管理' }).click();
      await page.waitForURL(/\/admin\/train-manage\/change-class-manage$/);
      const row = page.locator('.ant-table-row').filter({ hasText: TO });
      await expectVisible(row.getByText('待审核'));
      await row.getByRole('link', { name: '详情' }).click();
      await page.waitForURL(/\/change-class-manage\/detail\?id=\d+$/);
      await expectVisible(page.getByText('工作岗位调整，需要学习造价安全'));
      await button(page, '通过').click();
      const dialog = page.getByRole('dialog', { name: '通过转班申请' });
      await dialog.getByPlaceholder('选填').fill('同意转班');
      await shot(page, '03-admin-approve');
      await button(dialog, '通过').click();
      await expectVisible(page.getByText('已通过，学员已转入新班级'));
      await expectVisible(page.locator('.ant-descriptions').getByText('已转班'));
      await shot(page, '04-admin-done');
      await page.close();
    },
    STEP_TIMEOUT,
  );

  test(
    'H5: 张三 studies in the new class; the old one is 已转班 under 已结束',
    async () => {
      const page = await phone.newPage();
      await page.goto(`${product.url}/my?tab=classes`);
      await expectVisible(page.locator('.my-card').filter({ hasText: TO }).getByText('学习中'));
      await page.getByText('已结束', { exact: true }).click();
      await expectVisible(page.locator('.my-card').filter({ hasText: FROM }).getByText('已转班'));
      await shot(page, '05-h5-after');
      const rows = await queryProduct<{ status: string; name: string }>(
        product,
        `SELECT m.status, c.name FROM my_class m JOIN train_class c ON c.id = m.class_id
          JOIN account a ON a.id = m.account_id WHERE a.id_card_no = $1 AND c.name IN ($2, $3) ORDER BY m.id`,
        [DEMO.accounts.student.idCardNo, FROM, TO],
      );
      expect(rows).toEqual([
        { status: 'CHANGED_OUT', name: FROM },
        { status: 'STUDYING', name: TO },
      ]);
      await page.close();
    },
    STEP_TIMEOUT,
  );
});
