import fs from 'node:fs';
import { DEMO } from '@px/api';
import type { Calls } from '@px/api/contract';
import { decodePdfQrCodes, readPdfText } from '@px/api/testing';
import type { InputOf } from '@px/config';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { callProduct, queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 13, certificates: the demo student 张三 opens 我的证书 on the hub, views the certificate of
// the class he passed last year (its QR code) and downloads its PDF, whose text and QR code are read
// back; the QR code's address opens the public query page, which says 有效. The project admin then
// stops the certificate in 证书管理, and the same query page says 已停用. Last, 张三 enrols in the demo
// exam class, passes its exam (through the exam API; his study of its lesson is written as credited,
// study itself being the study test's), and the new certificate shows under 我的证书 with the score.
// His skill certificate (电工 四级/中级工, issued by the seed) is listed too, and the query page, by
// the code its view shows, answers it with the skill, the level and 有效.

const STEP_TIMEOUT = 240_000;

let product: ProductServer;
let browser: Browser;
/** The H5 at the product's public address (localhost: a secure context, where the cookies live). */
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

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: artifactPath('certificate', name), fullPage });

/** Runs one query on the product's database. */
const query = <T extends object>(text: string, values: unknown[]) => queryProduct<T>(product, text, values);

/** One API call as the signed-in student; answers `attribute`, throws with the envelope's message when refused. */
const callAs = <K extends keyof Calls & string>(token: string, key: K, input: InputOf<Calls[K]>) =>
  callProduct(h5, token, key, input);

