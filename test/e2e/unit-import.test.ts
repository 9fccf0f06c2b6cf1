import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { staffRows } from '@px/api/testing';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 14's main path: the demo unit manager opens the demo unit class, downloads the import
// template, uploads it filled with one bad ID number, reads the reason in the error file, fixes the
// row and uploads again; the import creates a batch order, which the manager pays with one Native
// payment scanned in the WeChat simulator; the staff are then enrolled and studying.

const STEP_TIMEOUT = 180_000;
/** Two staff of the file, and the third whose ID number is first typed wrong. */
const [FIRST, SECOND, THIRD] = staffRows(3, 7);

let product: ProductServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'px-unit-import-'));

beforeAll(async () => {
  product = await startProductServer();
  browser = await launchBrowser();
  context = await browser.newContext({ ...VIEWPORTS.desktop, acceptDownloads: true });
  page = await context.newPage();
}, 300_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const shot = (name: string) => page.screenshot({ path: artifactPath('unit-import', name), fullPage: true });
const progressCard = () => page.locator('.ant-card').filter({ hasText: '导入进度' }).first();

/** Clicks what starts a download and answers the downloaded workbook's first sheet as rows of text. */
async function downloadSheet(start: () => Promise<void>): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = path.join(folder, (download as Download).suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))),
  );
  return rows;
}

/** Fills the downloaded template's first sheet with the rows (as text cells) and saves it under `name`. */
async function fillTemplate(template: string, rows: string[][], name: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(template);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = row;
    sheet.getRow(index + 2).commit();
  });
  const file = path.join(folder, name);
  await book.xlsx.writeFile(file);
  return file;
}

test(
  'opens the demo unit class and downloads the template',
  async () => {
    await page.goto(`${product.url}/admin/`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.unitManager.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.unitManager.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/home$/);
    // The workspace on home: the demo batch of three staff awaits payment.
    const workspace = page.locator('.ant-card').filter({ hasText: '单位工作台' });
    await expectVisible(workspace.getByText('1 笔 ¥294.00'));
    await shot('00-home');
    await page.goto(`${product.url}/admin/train-manage/unit-class`);
    await page
      .locator('.ant-table-row')
      .filter({ hasText: DEMO.unitClass })
      .getByRole('link', { name: '详情' })
      .click();
    await page.waitForURL(/\/admin\/train-manage\/unit-class-detail\?id=\d+$/);
    // The demo staff imported before are its students already, awaiting payment.
    for (const name of DEMO.unitStaff) await expectVisible(page.getByText(name).first());
    await button(page, '导入学员').click();
    await page.waitForURL(/\/admin\/train-manage\/import-student\?unitClassId=\d+$/);
    await expectVisible(page.getByText(DEMO.unitClass).first());
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '下载模板').click()]);
    await download.saveAs(path.join(folder, 'template.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(folder, 'template.xlsx'));
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '手机号']);
    await shot('01-import-page');
  },
  STEP_TIMEOUT,
);

test(
  'uploads a file with a bad row: nothing is imported and the error file says why',
  async () => {
    const wrongId = `${String(THIRD[1]).slice(0, 17)}${String(THIRD[1]).endsWith('1') ? '2' : '1'}`;
    const bad = await fillTemplate(
      path.join(folder, 'template.xlsx'),
      [FIRST, SECOND, [THIRD[0], wrongId, THIRD[2]]].map((row) => row.map(String)),
      '职工名单.xlsx',
    );
    await page.locator('input[type="file"]').setInputFiles(bad);
    await expectVisible(progressCard().getByText('校验未通过'), 60_000);
    await expectVisible(progressCard().getByText('1 行未通过校验，未导入任何学员。', { exact: false }));
    await shot('02-invalid');
    const errors = await downloadSheet(() => button(page, '下载错误文件').click());
    expect(errors[0]).toEqual(['行号', '姓名', '身份证号', '手机号', '错误原因']);
    expect(errors.slice(1)).toEqual([
      ['4', THIRD[0], wrongId, THIRD[2], expect.stringContaining('身份证号格式不正确')],
    ]);
    const [{ count }] = await queryProduct<{ count: string }>(
      product,
      'SELECT COUNT(*) AS count FROM account WHERE id_card_no = ANY($1)',
      [[FIRST[1], SECOND[1]]],
    );
    expect(count).toBe('0');
  },
  STEP_TIMEOUT,
);

test(
  'uploads the fixed file: the staff are imported under a batch order awaiting payment',
  async () => {
    const fixed = await fillTemplate(
      path.join(folder, 'template.xlsx'),
      [FIRST, SECOND, THIRD].map((row) => row.map(String)),
      '职工名单-已改正.xlsx',
    );
    const students = page.locator('th:has-text("学员（已有/计划）") + td');
    const before = Number(/(\d+) \//.exec((await students.textContent()) ?? '')?.[1]);
    await page.locator('input[type="file"]').setInputFiles(fixed);
    await expectVisible(progressCard().getByText('导入完成'), 60_000);
    // The unit class's count follows the import (issue 30: it stayed as it was).
    await expectVisible(students.getByText(new RegExp(`^${before + 3} / \\d+$`)));
    await shot('03-done');
    await button(page, '去缴费').click();
    await page.waitForURL(/\/admin\/train-manage\/batch-pay-order\?id=\d+$/);
    for (const row of [FIRST, SECOND, THIRD]) await expectVisible(page.getByText(row[0]).first());
    await expectVisible(page.getByText('待支付').first());
    await shot('04-batch-order');
  },
  STEP_TIMEOUT,
);

test(
  'pays the whole batch with one code scanned in the WeChat simulator; the staff are studying',
  async () => {
    await button(page, '扫码支付').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '扫码支付' });
    await expectVisible(dialog.locator('img'));
    await shot('05-pay-qr');
    const [scanPage] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('link', { name: '模拟扫码' }).click(),
    ]);
    await scanPage.waitForLoadState();
    expect(scanPage.url()).toContain(`${product.wechatUrl}/__sim/pay/native?code_url=`);
    await scanPage
      .getByRole('button', { name: /^用 .+ 支付$/ })
      .first()
      .click();
    await expectVisible(scanPage.getByRole('heading', { name: '支付成功' }));
    await scanPage.close();
    // The batch page sees the payment by itself (batch-order/is-paid) and shows it paid.
    await expectVisible(page.locator('.ant-descriptions, .ant-card').getByText('已支付').first(), 30_000);
    await shot('06-paid');
    const enrolled = await queryProduct<{ real_name: string; status: string }>(
      product,
      `SELECT a.real_name, mc.status FROM my_class mc JOIN account a ON a.id = mc.account_id
        WHERE a.id_card_no = ANY($1) ORDER BY a.real_name`,
      [[FIRST[1], SECOND[1], THIRD[1]]],
    );
    expect(enrolled.map((row) => row.status)).toEqual(['STUDYING', 'STUDYING', 'STUDYING']);
  },
  STEP_TIMEOUT,
);
