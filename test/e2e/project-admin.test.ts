import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 18, case 5: a new project gets its first staff account from the platform's side. The demo
// platform admin creates a project bound to a host of its own, then 创建管理员 on its row; the
// initial password is shown once, and with it the new administrator signs in to that project's
// back office.

const STEP_TIMEOUT = 180_000;
/** The new project's host; Chromium resolves it to the test server. */
const HOST = 'newproject.e2e.test';
const PROJECT = { code: 'e2e-new', name: '端到端新项目' };
const ADMIN = { account: 'e2efirst', name: '新项目管理员' };

let product: ProductServer;
let browser: Browser;

beforeAll(async () => {
  product = await startProductServer();
  // The sign-in page encrypts with WebCrypto, which needs a secure context: treat the host as one.
  browser = await launchBrowser([
    `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    `--unsafely-treat-insecure-origin-as-secure=${product.url.replace('127.0.0.1', HOST)}`,
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('project-admin', name) });
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const dialog = (page: Page) => page.locator('.ant-modal').filter({ visible: true });

async function signIn(page: Page, base: string, account: string, password: string) {
  await page.goto(`${base}/admin/`);
  await page.waitForURL(/\/admin\/admin-login/);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await button(page, '登录').click();
  await page.waitForURL(/\/admin\/home$/);
}

describe('the first administrator of a new project', () => {
  let context: BrowserContext;
  let page: Page;
  let password = '';

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  test(
    'the platform admin creates a project, then its administrator, and sees the password once',
    async () => {
      await signIn(
        page,
        product.url,
        DEMO.accounts.platformAdmin.account,
        DEMO.accounts.platformAdmin.password,
      );
      await page.goto(`${product.url}/admin/project-manage/list`);
      await expectVisible(row(page, DEMO.projectName));
      // The demo project has staff: no 创建管理员 there.
      expect(await row(page, DEMO.projectName).getByText('创建管理员').count()).toBe(0);

      await button(page, '新增项目').click();
      const form = dialog(page);
      await form.getByLabel('项目编码').fill(PROJECT.code);
      await form.getByLabel('项目名称').fill(PROJECT.name);
      await form.getByLabel('绑定域名').fill(HOST);
      await form.getByLabel('绑定域名').press('Enter');
      await button(form, '保存').click();
      await expectVisible(row(page, PROJECT.name));

      await row(page, PROJECT.name).getByRole('button', { name: '创建管理员' }).click();
      const adminForm = dialog(page);
      await expectVisible(adminForm.getByText(`创建管理员：${PROJECT.name}`));
      await adminForm.getByLabel('账号').fill(ADMIN.account);
      await adminForm.getByLabel('姓名').fill(ADMIN.name);
      await shot(page, '01-create-admin');
      await button(adminForm, '创建').click();

      const shown = page.getByTestId('initial-password');
      await expectVisible(shown);
      password = ((await shown.textContent()) ?? '').trim();
      expect(password).toMatch(/^[A-Za-z][A-Za-z0-9]{9}$/);
      await expectVisible(page.getByText(/初始密码只显示这一次/));
      await shot(page, '02-password-once');
      await button(page, '我已记下').click();
      await expectVisible(row(page, PROJECT.name));
      // The project has its administrator now: the action is gone, the password is nowhere on the page.
      await page.waitForFunction((text) => !document.body.textContent?.includes(text), password);
      expect(await row(page, PROJECT.name).getByText('创建管理员').count()).toBe(0);

      const stored = await queryProduct<{ role: string; hash_is_plain: boolean }>(
        product,
        `SELECT r.name AS role, a.password_hash = $2 AS hash_is_plain FROM account a
           JOIN role r ON r.id = a.role_id JOIN project p ON p.id = a.project_id
          WHERE a.account_name = $1 AND p.code = $3`,
        [ADMIN.account, password, PROJECT.code],
      );
      expect(stored).toEqual([{ role: '项目管理员', hash_is_plain: false }]);
    },
    STEP_TIMEOUT,
  );

  test(
    "the new administrator signs in to the project's back office with that password",
    async () => {
      const own = await browser.newContext(VIEWPORTS.desktop);
      try {
        const adminPage = await own.newPage();
        const base = product.url.replace('127.0.0.1', HOST);
        await signIn(adminPage, base, ADMIN.account, password);
        await expectVisible(adminPage.locator('.ant-layout-sider').first().getByText('账号管理'));
        await adminPage.goto(`${base}/admin/account-manage/administrator-list`);
        await expectVisible(row(adminPage, ADMIN.account));
        await shot(adminPage, '03-new-admin-signed-in');
      } finally {
        await own.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    "the platform admin turns on the project's reporting to the regulator; the secret is never shown again",
    async () => {
      const [project] = await queryProduct<{ id: number }>(
        product,
        'SELECT id FROM project WHERE code = $1',
        [PROJECT.code],
      );
      await page.goto(`${product.url}/admin/project-manage/setting?projectId=${project?.id}`);
      const card = page.locator('.ant-card').filter({ hasText: '学时上报' }).last();
      await expectVisible(card.getByText('当前为模拟模式'));
      const secret = 'e2e-regulator-secret-0123456789';
      await card.locator('.ant-form-item').filter({ hasText: '启用学时上报' }).getByRole('switch').click();
      await card.getByLabel('应用 ID').fill('e2e-app-001');
      await card.getByLabel('应用密钥').fill(secret);
      await card.getByText('公需科目').click();
      await card.getByText('仅手动上报').click();
      await button(card, '保存上报配置').click();
      await expectVisible(page.getByText('学时上报配置已保存'));
      await shot(page, '04-regulator-push-config');
      const stored = await queryProduct<{
        enabled: boolean;
        app_id: string;
        app_secret: string;
        push_mode: string;
      }>(
        product,
        'SELECT enabled, app_id, app_secret, push_mode FROM regulator_push_config WHERE project_id = $1',
        [project?.id],
      );
      expect(stored).toEqual([
        { enabled: true, app_id: 'e2e-app-001', app_secret: secret, push_mode: 'MANUAL' },
      ]);

      await page.reload();
      const again = page.locator('.ant-card').filter({ hasText: '学时上报' }).last();
      await expectVisible(again.getByPlaceholder('已设置，留空则不修改'));
      expect(await again.getByLabel('应用 ID').inputValue()).toBe('e2e-app-001');
      expect(await again.getByLabel('应用密钥').inputValue()).toBe('');
      expect(await page.content()).not.toContain(secret);
    },
    STEP_TIMEOUT,
  );
});
