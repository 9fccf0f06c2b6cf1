/// <reference lib="dom" />
/**
 * Takes the screenshots of docs/tour.md (`docs/images/tour-*.jpg`): boots the whole product as
 * `npm start` does on a throwaway embedded PostgreSQL with the demo data (the browser tests'
 * `startProductServer`), then walks the main journeys in headless Chromium as a person would: the
 * H5 at phone size (390x844) inside WeChat, the back office at 1440x900. It enrols 张三 in classes,
 * pays, studies and sits the exam on that throwaway database only. Run by hand when the screens
 * change: `npx tsx scripts/make-tour-shots.ts` (needs /usr/bin/chromium, or CHROMIUM_PATH).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO } from '@px/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton } from '../test/support/antd';
import { launchBrowser } from '../test/support/browser';
import { answerRightly, type DrawnQuestion } from '../test/support/exam';
import { queryProduct } from '../test/support/product';
import { type ProductServer, startProductServer } from '../test/support/server';
import { expectVisible } from '../test/support/wait';

const OUT_DIR = path.resolve(__dirname, '..', 'docs', 'images');
/** WeChat's in-app browser as the H5 sees it (the JS-SDK and the OAuth guard look for MicroMessenger). */
const WECHAT_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) Mobile MicroMessenger/8.0.49';
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: WECHAT_USER_AGENT,
  locale: 'zh-CN',
};
const DESKTOP = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };
/** The paid demo class 张三 buys inside WeChat. */
const PAID_CLASS = '安全生产法专题班';
const LESSON = '安全生产概述';
const LESSON_QUESTION = '发现火情后，第一步应当做什么？';

let product: ProductServer;

/** Writes the page as it shows now to docs/images/tour-<name>.jpg, once transitions have settled. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(600);
  const file = path.join(OUT_DIR, `tour-${name}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
  console.log(`${path.relative(process.cwd(), file)} ${Math.round(fs.statSync(file).size / 1024)} KB`);
}

const query = <T extends object>(text: string, values: unknown[]) => queryProduct<T>(product, text, values);

async function classId(name: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM train_class WHERE name = $1', [name]);
  if (!row) throw new Error(`no demo class ${name}`);
  return Number(row.id);
}

/** From a class's detail page through the cart and checkout to the order (立即报名 → 去结算 → 提交订单). */
async function enrol(page: Page, name: string): Promise<void> {
  await page.goto(`${product.url}/detail-public?id=${await classId(name)}`);
  await page.getByRole('button', { name: '立即报名' }).click();
  await page.waitForURL(/\/go-pay\?ids=\d+$/);
  await page.getByRole('button', { name: /^去结算/ }).click();
  await expectVisible(page.getByRole('heading', { name: '确认订单' }));
  await page.getByRole('button', { name: '提交订单' }).click();
}

