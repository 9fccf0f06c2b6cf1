import fs from 'node:fs';
import { DEMO } from '@px/api';
import type { Calls } from '@px/api/contract';
import { decodePdfQrCodes, readPdfText } from '@px/api/testing';
import type { InputOf } from '@px/config';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { answerRightly, type DrawnQuestion } from '../support/exam';
import { callProduct, queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 13, the exam screens: in the back office the project admin sees the demo question bank,
// the demo paper and the demo class's exam settings; on the H5 the demo student enrols in the free
// demo exam class, studies its short lesson (the exam is locked until then), sits the exam (a
// reload mid-exam keeps the countdown and the answers), answers correctly, submits and sees 合格,
// and the hub shows the class 已合格; the pass issued a certificate: 我的证书 downloads its PDF, whose
// QR code opens the public query page saying 有效; the back office's 考试成绩 then lists the score.

const STEP_TIMEOUT = 240_000;
/** The demo class with an exam (exam.demo.ts) and its one lesson, with a pop-up question at 6 s. */
const EXAM_CLASS = DEMO.examClass;
const LESSON = '安全生产概述';
const LESSON_QUESTION = '发现火情后，第一步应当做什么？';
const DEMO_PAPER = '安全生产知识考试卷';
const BANK_QUESTION = '发现火灾后，应立即拨打的火警电话是？';

let product: ProductServer;
let browser: Browser;
let h5: string;

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  h5 = product.url.replace('127.0.0.1', 'localhost');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** A screenshot once dialogs and popups have finished their transitions. */
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: artifactPath('exam', name), fullPage });
};

/** Runs one query on the product's database. */
const query = <T extends object>(text: string, values: unknown[]) => queryProduct<T>(product, text, values);

/** One API call as the signed-in student; answers `attribute`, throws with the envelope's message when refused. */
const callAs = <K extends keyof Calls & string>(token: string, key: K, input: InputOf<Calls[K]>) =>
  callProduct(h5, token, key, input);

