import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Unit affiliations (issue 14): the project admin filters 培训机构 by a training type, opens the
// demo unit's 单位详情 and sees its 培训清单 (issue 27) and the demo unit affiliated under it with its
// students; the demo unit manager sees the same on 本单位信息, read-only.

const STEP_TIMEOUT = 180_000;
const BRANCH = DEMO.affiliatedUnit;

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('unit-affiliation', name) });
const card = (page: Page, title: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
const row = (scope: ReturnType<typeof card>, text: string) =>
  scope.locator('.ant-table-row').filter({ hasText: text });

/** The breadcrumb as it reads (antd's separators included: 首页/培训机构). */
const crumbs = (page: Page) => page.locator('.app-navbar__breadcrumb').textContent();

async function signIn(page: Page, account: string, password: string) {
  await page.goto(`${product.url}/admin/`);
  await page.waitForURL(/\/admin\/admin-login/);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await button(page, '登录').click();
  await page.waitForURL(/\/admin\/home$/);
}

describe('挂靠单位 on 单位详情', () => {
  let context: BrowserContext;

  beforeEach(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
  });
  afterEach(() => context?.close());

  test(
    'the project admin opens the demo unit and sees the affiliated unit and its students',
    async () => {
      const page = await context.newPage();
      await signIn(page, DEMO.accounts.projectAdmin.account, DEMO.accounts.projectAdmin.password);
      await page.goto(`${product.url}/admin/unit-manage/list`);
      // The breadcrumb follows the menu, where 培训机构 stands alone (issue 30: 单位管理 / 培训机构).
      await expectVisible(page.locator('.ant-menu').getByText('培训机构'));
      expect(await page.locator('.ant-menu').getByText('单位管理').count()).toBe(0);
      expect(await crumbs(page)).toBe('首页/培训机构');
      // 培训类型 (unit/train-type): the project's types with their numbers of units, a filter.
      await page.locator('#unit-filters_trainType').click({ force: true });
      await page.locator('.ant-select-item-option', { hasText: '专业科目（1）' }).click();
      await button(page, '查询').click();
      await page.locator('.ant-table-row').filter({ hasText: BRANCH.name }).waitFor({ state: 'detached' });
      await expectVisible(page.locator('.ant-table-row').filter({ hasText: DEMO.unitName }));
      await shot(page, '00-train-type-filter');
      const unitRow = page
        .locator('.ant-table-row')
        .filter({ has: page.getByText(DEMO.unitName, { exact: true }) });
      await unitRow.getByRole('link', { name: '详情' }).click();
      await page.waitForURL(/\/admin\/unit-manage\/detail\?id=\d+$/);
      await expectVisible(page.locator('.app-navbar__breadcrumb').getByRole('link', { name: '培训机构' }));
      expect(await crumbs(page)).toBe('首页/培训机构/单位详情');
      const affiliated = card(page, '挂靠单位');
      const branch = row(affiliated, BRANCH.name);
      await expectVisible(branch);
      await expectVisible(branch.getByText(BRANCH.creditCode));
      await expectVisible(branch.getByText(String(BRANCH.students.length), { exact: true }));
      await expectVisible(button(affiliated, '添加挂靠单位'));
      await expectVisible(button(branch, '解除'));
      const students = card(page, '挂靠单位学员');
      for (const student of BRANCH.students) await expectVisible(row(students, student.realName));
      await affiliated.scrollIntoViewIfNeeded();
      await shot(page, '01-staff-detail');
      // 培训清单 (unit/train-list): the classes of the demo unit's students, with their numbers.
      const trainList = card(page, '培训清单');
      const firstClass = trainList.locator('.ant-table-row').first();
      await expectVisible(firstClass);
      const className = (await firstClass.locator('td').first().textContent())?.trim() ?? '';
      expect(className).not.toBe('');
      await trainList.getByLabel('班级名称').fill('不存在的班级名');
      await button(trainList, '查询').click();
      await firstClass.waitFor({ state: 'detached' });
      await trainList.getByLabel('班级名称').fill(className);
      await button(trainList, '查询').click();
      await expectVisible(row(trainList, className));
      await trainList.scrollIntoViewIfNeeded();
      await shot(page, '01b-train-list');
    },
    STEP_TIMEOUT,
  );

  test(
    'the demo unit manager sees the affiliated students on 本单位信息, read-only',
    async () => {
      const page = await context.newPage();
      await signIn(page, DEMO.accounts.unitManager.account, DEMO.accounts.unitManager.password);
      // A unit manager's menu has no 培训管理: neither has the breadcrumb of 单位班级 (issue 30).
      await page.goto(`${product.url}/admin/train-manage/unit-class`);
      await expectVisible(page.locator('.ant-menu').getByText('单位班级'));
      expect(await page.locator('.ant-menu').getByText('培训管理').count()).toBe(0);
      expect(await crumbs(page)).toBe('首页/单位班级');
      await shot(page, '02a-unit-manager-crumbs');
      await page.goto(`${product.url}/admin/unit-manage/detail`);
      await expectVisible(page.locator('.ant-card-head-title', { hasText: '本单位信息' }));
      const affiliated = card(page, '挂靠单位');
      await expectVisible(row(affiliated, BRANCH.name));
      expect(await button(affiliated, '添加挂靠单位').count()).toBe(0);
      expect(await button(affiliated, '解除').count()).toBe(0);
      const students = card(page, '挂靠单位学员');
      const [first, second] = BRANCH.students;
      await expectVisible(row(students, second.realName));
      await students.getByLabel('姓名').fill(first.realName.slice(0, 2));
      await button(students, '查询').click();
      await row(students, second.realName).waitFor({ state: 'detached' });
      await expectVisible(row(students, first.realName).getByText(BRANCH.name));
      await affiliated.scrollIntoViewIfNeeded();
      await shot(page, '02-unit-manager');
    },
    STEP_TIMEOUT,
  );
});
