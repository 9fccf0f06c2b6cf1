import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { callProduct, queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 17, "What a newcomer tripped over": each finding, seen in a real browser on the demo data.

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

/** The back office's list pages, by who may open them. */
const LISTS: Record<'projectAdmin' | 'platformAdmin', string[]> = {
  projectAdmin: [
    '/train-manage/class',
    '/resource-manage/course',
    '/resource-manage/video',
    '/resource-manage/certificate',
    '/resource-manage/exam-question',
    '/resource-manage/exam-paper',
    '/account-manage/role',
    '/account-manage/administrator-list',
    '/account-manage/banner-list',
    '/unit-manage/list',
    '/order-manage/list',
    '/student-manage/student',
    '/train-manage/study-report',
    '/train-manage/train-plan-list',
    '/customer/my-certificate-manage',
    '/train-manage/exam-score',
    '/train-manage/unit-class',
    '/invoice-manage/invoice-list',
    '/invoice-manage/invoice-collective',
    '/customer/invoice-manage',
    '/invoice-manage/refund-list',
    '/invoice-manage/order-manage',
    '/train-manage/change-class-manage',
  ],
  platformAdmin: ['/project-manage/list', '/wxapp-manage/list', '/super-account/index'],
};

async function signInBackOffice(page: Page, who: 'projectAdmin' | 'platformAdmin'): Promise<void> {
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

describe.each([1440, 1280])('back-office lists at %i px', (width) => {
  test.each(Object.entries(LISTS))(
    'every list of %s fits',
    async (who, paths) => {
      const context = await browser.newContext({ ...VIEWPORTS.desktop, viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await signInBackOffice(page, who as 'projectAdmin' | 'platformAdmin');
        const misfits: Record<string, string[]> = {};
        for (const path of paths) {
          await page.goto(`${product.url}/admin${path}`);
          await page.locator('.ant-table-tbody').first().waitFor({ timeout: 15_000 });
          await page.waitForTimeout(500);
          const found = await page.evaluate(tableMisfits);
          if (found.length) misfits[path] = found;
          if (path === '/train-manage/class' || path === '/resource-manage/course')
            await shot(page, `04-${width}${path.replaceAll('/', '-')}`);
        }
        expect(misfits).toEqual({});
      } finally {
        await context.close();
      }
    },
    120_000,
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