/** The student H5 inside WeChat: browsing, WeChat sign-in, paying, studying, the exam, certificates. */
async function studentJourneys(browser: Browser): Promise<void> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.goto(`${product.url}/trainIndex`);
    await expectVisible(page.locator('.train-index__banner').first());
    await shot(page, 'h5-home');
    await page.goto(`${product.url}/detail-public?id=${await classId(DEMO.studentClass)}`);
    await expectVisible(page.getByRole('button', { name: '立即报名' }));
    await shot(page, 'h5-class-detail');

    // WeChat OAuth: the simulator's consent page, then binding the WeChat user to the demo student.
    await page.goto(`${product.url}/my`);
    await page.waitForURL((url) => url.href.startsWith(`${product.wechatUrl}/connect/oauth2/authorize`));
    await shot(page, 'wechat-consent');
    await page.getByRole('button', { name: '以 张三 身份授权' }).click();
    await page.waitForURL(/\/login-wx-binding\?scene=/);
    await page.getByPlaceholder('请输入身份证号或手机号').fill(DEMO.accounts.student.idCardNo);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.student.password);
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await page.waitForURL(/\/my$/);
    await expectVisible(page.getByRole('region', { name: '学习档案' }));
    await shot(page, 'h5-my');

    // Paying inside WeChat (JSAPI): the simulator's pay sheet over the pay page.
    await enrol(page, PAID_CLASS);
    await page.waitForURL(/\/student\/order-pay\?id=\d+$/);
    // 微信支付 is enabled once wx.config went through the simulator's bridge; a click waits for that.
    await page.getByRole('button', { name: '微信支付' }).click({ timeout: 20_000 });
    const sheet = page.locator('[data-wechat-sim="pay"]');
    await expectVisible(sheet);
    await shot(page, 'h5-wechat-pay');
    await sheet.getByRole('button', { name: '确认支付' }).click();
    await expectVisible(page.getByRole('heading', { name: '支付成功' }), 30_000);

    // Studying: the free exam class, its lesson's pop-up question, then the exam.
    await enrol(page, DEMO.examClass);
    await page.goto(`${product.url}/my`);
    const card = page.locator('.my-card').filter({ hasText: DEMO.examClass });
    await card.getByRole('button', { name: `去学习：${DEMO.examClass}` }).click();
    await page.waitForURL(/\/student\/study-page\?myClassId=\d+$/);
    const myClassId = Number(new URL(page.url()).searchParams.get('myClassId'));
    await page.getByRole('button', { name: `${LESSON}（未学完）` }).click();
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="study-video"]');
        return Boolean(video && (video.currentTime > 0 || video.readyState >= 2));
      },
      undefined,
      { timeout: 20_000 },
    );
    if (await page.getByTestId('study-video').evaluate((video: HTMLVideoElement) => video.paused)) {
      await page.locator('.study-player__big-play').click();
    }
    await expectVisible(page.getByText(LESSON_QUESTION), 30_000);
    await shot(page, 'h5-study-question');
    await page.getByText('B. 立即报警并疏散').click();
    await page.getByRole('button', { name: '提交答案' }).click();
    await page.getByRole('button', { name: '继续学习' }).click();
    await expectVisible(page.locator('.study-player__stats').getByText('已学完'), 40_000);
    await page.getByRole('button', { name: '关闭播放器' }).click();
    // 参加考试 is enabled once the hours are credited; a click waits for that.
    await page
      .getByRole('region', { name: '考试与练习' })
      .getByRole('button', { name: '参加考试' })
      .click({ timeout: 20_000 });
    await page.locator('.rv-dialog').getByRole('button', { name: '开始考试' }).click();
    await page.waitForURL(/\/student\/exam\?myClassId=\d+&attemptId=\d+$/);
    await page.locator('.rv-dialog').waitFor({ state: 'hidden', timeout: 15_000 });
    const attemptId = Number(new URL(page.url()).searchParams.get('attemptId'));
    const [attempt] = await query<{ questions: DrawnQuestion[] }>(
      'SELECT questions FROM exam_attempt WHERE id = $1 AND my_class_id = $2',
      [attemptId, myClassId],
    );
    const questions = attempt?.questions ?? [];
    for (const question of questions) {
      await answerRightly(page, question);
      if (question.no === 3) await shot(page, 'h5-exam');
      if (question.no < questions.length) await page.getByRole('button', { name: '下一题' }).click();
    }
    await page.locator('.exam-sheet__footer').getByRole('button', { name: '交卷' }).click();
    const dialog = page.locator('.rv-dialog');
    await dialog.getByRole('button', { name: '交卷' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await expectVisible(page.getByText('合格', { exact: true }));
    await shot(page, 'h5-exam-result');

    // Certificates: 我的证书 (now with the exam's), and last year's on the public query page.
    await page.goto(`${product.url}/my?tab=certificates`);
    await expectVisible(page.getByRole('listitem').filter({ hasText: DEMO.passedClass }));
    await shot(page, 'h5-certificates');
    const [certificate] = await query<{ verify_code: string }>(
      'SELECT verify_code FROM certificate WHERE class_name = $1',
      [DEMO.passedClass],
    );
    await page.goto(`${product.url}/query-certificate?code=${certificate?.verify_code}`);
    await expectVisible(page.getByText('有效').first());
    await shot(page, 'h5-certificate-query');
  } finally {
    await context.close();
  }
}

/** Signs a member of staff in to the back office and waits for the home page. */
async function signInBackOffice(page: Page, account: { account: string; password: string }): Promise<void> {
  await page.goto(`${product.url}/admin/`);
  await page.getByPlaceholder('请输入账号').fill(account.account);
  await page.getByPlaceholder('请输入密码').fill(account.password);
  await antdButton(page, '登录').click();
  await page.waitForURL(/\/admin\/home$/);
}

/** Opens a back-office page and waits for its first table row. */
async function openList(page: Page, route: string): Promise<void> {
  await page.goto(`${product.url}/admin${route}`);
  await expectVisible(page.locator('.ant-table-row').first());
}

/** The back office as the project admin and as the unit manager. */
async function staffJourneys(browser: Browser): Promise<void> {
  let context: BrowserContext = await browser.newContext(DESKTOP);
  let page = await context.newPage();
  try {
    await signInBackOffice(page, DEMO.accounts.projectAdmin);
    await openList(page, '/train-manage/class');
    await shot(page, 'admin-classes');
    const [archive] = await query<{ id: number }>(
      `SELECT m.id FROM my_class m JOIN account a ON a.id = m.account_id JOIN train_class c ON c.id = m.class_id
        WHERE a.real_name = '李四' AND c.name = '公需科目综合学习班'`,
      [],
    );
    await page.goto(`${product.url}/admin/train-manage/study-report/study-detail?id=${archive?.id}`);
    await expectVisible(page.getByText(/被拒心跳/).first());
    await shot(page, 'admin-study-detail');
    await openList(page, '/invoice-manage/refund-list');
    await shot(page, 'admin-refund-applications');
    await openList(page, '/order-manage/list');
    await shot(page, 'admin-orders');
    await context.close();

    context = await browser.newContext(DESKTOP);
    page = await context.newPage();
    await signInBackOffice(page, DEMO.accounts.unitManager);
    const [unitClass] = await query<{ id: number }>('SELECT id FROM unit_class WHERE name = $1', [
      DEMO.unitClass,
    ]);
    await page.goto(`${product.url}/admin/train-manage/unit-class-detail?id=${unitClass?.id}`);
    await expectVisible(page.locator('.ant-table-row').first());
    await shot(page, 'admin-unit-class');
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  product = await startProductServer();
  const browser = await launchBrowser();
  try {
    await studentJourneys(browser);
    await staffJourneys(browser);
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