describe('the exam screens with the demo data', () => {
  let office: BrowserContext;
  let admin: Page;
  let phone: BrowserContext;
  let token: string;
  let myClassId: number;
  let attemptId: number;

  beforeAll(async () => {
    office = await browser.newContext(VIEWPORTS.desktop);
    admin = await office.newPage();
    phone = await browser.newContext({
      ...VIEWPORTS.phone,
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
  });
  afterAll(async () => {
    await office?.close();
    await phone?.close();
  });

  test(
    'back office: the project admin sees the demo question bank, the demo paper and the class exam settings',
    async () => {
      await admin.goto(`${product.url}/admin/resource-manage/exam-question`);
      await admin.waitForURL(/\/admin\/admin-login/);
      await admin.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await admin.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(admin, '登录').click();
      await admin.waitForURL(/\/admin\/resource-manage\/exam-question$/);
      await expectVisible(admin.locator('.ant-card-head-title', { hasText: '考试题库' }));
      // The bank lists the newest first: the first demo question is found with the keyword filter.
      await expectVisible(admin.locator('.ant-table-row').first());
      await admin.getByPlaceholder('题干中的文字').fill('火警电话');
      await button(admin, '查询').click();
      await expectVisible(admin.locator('.ant-table-row').filter({ hasText: BANK_QUESTION }));
      await expectVisible(admin.getByText('共 1 条'));
      await expectVisible(admin.locator('.ant-tree').getByText('消防安全'));
      await expectVisible(admin.locator('.ant-menu').getByText('试卷管理'));
      await shot(admin, '01-question-bank', true);

      await button(admin, '重置').click();
      await admin.locator('.ant-tree').getByText('用电安全').click();
      await expectVisible(admin.locator('.ant-table-row').filter({ hasText: '我国规定的安全电压' }));
      await admin
        .locator('.ant-table-row')
        .filter({ hasText: BANK_QUESTION })
        .waitFor({ state: 'detached', timeout: 15_000 });

      await button(admin, '新增试题').click();
      await expectVisible(admin.locator('.ant-modal-title', { hasText: '新增试题' }));
      await shot(admin, '02-question-editor');
      await button(admin.locator('.ant-modal'), '取消').click();

      await admin.goto(`${product.url}/admin/resource-manage/exam-paper`);
      const paper = admin.locator('.ant-table-row').filter({ hasText: DEMO_PAPER });
      await expectVisible(paper);
      await expectVisible(paper.getByText('手动组卷'));
      await button(paper, '预览').click();
      await expectVisible(admin.getByText('共 10 题，总分 100 分'));
      await shot(admin, '03-paper-preview');
      await button(admin.locator('.ant-modal-footer'), '关闭').click();
      await button(paper, '编辑').click();
      await expectVisible(admin.locator('.ant-drawer').getByText('总分 100 / 100'));
      const editorOverflow = await admin
        .locator('.ant-drawer .ant-table-content')
        .first()
        .evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(editorOverflow).toBeLessThanOrEqual(1);
      await shot(admin, '04-paper-editor');
      await button(admin.locator('.ant-drawer-footer'), '取消').click();

      const [cls] = await query<{ id: number }>('SELECT id FROM train_class WHERE name = $1', [EXAM_CLASS]);
      if (!cls) throw new Error(`the demo class ${EXAM_CLASS} is missing`);
      await admin.goto(`${product.url}/admin/train-manage/train-class-detail?id=${cls.id}`);
      await admin.getByRole('tab', { name: '考试设置' }).click();
      await expectVisible(admin.getByText('学员学完要求学时后即可参加考试'));
      await expectVisible(admin.locator('#exam-setting-form').getByText(DEMO_PAPER, { exact: false }));
      await shot(admin, '05-class-exam-settings');
    },
    STEP_TIMEOUT,
  );

  test(
    'H5: the demo student enrols, finds the exam locked, studies the lesson and the exam opens',
    async () => {
      const page = await phone.newPage();
      await signInDemoStudent(page, h5);
      const cookie = (await phone.cookies()).find((entry) => entry.name === 'token');
      if (!cookie) throw new Error('no session cookie after signing in');
      token = cookie.value;

      // Enrolled through the calls the checkout makes: the class is free, so paid at once.
      const [cls] = await query<{ id: number }>('SELECT id FROM train_class WHERE name = $1', [EXAM_CLASS]);
      await callAs(token, 'shop-cart/save', { classId: Number(cls?.id) });
      expect((await callAs(token, 'order/submit', {})).order.status).toBe('PAID');

      await page.reload();
      const card = page.locator('.my-card').filter({ hasText: EXAM_CLASS });
      await card.getByRole('button', { name: `去学习：${EXAM_CLASS}` }).click();
      await page.waitForURL(/\/student\/study-page\?myClassId=\d+$/);
      myClassId = Number(new URL(page.url()).searchParams.get('myClassId'));

      const exam = page.getByRole('region', { name: '考试与练习' });
      await expectVisible(exam.getByText('学时未达到要求，学完后才能考试'));
      await expectVisible(exam.getByText('合格分 60 分 · 限时 20 分钟 · 共 10 题'));
      expect(await exam.getByRole('button', { name: '参加考试' }).isDisabled()).toBe(true);
      await shot(page, '06-h5-exam-locked', true);

      // The lesson: play it through, answer its pop-up question.
      await page.getByRole('button', { name: `${LESSON}（未学完）` }).click();
      await page.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="study-video"]');
          return Boolean(video && (video.currentTime > 0 || video.readyState >= 2));
        },
        undefined,
        { timeout: 20_000 },
      );
      const paused = await page
        .getByTestId('study-video')
        .evaluate((video: HTMLVideoElement) => video.paused);
      if (paused) await page.locator('.study-player__big-play').click();
      await expectVisible(page.getByText(LESSON_QUESTION), 30_000);
      await page.getByText('B. 立即报警并疏散').click();
      await page.getByRole('button', { name: '提交答案' }).click();
      await page.getByRole('button', { name: '继续学习' }).click();
      await expectVisible(page.locator('.study-player__stats').getByText('已学完'), 40_000);
      await page.getByRole('button', { name: '关闭播放器' }).click();

      // The hours are credited: the exam opens without a reload.
      const start = exam.getByRole('button', { name: '参加考试' });
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('.exam-entry button')).some(
            (element) => element.textContent === '参加考试' && !(element as HTMLButtonElement).disabled,
          ),
        undefined,
        { timeout: 20_000 },
      );
      await expectVisible(exam.getByText('已考 0 / 3 次 · 最高分 --'));
      await shot(page, '07-h5-exam-open', true);
      await start.click();
      await expectVisible(page.getByText('考试限时 20 分钟，开始后计时不会暂停', { exact: false }));
      await page.locator('.rv-dialog').getByRole('button', { name: '开始考试' }).click();
      await page.waitForURL(/\/student\/exam\?myClassId=\d+&attemptId=\d+$/);
      attemptId = Number(new URL(page.url()).searchParams.get('attemptId'));
      await expectVisible(page.getByRole('timer'));
      await page.locator('.rv-dialog').waitFor({ state: 'hidden', timeout: 15_000 });
      await shot(page, '08-h5-sheet');
    },
    STEP_TIMEOUT,
  );

  test(
    'H5: answers survive a reload with the countdown, the student answers rightly, submits and passes',
    async () => {
      const page = phone.pages()[0] as Page;
      const [attempt] = await query<{ questions: DrawnQuestion[] }>(
        'SELECT questions FROM exam_attempt WHERE id = $1',
        [attemptId],
      );
      const questions = attempt?.questions ?? [];
      expect(questions).toHaveLength(10);

      // The first half, then a reload.
      for (const question of questions.slice(0, 5)) {
        await answerRightly(page, question);
        await page.getByRole('button', { name: '下一题' }).click();
      }
      await expectVisible(page.getByText('答案已保存'));
      await expectVisible(page.getByRole('button', { name: '答题卡 5/10' }));
      const before = await page.getByRole('timer').textContent();
      await shot(page, '09-h5-sheet-half');

      await page.reload();
      const timer = page.getByRole('timer');
      await expectVisible(timer);
      const after = await timer.textContent();
      const seconds = (text: string | null) => {
        const [minutes, rest] = (text ?? '').replace('剩余 ', '').split(':').map(Number);
        return (minutes ?? 0) * 60 + (rest ?? 0);
      };
      expect(seconds(after)).toBeLessThanOrEqual(seconds(before));
      expect(seconds(after)).toBeGreaterThan(18 * 60);
      await expectVisible(page.getByRole('button', { name: '答题卡 5/10' }));
      // Back on the question the student was on (issue 30: it went back to question 1).
      const sixth = questions[5] as DrawnQuestion;
      await expectVisible(page.getByRole('region', { name: '第 6 题' }).getByText(sixth.content));
      await shot(page, '10-h5-after-reload');

      // The answer card jumps to the first question, which shows its saved answer again.
      await page.getByRole('button', { name: '答题卡 5/10' }).click();
      await expectVisible(page.getByText('已答 5 题 · 未答 5 题'));
      await shot(page, '11-h5-answer-card');
      await page.getByRole('button', { name: '第 1 题（已答）' }).click();
      const first = questions[0] as DrawnQuestion;
      const firstCard = page.getByRole('region', { name: '第 1 题' });
      await expectVisible(firstCard.getByText(first.content));
      expect(
        await firstCard.locator('.rv-radio__icon--checked, .rv-checkbox__icon--checked').count(),
      ).toBeGreaterThan(0);
      // Then to the first unanswered question; the rest follow.
      await page.getByRole('button', { name: '答题卡 5/10' }).click();
      await page.getByRole('button', { name: '第 6 题（未答）' }).click();
      for (const question of questions.slice(5)) {
        await answerRightly(page, question);
        if (question.no < 10) await page.getByRole('button', { name: '下一题' }).click();
      }
      await page.locator('.exam-sheet__footer').getByRole('button', { name: '交卷' }).click();
      const dialog = page.locator('.rv-dialog');
      await expectVisible(dialog.getByText('已答完全部题目，交卷后不能再修改答案。'));
      await dialog.getByRole('button', { name: '交卷' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });

      await expectVisible(page.getByText('合格', { exact: true }));
      await expectVisible(page.locator('.exam-result__score').getByText('100'));
      await expectVisible(page.getByText('合格分 60 分'));
      await expectVisible(page.getByRole('region', { name: '答案解析' }).getByText(`正确答案：`).first());
      // The certificate the pass issued is named, with the way to 我的证书 (issue 30).
      const issued = page.getByRole('region', { name: '结业证书' });
      await expectVisible(issued.getByText('恭喜，结业证书已发放'));
      await expectVisible(issued.getByText(/^证书编号 \S+$/));
      await shot(page, '12-h5-result');
      await shot(page, '12b-h5-review', true);
      await issued.getByRole('button', { name: '我的证书' }).click();
      await page.waitForURL(/\/my\?tab=certificates$/);
      await expectVisible(page.getByRole('listitem').filter({ hasText: EXAM_CLASS }));

      const [row] = await query<{ status: string }>('SELECT status FROM exam_attempt WHERE id = $1', [
        attemptId,
      ]);
      expect(row?.status).toBe('SUBMITTED');
      const entry = await callAs(token, 'my-class/exam-entry', { myClassId });
      expect(entry.passed).toBe(true);
      expect(entry.bestScore).toBe(100);

      // The hub (进行中: a passed class is not over) shows the class 已合格.
      await page.goto(`${h5}/my`);
      await expectVisible(page.locator('.my-card').filter({ hasText: EXAM_CLASS }).getByText('已合格'));
      await shot(page, '13-h5-hub-passed', true);
    },
    STEP_TIMEOUT,
  );

  test(
    'H5: the pass issued a certificate with the score: 我的证书 lists it, its PDF carries the QR code, the query page says 有效',
    async () => {
      const page = phone.pages()[0] as Page;
      await page.goto(`${h5}/my?tab=certificates`);
      const card = page.getByRole('listitem').filter({ hasText: EXAM_CLASS });
      await expectVisible(card.getByText('有效'));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: '下载' }).click(),
      ]);
      const pdf = fs.readFileSync(await download.path());
      const text = await readPdfText(pdf);
      expect(text).toContain(DEMO.accounts.student.name);
      expect(text).toContain(EXAM_CLASS);
      const [queryUrl] = await decodePdfQrCodes(pdf);
      expect(queryUrl).toMatch(new RegExp(`^${h5}/query-certificate\\?code=[0-9A-Z]{8}$`));
      await shot(page, '16-h5-certificate');

      const visitor = await browser.newContext(VIEWPORTS.phone);
      try {
        const check = await visitor.newPage();
        await check.goto(queryUrl as string);
        const found = check.getByRole('region').filter({ hasText: EXAM_CLASS });
        await expectVisible(found.getByRole('status').getByText('有效', { exact: true }));
        await expectVisible(found.getByText('100 分'));
        await shot(check, '17-query-valid');
      } finally {
        await visitor.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    'back office: 考试成绩 lists the score, with the attempt and its answers',
    async () => {
      await admin.goto(`${product.url}/admin/train-manage/exam-score`);
      await expectVisible(admin.locator('.ant-card-head-title', { hasText: '考试成绩' }));
      const row = admin.locator('.ant-table-row').filter({ hasText: DEMO.accounts.student.name });
      await expectVisible(row);
      await expectVisible(row.getByText(EXAM_CLASS));
      await expectVisible(row.getByText('100', { exact: true }).first());
      await expectVisible(row.getByText('合格', { exact: true }));
      await expectVisible(row.getByText('1 / 3'));
      // Every column fits a desktop screen: none hides under the pinned 操作 column.
      const overflow = await admin
        .locator('.ant-card .ant-table-content')
        .first()
        .evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(admin, '14-exam-scores');
      await button(row, '考试记录').click();
      const drawer = admin.locator('.ant-drawer');
      await expectVisible(drawer.getByText('已交卷'));
      await button(drawer, '查看答卷').click();
      await expectVisible(admin.locator('.ant-modal').getByText('学员答案：', { exact: false }).first());
      await shot(admin, '15-attempt-answers');
    },
    STEP_TIMEOUT,
  );
});
