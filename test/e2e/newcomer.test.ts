import { DEMO } from '@px/api';
import { grantedMenuTree } from '@px/config';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildSidebarMenu, filterRoutesByMenu, type SidebarItem } from '../../admin/src/router/access';
import { ALWAYS_PERMITTED } from '../../admin/src/router/paths';
import { ROUTE_TABLE } from '../../admin/src/router/route-table';
import { findRouteChain, flattenPages } from '../../admin/src/router/route-tree';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { callProduct, queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 17, "What a newcomer tripped over": each finding, seen in a real browser on the demo data.
// Issue 27: the newcomer walks every page of the project admin's and the platform admin's menus.

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('newcomer', name) });

describe('the student H5', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.phone);
    page = await context.newPage();
  });
  afterAll(() => context.close());

  test('the demo banners are pictures with their titles over them', async () => {
    await page.goto(`${product.url}/trainIndex`);
    const banner = page.locator('.train-index__banner').first();
    await expectVisible(banner);
    const image = banner.locator('img');
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.train-index__banner img');
        return img?.complete === true && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      750, 320,
    ]);
    const title = banner.locator('.train-index__banner-title');
    await expectVisible(title);
    expect(await title.textContent()).toBe('安全生产专题培训火热报名中');
    // The title sits inside the picture, at its foot.
    const [box, titleBox] = [await banner.boundingBox(), await title.boundingBox()];
    expect(titleBox && box && titleBox.y + titleBox.height <= box.y + box.height + 1).toBe(true);
    await shot(page, '01-h5-banners');
  });

  test('an empty search in the class centre says so and clears in one tap', async () => {
    await page.goto(`${product.url}/classSelectCenter`);
    await expectVisible(page.locator('.class-card').first());
    await page.getByPlaceholder('搜索班级名称').fill('没有这样的班级');
    await page.getByRole('button', { name: '搜索' }).click();
    await expectVisible(page.getByText('没有找到名称包含“没有这样的班级”的班级'));
    await shot(page, '02-h5-empty-search');
    await page.getByRole('button', { name: '清除搜索' }).click();
    await expectVisible(page.locator('.class-card').first());
    expect(await page.getByPlaceholder('搜索班级名称').inputValue()).toBe('');
  });

  test('a visitor opening / lands on sign-in and may browse the classes first (issue 30)', async () => {
    await page.goto(`${product.url}/`);
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: '先看看课程' }).click();
    await page.waitForURL(/\/classSelectCenter$/);
    await expectVisible(page.locator('.class-card').first());
  });

  test('the session cookie lives as long as the session (30 days), not the browser session', async () => {
    await signInDemoStudent(page, product.url);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token');
    expect(token).toBeDefined();
    const days = ((token?.expires ?? -1) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test('the floating cart leaves the last class card whole, price included (issue 30)', async () => {
    // Signed in by the test before: the class centre shows the cart button. At phone size and at
    // 1440 px, on each tab: scrolled to the end, the last card ends above the cart.
    const wide = await browser.newContext({
      ...VIEWPORTS.desktop,
      storageState: await context.storageState(),
    });
    try {
      for (const [name, view] of [
        ['phone', page],
        ['1440', await wide.newPage()],
      ] as const) {
        await view.goto(`${product.url}/classSelectCenter`);
        for (const tab of ['公需课', '专业课']) {
          await view.getByRole('tab', { name: tab }).click();
          const cart = view.getByRole('button', { name: /^购物车/ });
          await expectVisible(cart);
          await expectVisible(view.locator('.class-card').first());
          await expectVisible(view.getByText('没有更多了'));
          // The room must not depend on the list's end line (absent while a page loads): without it.
          await view.evaluate(() => {
            for (const line of Array.from(document.querySelectorAll<HTMLElement>('.class-center div')))
              if (line.childElementCount === 0 && line.textContent === '没有更多了')
                line.style.display = 'none';
            window.scrollTo(0, document.documentElement.scrollHeight);
          });
          const lastCard = view.locator('.class-card').last();
          const [cartBox, priceBox] = [
            await cart.boundingBox(),
            await lastCard.locator('.class-card__price').boundingBox(),
          ];
          if (!cartBox || !priceBox) throw new Error('the cart or the last card has no box');
          await shot(view, `02b-h5-centre-end-${name}-${tab}`);
          const cardBox = await lastCard.boundingBox();
          if (!cardBox) throw new Error('the last card has no box');
          // The whole card, price included, ends at least 12 px above the cart.
          expect({ name, tab, gap: cartBox.y - (cardBox.y + cardBox.height) >= 12 }).toEqual({
            name,
            tab,
            gap: true,
          });
          expect(priceBox.y + priceBox.height).toBeLessThan(cartBox.y);
        }
      }
    } finally {
      await wide.close();
    }
  });

  test('the checkout gives class names the row, the price only its width', async () => {
    const [row] = await queryProduct<{ id: string }>(product, 'SELECT id FROM train_class WHERE name = $1', [
      '建筑施工安全员继续教育班',
    ]);
    await page.goto(`${product.url}/detail-public?id=${row?.id}`);
    await page.getByRole('button', { name: '立即报名' }).click();
    await page.waitForURL(/\/go-pay\?ids=\d+$/);
    await page.getByRole('button', { name: '去结算(1)' }).click();
    await expectVisible(page.getByRole('heading', { name: '确认订单' }));
    const cell = page.locator('.go-pay__class-cell').filter({ hasText: '建筑施工安全员继续教育班' });
    const [cellBox, titleBox] = [
      await cell.boundingBox(),
      await cell.locator('.rv-cell__title').boundingBox(),
    ];
    expect(cellBox && titleBox && titleBox.width / cellBox.width).toBeGreaterThan(0.6);
    await shot(page, '03-h5-checkout');
  });
});

test('WeChat OAuth without PUBLIC_URL returns to the host the visitor came on (127.0.0.1)', async () => {
  expect(new URL(product.url).hostname).toBe('127.0.0.1');
  const answer = await fetch(`${product.url}/api/wechat/oauth-url.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect: '/my' }),
  });
  const body = (await answer.json()) as { attribute: { url: string } };
  const back = new URL(body.attribute.url).searchParams.get('redirect_uri');
  expect(back).toBe(`${product.url}/auth-redirect`);
});

/** Who the walk signs in as: the demo project's administrator and the platform's. */
type Walker = 'projectAdmin' | 'platformAdmin';

/**
 * One page of a back-office menu as the walk checks it: `heading`, text the page itself shows (a
 * card's title, a tab; not the shell's tab, which the route table names), and `content`, what
 * must be on screen once it loaded (a list's table, a form, a chart's canvas).
 */
interface MenuPage {
  path: string;
  heading: string | RegExp;
  content: string;
}

const TABLE = '.ant-table-tbody';
const menuPage = (path: string, heading: string | RegExp, content = TABLE): MenuPage => ({
  path,
  heading,
  content,
});
const HOME = menuPage('/home', '平台信息', '.ant-descriptions');
const DASHBOARD = menuPage('/dashboard/index', /^数据(更新于|尚未统计)/, '.ant-card canvas');
const SHARED_LIBRARY = menuPage('/resource-manage/shared-library', '共享资源库');
const EXCEPTIONS = menuPage('/exception-manage/list', '异常记录');

/**
 * Every page of each walker's menu, in the sidebar's order ("the walk covers..." below fails when
 * a menu gains a page the walk does not open).
 */
const MENU_WALK: Record<Walker, MenuPage[]> = {
  projectAdmin: [
    HOME,
    menuPage('/resource-manage/video', '视频资源'),
    menuPage('/resource-manage/course', '课程管理'),
    menuPage('/resource-manage/certificate', '证书模板'),
    menuPage('/resource-manage/exam-question', '考试题库'),
    menuPage('/resource-manage/exam-paper', '试卷管理'),
    SHARED_LIBRARY,
    menuPage('/train-manage/train-plan-list', '培训计划'),
    menuPage('/train-manage/train-plan-detail', '新建培训计划', 'form'),
    menuPage('/train-manage/class', '班级管理'),
    menuPage('/train-manage/class-apply', '报名审核'),
    menuPage('/train-manage/study-report', '学习档案'),
    menuPage('/train-manage/exam-score', '考试成绩'),
    menuPage('/train-manage/change-class-manage', '转班管理'),
    menuPage('/train-manage/unit-class', '单位班级'),
    menuPage('/student-manage/student', '学员列表'),
    menuPage('/order-manage/list', '订单列表'),
    menuPage('/unit-manage/list', '培训机构'),
    DASHBOARD,
    EXCEPTIONS,
    menuPage('/invoice-manage/invoice-list', '发票列表'),
    menuPage('/invoice-manage/refund-list', '退款申请'),
    menuPage('/invoice-manage/invoice-collective', '集体发票'),
    menuPage('/invoice-manage/order-manage', '开票订单'),
    menuPage('/customer/study-report', '学习档案纠正'),
    menuPage('/customer/exception-register', '异常登记'),
    menuPage('/customer/my-class-push-log-manage', '推送日志'),
    menuPage('/customer/my-class-push-log-exception-manage', '推送异常'),
    menuPage('/customer/my-certificate-manage', '证书管理'),
    menuPage('/customer/invoice-manage', '发票纠正'),
    menuPage('/account-manage/role', '角色管理'),
    menuPage('/account-manage/administrator-list', '管理员账号'),
    menuPage('/account-manage/banner-list', 'H5轮播图'),
    menuPage('/account-manage/project-setting', `项目设置 · ${DEMO.projectName}`, 'form'),
    menuPage('/cms-manage/apply-manage', '报名管理'),
    menuPage('/cms-manage/apply-exam-manage', '考试报名'),
    menuPage('/cms-manage/score-manage', '成绩管理'),
    menuPage('/cms-manage/cms-order-manage', '考务订单'),
  ],
  platformAdmin: [
    HOME,
    SHARED_LIBRARY,
    menuPage('/super-account/index', '超级账号登录'),
    DASHBOARD,
    menuPage('/project-manage/list', '项目列表'),
    menuPage('/project-manage/partner-app', '合作平台'),
    menuPage('/project-manage/vocation', '职业工种目录', '.vocation-node'),
    menuPage('/wxapp-manage/list', '公众号列表'),
    EXCEPTIONS,
  ],
};

/** The paths of a walker's walk. */
const walked = (who: Walker) => MENU_WALK[who].map((entry) => entry.path);

/** The pages of a sidebar (its groups opened), in its order. */
const sidebarPages = (items: readonly SidebarItem[]): string[] =>
  items.flatMap((item) => (item.children ? sidebarPages(item.children) : [item.path]));

describe('the walk covers the menus', () => {
  test('every page the back office can show in a menu is walked by one of the walkers', () => {
    // The route table's pages that have a screen and are not hidden (details, editors).
    const menuPages = flattenPages(ROUTE_TABLE)
      .filter((route) => !route.hidden)
      .map((route) => route.path);
    const walkedPages = new Set([...walked('projectAdmin'), ...walked('platformAdmin')]);
    expect([...walkedPages].sort()).toEqual([...menuPages].sort());
  });

  test('each walker walks exactly the sidebar its role (as stored) shows', async () => {
    const roles = await queryProduct<{ account_name: string; menu: string[] }>(
      product,
      `SELECT a.account_name, r.menu FROM account a JOIN role r ON r.id = a.role_id
         LEFT JOIN project p ON p.id = a.project_id
        WHERE (a.account_name = $1 AND a.project_id IS NULL) OR (a.account_name = $2 AND p.code = $3)`,
      [DEMO.accounts.platformAdmin.account, DEMO.accounts.projectAdmin.account, DEMO.projectCode],
    );
    const sidebarOf = (who: Walker) => {
      const role = roles.find((row) => row.account_name === DEMO.accounts[who].account);
      if (!role) throw new Error(`no role for the demo ${who}`);
      const routes = filterRoutesByMenu(ROUTE_TABLE, grantedMenuTree(role.menu), ALWAYS_PERMITTED);
      return sidebarPages(buildSidebarMenu(routes));
    };
    expect({ projectAdmin: sidebarOf('projectAdmin'), platformAdmin: sidebarOf('platformAdmin') }).toEqual({
      projectAdmin: walked('projectAdmin'),
      platformAdmin: walked('platformAdmin'),
    });
  });
});

async function signInBackOffice(page: Page, who: Walker): Promise<void> {
  await page.goto(`${product.url}/admin/`);
  await page.getByPlaceholder('请输入账号').fill(DEMO.accounts[who].account);
  await page.getByPlaceholder('请输入密码').fill(DEMO.accounts[who].password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/admin\/home$/);
}

/**
 * What does not fit in the tables on screen: a table wider than its box (columns slide under the
 * pinned 操作 column), a header cut, a wrapping cell whose content overflows it, a tag cut by its cell.
 */
function tableMisfits(): string[] {
  const problems: string[] = [];
  for (const box of Array.from(
    document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'),
  )) {
    if (box.scrollWidth > box.clientWidth + 1)
      problems.push(`table ${box.scrollWidth}px in ${box.clientWidth}px`);
  }
  for (const th of Array.from(document.querySelectorAll<HTMLElement>('thead th.ant-table-cell'))) {
    if (th.scrollWidth > th.clientWidth + 1) problems.push(`header ${th.textContent} cut`);
  }
  // A cell that wraps (not cut with …) must hold what it shows.
  for (const td of Array.from(document.querySelectorAll<HTMLElement>('tbody td.ant-table-cell'))) {
    if (!td.classList.contains('ant-table-cell-ellipsis') && td.scrollWidth > td.clientWidth + 1)
      problems.push(`cell ${td.textContent} overflows`);
  }
  for (const tag of Array.from(document.querySelectorAll<HTMLElement>('td .ant-tag'))) {
    const cell = tag.closest('td') as HTMLElement;
    if (tag.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5)
      problems.push(`tag ${tag.textContent} cut`);
  }
  return problems;
}

/** What went wrong on screen: error toasts, a notice dialog, something 加载失败 (a page, a chart). */
function errorsShown(): string[] {
  const texts = (selector: string) =>
    Array.from(document.querySelectorAll<HTMLElement>(selector)).map((node) => node.textContent ?? '');
  const failed = document.querySelector('.app-layout__content')?.textContent?.includes('加载失败');
  return [
    ...texts('.ant-message-notice:has(.anticon-close-circle)').map((text) => `error toast: ${text}`),
    ...texts('.ant-modal-confirm').map((text) => `notice: ${text}`),
    ...(failed ? ['加载失败 shown'] : []),
  ];
}

/** The widths the walk measures each page at: the narrowest supported desktop first. */
const WIDTHS = [1280, 1440] as const;

/**
 * Opens one page of the menu as a newcomer would, by clicking it in the sidebar (its group opened
 * first), and answers what is wrong with it: the sidebar lacks it, it went elsewhere (401, 404), its
 * heading or content never showed, an error was shown or thrown, or a table does not fit at 1280 or
 * 1440 px. A page with problems leaves a screenshot.
 */
async function walkPage(page: Page, entry: MenuPage, thrown: string[]): Promise<string[]> {
  const problems: string[] = [];
  const thrownBefore = thrown.length;
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  const sidebar = page.getByRole('navigation', { name: '主菜单' });
  const link = sidebar.locator(`a[href="/admin${entry.path}"]`);
  const content = page.locator('.app-layout__content');
  try {
    const [section] = findRouteChain(ROUTE_TABLE, entry.path);
    if (!(await link.isVisible()) && section && section.path !== entry.path)
      await sidebar.locator('.ant-menu-submenu-title').filter({ hasText: section.title }).click();
    await link.click({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === `/admin${entry.path}`, { timeout: 15_000 });
    await expectVisible(content.getByText(entry.heading, { exact: true }).filter({ visible: true }).first());
    await expectVisible(content.locator(entry.content).filter({ visible: true }).first());
    // Loaded: no spinner or loading card left in the page (a list's, a chart's).
    await page.waitForFunction(
      () =>
        !document.querySelector(
          '.app-layout__content .ant-spin-spinning, .app-layout__content .ant-card-loading',
        ),
      undefined,
      { timeout: 15_000 },
    );
  } catch (error) {
    problems.push((error as Error).message);
  }
  await page.waitForTimeout(200);
  problems.push(...(await page.evaluate(errorsShown)));
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
    }
    problems.push(...(await page.evaluate(tableMisfits)).map((misfit) => `${width}px: ${misfit}`));
  }
  problems.push(...thrown.slice(thrownBefore).map((message) => `thrown: ${message}`));
  if (problems.length)
    await page.screenshot({
      path: artifactPath('newcomer', `04-${entry.path.slice(1).replaceAll('/', '-')}`),
    });
  return problems;
}

describe('a newcomer walks every page of the back-office menu', () => {
  test.each(Object.keys(MENU_WALK) as Walker[])(
    '%s: each page shows its content, no error, and its tables fit at 1280 and 1440 px',
    async (who) => {
      const context = await browser.newContext(VIEWPORTS.desktop);
      const page = await context.newPage();
      const thrown: string[] = [];
      page.on('pageerror', (error) => thrown.push(error.message));
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 500)
          thrown.push(`${response.status()} from ${response.url()}`);
      });
      try {
        await signInBackOffice(page, who);
        const found: Record<string, string[]> = {};
        for (const entry of MENU_WALK[who]) {
          const problems = await walkPage(page, entry, thrown);
          if (problems.length) found[entry.path] = problems;
        }
        expect(found).toEqual({});
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});

describe('the back office', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.desktop);
    page = await context.newPage();
    await signInBackOffice(page, 'projectAdmin');
  });
  afterAll(() => context.close());

  test('the column picker brings back the hidden columns of 班级管理', async () => {
    await page.goto(`${product.url}/admin/train-manage/class`);
    await expectVisible(page.getByRole('columnheader', { name: /报名人数/ }));
    expect(await page.getByRole('columnheader', { name: '报名时间' }).count()).toBe(0);
    await page.getByLabel('列设置').first().click();
    await page.locator('.ant-popover').getByText('报名时间').click();
    await expectVisible(page.getByRole('columnheader', { name: '报名时间' }));
    await shot(page, '05-column-picker');
    await page.locator('.ant-popover').getByText('恢复默认').click();
    await page.keyboard.press('Escape');
  });

  test('a project admin changes their project’s title, pay note and trial under 账号管理 → 项目设置', async () => {
    await page.goto(`${product.url}/admin/account-manage/project-setting`);
    await expectVisible(page.getByText(`项目设置 · ${DEMO.projectName}`));
    await expectVisible(page.getByText('由平台管理员设置').first());
    await page.getByLabel('支付提示').fill('报名后七日内可申请退款');
    await page.locator('.ant-form-item').filter({ hasText: '允许试看' }).getByRole('switch').click();
    await page
      .getByRole('button', { name: /保存设置/ })
      .first()
      .click();
    await expectVisible(page.getByText('设置已保存'));
    await shot(page, '06-own-project-settings');
    const info = await callProduct(product.url, '', 'project/system-info', {});
    expect(info).toMatchObject({ payTip: '报名后七日内可申请退款', trySeeVideo: 0 });
  });

  test('a page the role was not granted says 403 无权限, not 401', async () => {
    await page.goto(`${product.url}/admin/project-manage/setting?projectId=1`);
    await page.waitForURL(/\/admin\/401$/);
    await expectVisible(page.getByText('403 无权限'));
    expect(await page.getByText('401', { exact: true }).count()).toBe(0);
  });

  test('editing a plan is titled 编辑计划 in the tab and breadcrumb', async () => {
    await page.goto(`${product.url}/admin/train-manage/train-plan-list`);
    await page.getByRole('link', { name: '编辑', exact: true }).first().click();
    await page.waitForURL(/train-plan-detail\?id=\d+/);
    await expectVisible(
      page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name: '编辑计划' }),
    );
    expect(await page.locator('.app-navbar__breadcrumb').textContent()).toContain('编辑计划');
  });
});
