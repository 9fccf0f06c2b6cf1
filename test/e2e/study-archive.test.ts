import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// The walk through the study archive and student management in the back office: the
// project admin finds the demo enrolment that has studied, opens its study detail (credited time
// and the refused beats the heartbeat judge recorded), then opens 学员管理 and the student's detail.

/** The demo student whose study the demo seed played (see study-report.demo.ts). */
const DEMO_STUDENT = '李四';
const DEMO_ID_CARD = '370102198805122012';
/** The steps share one product and run in order; each may wait on a slow machine. */
const STEP_TIMEOUT = 180_000;

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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: artifactPath('study-archive', name), fullPage: true });

/** The table row holding `text`. */
const row = (scope: Page | Locator, text: string | RegExp) =>
  scope.locator('.ant-table-row').filter({ hasText: text });

/** A card of the page by its title. */
const card = (page: Page, title: string | RegExp) =>
  page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/**
 * Whether every table in `scope` fits its box at this width: no horizontal scrolling, so no column
 * hides under a pinned one or beyond the edge.
 */
async function expectTablesFit(scope: Locator): Promise<void> {
  const overflows = await scope
    .locator('.ant-table-content, .ant-table-body')
    .evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
  expect(overflows.length).toBeGreaterThan(0);
  for (const overflow of overflows) expect(overflow).toBeLessThanOrEqual(1);
}

describe('the study archive and student management', () => {
  let office: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    office = await browser.newContext(VIEWPORTS.desktop);
    admin = await office.newPage();
  });
  afterAll(async () => {
    await office?.close();
  });

  test(
    '学习档案: the project admin finds the demo enrolment that was studied',
    async () => {
      await admin.goto(`${product.url}/admin/train-manage/study-report`);
      await admin.waitForURL(/\/admin\/admin-login/);
      await admin.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await admin.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(admin, '登录').click();
      await admin.waitForURL(/\/admin\/train-manage\/study-report$/);
      await expectVisible(admin.locator('.ant-card-head-title', { hasText: '学习档案' }));
      // Newest first: the unit's imported staff (awaiting payment) lead the list.
      await expectVisible(row(admin, DEMO.unitStaff[0]).first());
      await shot(admin, '01-study-report');
      await expectTablesFit(admin.locator('.ant-card').first());

      await admin.getByPlaceholder('姓名、身份证号或手机号').fill(DEMO_STUDENT);
      await button(admin, '查询').click();
      await expectVisible(admin.getByText(`共 3 条`));
      const studied = row(admin, DEMO_STUDENT).filter({ hasNotText: '未开始' });
      await expect(studied.count()).resolves.toBe(1);
      await expectVisible(studied.getByText('必修 0.5 / 1.5'));
      await shot(admin, '02-study-report-filtered');
      await studied.getByRole('link', { name: '学习详情' }).click();
      await admin.waitForURL(/\/admin\/train-manage\/study-report\/study-detail\?id=\d+$/);
    },
    STEP_TIMEOUT,
  );

  test(
    '学习详情: the credited time of each lesson and the refused beats with their reasons',
    async () => {
      const lessons = card(admin, '课时学习记录');
      await expectVisible(lessons);
      const first = row(lessons, '安全生产概述');
      await expectVisible(first.getByText('100%'));
      await expect(first.getByText('00:12').count()).resolves.toBeGreaterThanOrEqual(2);
      const second = row(lessons, '消防演练示范');
      await expectVisible(second.getByText('00:03'));
      await expectVisible(second.getByText('学习中'));
      await expectTablesFit(lessons);

      const refusals = card(admin, /被拒心跳/);
      await expectVisible(refusals.getByText('被拒心跳（4）'));
      for (const reason of ['拖动到未学习的位置', '等待回答弹题', '页面不在前台', '倍速播放'])
        await expectVisible(refusals.locator('.ant-tag', { hasText: `${reason} × 1` }));
      await expectVisible(row(refusals, '倍速播放').getByText('消防演练示范'));
      await expect(refusals.locator('.ant-table-row').count()).resolves.toBe(4);
      const answers = card(admin, /弹题作答/);
      await expectVisible(row(answers, '发现火情后，第一步应当做什么？').getByText('正确'));
      await shot(admin, '03-study-detail');

      // A lesson's refused beats open that lesson's refusals.
      await first.getByRole('button', { name: '2' }).click();
      await expect(refusals.locator('.ant-table-row').count()).resolves.toBeLessThanOrEqual(4);
      await expectVisible(row(refusals, '拖动到未学习的位置'));
      await refusals.locator('.ant-table-row', { hasText: '倍速播放' }).waitFor({ state: 'detached' });
      // The page scrolled to the refusals: a picture of the card (a full page would draw the fixed shell mid-page).
      await refusals.screenshot({
        path: artifactPath('study-archive', '04-study-detail-refusals-of-lesson'),
      });
    },
    STEP_TIMEOUT,
  );

  test(
    '学员管理: the student list, masked, and the student’s detail in full with enrolments',
    async () => {
      await admin.goto(`${product.url}/admin/student-manage/student`);
      await expectVisible(admin.locator('.ant-card-head-title', { hasText: '学员列表' }));
      // The list shows the newest first, and the demo's later students (examination candidates,
      // partner sign-ups) push 李四 past the first page: found by the name filter.
      await expectVisible(admin.locator('.ant-table-row').first());
      await admin.getByPlaceholder('姓名的一部分').fill(DEMO_STUDENT);
      await button(admin, '查询').click();
      const student = row(admin, DEMO_STUDENT);
      await expectVisible(student.getByText('370102********2012'));
      await shot(admin, '05-student-list');
      await expectTablesFit(admin.locator('.ant-card').first());

      await student.getByRole('link', { name: DEMO_STUDENT }).click();
      await admin.waitForURL(/\/admin\/student-manage\/student-detail\?id=\d+$/);
      await expectVisible(admin.getByText(DEMO_ID_CARD));
      const enrolments = card(admin, /报名班级/);
      await expectVisible(enrolments.getByText('0.5 / 1.5'));
      await expect(enrolments.locator('.ant-table-row').count()).resolves.toBe(3);
      await expectTablesFit(enrolments);
      await shot(admin, '06-student-detail');

      await enrolments.getByRole('link', { name: '学习详情' }).first().click();
      await admin.waitForURL(/\/admin\/train-manage\/study-report\/study-detail\?id=\d+$/);
      await expectVisible(card(admin, '课时学习记录'));
    },
    STEP_TIMEOUT,
  );
});