describe('the demo certificate', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;
  /** The address the certificate's QR code holds. */
  let queryUrl: string;
  let certificateNo: string;

  beforeAll(async () => {
    phone = await browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
    desktop = await browser.newContext(VIEWPORTS.desktop);
  });
  afterAll(async () => {
    await phone?.close();
    await desktop?.close();
  });

  test(
    'the demo student opens 我的证书, views the certificate and downloads its PDF (name and QR code read back)',
    async () => {
      const page = await phone.newPage();
      await signInDemoStudent(page, h5, '/my?tab=certificates');
      if (new URL(page.url()).searchParams.get('tab') !== 'certificates')
        await page.getByText('我的证书').click();
      const card = page.getByRole('listitem').filter({ hasText: DEMO.passedClass });
      await expectVisible(card.getByText('有效'));
      await expectVisible(page.getByRole('listitem').filter({ hasText: '年度学时证明' }));
      await shot(page, '01-my-certificates');

      await card.getByRole('button', { name: '查看' }).click();
      const view = page.getByRole('region', { name: '证书内容' });
      await expectVisible(view.getByAltText('证书查验二维码'));
      await expectVisible(view.getByText(DEMO.accounts.student.name));
      await shot(page, '02-certificate-view');
      await page.keyboard.press('Escape');
      await page
        .locator('.rv-popup__close-icon')
        .first()
        .click({ trial: false })
        .catch(() => undefined);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: '下载' }).click(),
      ]);
      const file = await download.path();
      const pdf = fs.readFileSync(file);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await readPdfText(pdf);
      expect(text).toContain(DEMO.accounts.student.name);
      expect(text).toContain(DEMO.passedClass);
      const codes = await decodePdfQrCodes(pdf);
      expect(codes).toHaveLength(1);
      queryUrl = codes[0] as string;
      expect(queryUrl).toMatch(new RegExp(`^${h5}/query-certificate\\?code=[0-9A-Z]{8}$`));
      certificateNo = download.suggestedFilename().replace(/^证书|\.pdf$/g, '');
      expect(text).toContain(certificateNo);
    },
    STEP_TIMEOUT,
  );

  test(
    'inside WeChat (its user agent) 保存 shows the certificate as a picture, and 复制链接 opens its PDF in another browser',
    async () => {
      const wechat = await browser.newContext({
        ...VIEWPORTS.wechat,
        storageState: await phone.storageState(),
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      try {
        const page = await wechat.newPage();
        const elsewhere: string[] = [];
        page.on('request', (request) => {
          const url = request.url();
          // WeChat's own bridge (the simulator stands for the WeChat client) is not elsewhere.
          const ours = [h5, product.wechatUrl, 'blob:', 'data:'];
          if (!ours.some((origin) => url.startsWith(origin))) elsewhere.push(url);
        });
        await page.goto(`${h5}/my?tab=certificates`);
        const card = page.getByRole('listitem').filter({ hasText: DEMO.passedClass });
        await expectVisible(card.getByText('有效'));
        // WeChat's browser blocks downloads: the certificate shows in the page instead.
        expect(await card.getByRole('button', { name: '下载' }).count()).toBe(0);
        await card.getByRole('button', { name: '保存' }).click();
        const picture = page.getByRole('img', { name: '证书 第 1 页' });
        await expectVisible(picture, 30_000);
        await page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('.document-viewer__page');
            return Boolean(img?.complete && img.naturalWidth > 0);
          },
          undefined,
          { timeout: 15_000 },
        );
        const [width, height] = await picture.evaluate((img: HTMLImageElement) => [
          img.naturalWidth,
          img.naturalHeight,
        ]);
        // An A4 page drawn about the screen's width (portrait or landscape as the template is).
        expect(Math.max(width, height) / Math.min(width, height)).toBeCloseTo(297 / 210, 1);
        await expectVisible(page.getByText('长按图片可保存到手机'));
        await shot(page, '02b-wechat-certificate-picture');

        await page.getByRole('button', { name: '复制链接' }).click();
        await expectVisible(page.getByText('链接已复制', { exact: false }));
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link).toMatch(new RegExp(`^${h5}/api/document-link/open\\.action\\?t=`));
        // Nothing came from elsewhere: the pdf.js worker ships with the build.
        expect(elsewhere).toEqual([]);

        // The link opens the PDF in a browser without the session.
        const answer = await fetch(link);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/pdf');
        const text = await readPdfText(Buffer.from(await answer.arrayBuffer()));
        expect(text).toContain(DEMO.accounts.student.name);
      } finally {
        await wechat.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    'the QR code opens the public query page, which says 有效',
    async () => {
      const visitor = await browser.newContext(VIEWPORTS.phone);
      try {
        const page = await visitor.newPage();
        await page.goto(queryUrl);
        const result = page.getByRole('region', { name: `证书 ${certificateNo}` });
        await expectVisible(result.getByRole('status').getByText('有效', { exact: true }));
        await expectVisible(result.getByText(DEMO.passedClass));
        await shot(page, '03-query-valid', true);
      } finally {
        await visitor.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    'the project admin reprints it (证书打印) and stops it in 证书管理, and the query page says 已停用',
    async () => {
      const page = await desktop.newPage();
      await page.goto(`${product.url}/admin/customer/my-certificate-manage`);
      await page.waitForURL(/\/admin\/admin-login/);
      await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(page, '登录').click();
      await page.waitForURL(/\/admin\/customer\/my-certificate-manage$/);
      const row = page.locator('.ant-table-row').filter({ hasText: certificateNo });
      await expectVisible(row.getByText('有效'));
      await shot(page, '04-manage-list');

      // 补打 opens 证书打印 for the certificate; a reprint saves the PDF and is counted and logged.
      await row.getByRole('link', { name: '补打' }).click();
      await page.waitForURL(/\/admin\/train-manage\/second-certificate-print\?id=\d+$/);
      await expectVisible(page.getByText('已补打 0 次'));
      const [reprint] = await Promise.all([page.waitForEvent('download'), button(page, '补打证书').click()]);
      expect(
        fs
          .readFileSync(await reprint.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expectVisible(page.getByText('已补打 1 次'));
      await expectVisible(
        page.locator('.ant-table-row').filter({ hasText: DEMO.accounts.projectAdmin.name }),
      );
      await shot(page, '04b-reprint');
      await page.goto(`${product.url}/admin/customer/my-certificate-manage`);
      await expectVisible(row.getByText('有效'));
      await button(row, '停用').click();
      await button(page.locator('.ant-popover').filter({ visible: true }), '确定').click();
      await expectVisible(row.getByText('已停用'));
      await row.getByText(certificateNo).click();
      const drawer = page.locator('.ant-drawer').filter({ visible: true });
      // Staff reach the product at 127.0.0.1: the address names that host, with the same code.
      await expectVisible(
        drawer.getByText(`/query-certificate?code=${new URL(queryUrl).searchParams.get('code')}`),
      );
      await page.waitForTimeout(500); // the drawer's slide-in
      await shot(page, '05-manage-detail');

      const visitor = await browser.newContext(VIEWPORTS.phone);
      try {
        const query = await visitor.newPage();
        await query.goto(queryUrl);
        const result = query.getByRole('region', { name: `证书 ${certificateNo}` });
        await expectVisible(result.getByRole('status').getByText('已停用', { exact: true }));
        await shot(query, '06-query-disabled', true);
      } finally {
        await visitor.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    'passing the demo exam issues a certificate with the score, shown under 我的证书 and valid on the query page',
    async () => {
      const page = phone.pages()[0] as Page;
      const cookie = (await phone.cookies()).find((entry) => entry.name === 'token');
      if (!cookie) throw new Error('no session cookie');
      const [cls] = await query<{ id: number }>('SELECT id FROM train_class WHERE name = $1', [
        DEMO.examClass,
      ]);
      if (!cls) throw new Error(`the demo class ${DEMO.examClass} is missing`);
      await callAs(cookie.value, 'shop-cart/save', { classId: Number(cls.id) });
      expect((await callAs(cookie.value, 'order/submit', {})).order.status).toBe('PAID');
      const [enrolment] = await query<{ id: number }>(
        `UPDATE my_class SET status = 'FINISHED_STUDY', finished_study_at = now(),
           required_tenths = (SELECT COALESCE(sum(hours_tenths), 0) FROM train_class_course
                               WHERE class_id = $1 AND kind = 'REQUIRED')
         WHERE class_id = $1 AND status = 'STUDYING' RETURNING id`,
        [cls.id],
      );
      if (!enrolment) throw new Error('no enrolment in the exam class');
      const sheet = await callAs(cookie.value, 'exam/start', {
        myClassId: Number(enrolment.id),
        kind: 'EXAM',
      });
      const [attempt] = await query<{
        questions: { no: number; type: string; answer: string; acceptedAnswers: string[] }[];
      }>('SELECT questions FROM exam_attempt WHERE id = $1', [sheet.attemptId]);
      const answers = (attempt?.questions ?? []).map((question) => ({
        no: question.no,
        answer: question.type === 'FILL' ? (question.acceptedAnswers[0] ?? question.answer) : question.answer,
      }));
      const result = await callAs(cookie.value, 'exam/submit', { attemptId: sheet.attemptId, answers });
      expect(result).toMatchObject({ passed: true, score: 100 });

      await page.goto(`${h5}/my?tab=certificates`);
      const card = page.getByRole('listitem').filter({ hasText: DEMO.examClass });
      await expectVisible(card.getByText('有效'));
      await card.getByRole('button', { name: '查看' }).click();
      const view = page.getByRole('region', { name: '证书内容' });
      await expectVisible(view.getByText('100 分'));
      await shot(page, '07-exam-certificate');
      const code = (await view.getByText(/查验$/).textContent())?.match(/验证码 ([0-9A-Z]{8})/)?.[1];
      if (!code) throw new Error('no verification code on the certificate view');
      const visitor = await browser.newContext(VIEWPORTS.phone);
      try {
        const check = await visitor.newPage();
        await check.goto(`${h5}/query-certificate?code=${code}`);
        const found = check.getByRole('region').filter({ hasText: DEMO.examClass });
        await expectVisible(found.getByRole('status').getByText('有效', { exact: true }));
        await expectVisible(found.getByText('100 分'));
      } finally {
        await visitor.close();
      }
    },
    STEP_TIMEOUT,
  );

  test(
    'the demo skill certificate is listed under 我的证书, and the query page by its code shows the skill, level and 有效',
    async () => {
      const page = phone.pages()[0] as Page;
      const { skillName } = DEMO.skillCertificate;
      await page.goto(`${h5}/my?tab=certificates`);
      // 张三 also holds the 安全员 skill certificate of the demo examinations (same level): his 电工 card.
      const card = page
        .getByRole('listitem')
        .filter({ hasText: skillName })
        .filter({ hasText: '四级/中级工' });
      await expectVisible(card.getByText(skillName, { exact: true }));
      await expectVisible(card.getByText('技能证书'));
      await card.getByRole('button', { name: '查看' }).click();
      const view = page.getByRole('region', { name: '证书内容' });
      await expectVisible(view.getByText('职业/工种'));
      await shot(page, '08-skill-certificate');
      const code = (await view.getByText(/查验$/).textContent())?.match(/验证码 ([0-9A-Z]{8})/)?.[1];
      if (!code) throw new Error('no verification code on the skill certificate view');
      const visitor = await browser.newContext(VIEWPORTS.phone);
      try {
        const check = await visitor.newPage();
        await check.goto(`${h5}/query-certificate?code=${code}`);
        const found = check.getByRole('region').filter({ hasText: '技能证书' });
        await expectVisible(found.getByRole('status').getByText('有效', { exact: true }));
        await expectVisible(found.getByText(skillName, { exact: true }));
        await expectVisible(found.getByText('四级/中级工', { exact: true }));
        await shot(check, '09-query-skill', true);
      } finally {
        await visitor.close();
      }
    },
    STEP_TIMEOUT,
  );
});
