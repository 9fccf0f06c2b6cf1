import fs from 'node:fs';
import { DEMO } from '@px/api';
import { readPdfText } from '@px/api/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { antdButton as button, dropdownOption } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 15, invoices: the demo student 张三 applies for an invoice of his paid order under 我的订单
// (申请发票), sees it 待开票 under 我的发票; the project admin opens it in 发票管理 → 发票列表 (开票), the
// electronic-invoice simulator the product started issues it and calls back, the list shows 已开票
// with its number; 张三 downloads the PDF, whose text names him, the seller and the class's price.
// Then 开票订单 lists 张三's order as 已开票, and staff mark another paid order as invoiced offline (标记).

const STEP_TIMEOUT = 240_000;

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

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: artifactPath('invoice', name), fullPage });

describe('an invoice from application to PDF', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;

  beforeAll(async () => {
    phone = await browser.newContext({ ...VIEWPORTS.phone, acceptDownloads: true });
    desktop = await browser.newContext(VIEWPORTS.desktop);
  });
  afterAll(async () => {
    await phone?.close();
    await desktop?.close();
  });

  test(
    'the student applies, staff open it, the simulator issues it, the student downloads the PDF',
    async () => {
      const student = await phone.newPage();
      await signInDemoStudent(student, h5, '/my?tab=orders');
      const order = student.getByRole('listitem').filter({ hasText: DEMO.studentClass });
      await order.getByRole('button', { name: '申请发票' }).click();
      const popup = student.locator('.rv-popup').filter({ hasText: '接收邮箱' });
      await expectVisible(popup.getByText(/开票金额 ¥/));
      expect(await popup.getByLabel('发票抬头').inputValue()).toBe(DEMO.accounts.student.name);
      await popup.getByLabel('接收邮箱').fill('zhangsan@example.com');
      await shot(student, '01-apply');
      await popup.getByRole('button', { name: '提交申请' }).click();
      const mine = student.getByRole('listitem').filter({ hasText: DEMO.studentClass });
      await expectVisible(mine.getByText('待开票'));
      await shot(student, '02-my-invoices-pending');

      const staff = await desktop.newPage();
      await staff.goto(`${product.url}/admin/invoice-manage/invoice-list`);
      await staff.waitForURL(/\/admin\/admin-login/);
      await staff.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await staff.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(staff, '登录').click();
      await staff.waitForURL(/\/admin\/invoice-manage\/invoice-list$/);
      // The demo's issued invoice (李四) is there beside the new application.
      await expectVisible(staff.locator('.ant-table-row').filter({ hasText: '李四' }).getByText('已开票'));
      const row = staff.locator('.ant-table-row').filter({ hasText: DEMO.accounts.student.name });
      await expectVisible(row.getByText('待开票'));
      await shot(staff, '03-invoice-list');
      await row.getByRole('button', { name: '开票' }).click();
      await expectVisible(row.getByText(/开票中|已开票/));
      // The simulator issues within seconds and calls back; 查询 reads the list again.
      const until = Date.now() + 30_000;
      while ((await row.getByText('已开票').count()) === 0) {
        if (Date.now() > until) throw new Error('the invoice was not issued in time');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await button(staff, '查询').click();
      }
      await expectVisible(row.getByText(/号码 \d{20}/));
      await shot(staff, '04-issued');

      const [{ invoice_number: number }] = await queryProduct<{ invoice_number: string }>(
        product,
        "SELECT invoice_number FROM invoice WHERE status = 'ISSUED' AND title = $1",
        [DEMO.accounts.student.name],
      );
      await student.reload();
      await student.getByRole('tab', { name: '我的发票' }).click();
      const issued = student.getByRole('listitem').filter({ hasText: DEMO.studentClass });
      await expectVisible(issued.getByText('已开票'));
      await expectVisible(issued.getByText(`发票号码 ${number}`));
      await shot(student, '05-my-invoices-issued');
      const [download] = await Promise.all([
        student.waitForEvent('download'),
        issued.getByRole('button', { name: '下载发票' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`发票-${number}.pdf`);
      const pdf = fs.readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await readPdfText(pdf);
      expect(text).toContain(DEMO.accounts.student.name);
      expect(text).toContain('演示职业培训服务有限公司');
      expect(text).toContain(number);

      // 发票纠正 lists it (issued: no 纠正), 集体发票 shows the demo unit's pool (its batch is unpaid: empty).
      await staff.goto(`${product.url}/admin/customer/invoice-manage`);
      const corrected = staff.locator('.ant-table-row').filter({ hasText: DEMO.accounts.student.name });
      await expectVisible(corrected.getByText('已开票'));
      expect(await corrected.getByRole('button', { name: '纠正' }).count()).toBe(0);
      await shot(staff, '06-invoice-correct');
      await staff.goto(`${product.url}/admin/invoice-manage/invoice-collective`);
      await staff.getByRole('combobox', { name: '单位' }).click();
      await dropdownOption(staff, DEMO.unitName).click();
      await expectVisible(staff.getByText('该单位没有待开票的订单'));
      await shot(staff, '07-collective');

      // 开票订单: 张三's order shows 已开票; staff mark another student's paid order as invoiced offline.
      await staff.goto(`${product.url}/admin/invoice-manage/order-manage`);
      await expectVisible(
        staff.locator('.ant-table-row').filter({ hasText: DEMO.accounts.student.name }).getByText('已开票'),
      );
      const open = staff
        .locator('.ant-table-row')
        .filter({ has: staff.getByRole('button', { name: /标\s*记/ }) })
        .first();
      const orderNo = ((await open.textContent()) ?? '').match(/D\d{20}/)?.[0] ?? '';
      expect(orderNo).not.toBe('');
      await expectVisible(open.getByText('未开票'));
      await shot(staff, '08-order-manage');
      await open.getByRole('button', { name: /标\s*记/ }).click();
      const dialog = staff.locator('.ant-modal').filter({ hasText: '标记已开票' });
      await expectVisible(dialog.getByText(`订单 ${orderNo}`, { exact: false }));
      await dialog.getByLabel('备注').fill('线下开具纸质发票，已邮寄');
      await shot(staff, '09-mark');
      await button(dialog, '标记').click();
      await expectVisible(staff.getByText('已标记为已开票'));
      const marked = staff.locator('.ant-table-row').filter({ hasText: orderNo });
      await expectVisible(marked.getByText('线下开具'));
      await expectVisible(marked.getByText('已开票'));
      await shot(staff, '10-marked');
      const rows = await queryProduct<{ status: string; marked: boolean; remark: string }>(
        product,
        `SELECT i.status, i.marked, i.remark FROM invoice i JOIN invoice_order io ON io.invoice_id = i.id
          JOIN pay_order o ON o.id = io.order_id WHERE o.order_no = $1 AND io.active`,
        [orderNo],
      );
      expect(rows).toEqual([{ status: 'ISSUED', marked: true, remark: '线下开具纸质发票，已邮寄' }]);
    },
    STEP_TIMEOUT,
  );

  test(
    'inside WeChat (its user agent) 查看发票 shows the PDF in the page, and 复制链接 opens it in another browser',
    async () => {
      const wechat = await browser.newContext({
        ...VIEWPORTS.wechat,
        storageState: await phone.storageState(),
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      try {
        const page = await wechat.newPage();
        await page.goto(`${h5}/my?tab=orders`);
        await page.getByRole('tab', { name: '我的发票' }).click();
        const issued = page.getByRole('listitem').filter({ hasText: DEMO.studentClass });
        await expectVisible(issued.getByText('已开票'));
        // WeChat's browser blocks downloads: the invoice shows in the page instead.
        expect(await issued.getByRole('button', { name: '下载发票' }).count()).toBe(0);
        await issued.getByRole('button', { name: '查看发票' }).click();
        const picture = page.getByRole('img', { name: '发票 第 1 页' });
        await expectVisible(picture, 30_000);
        await page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('.document-viewer__page');
            return Boolean(img?.complete && img.naturalWidth > 0);
          },
          undefined,
          { timeout: 15_000 },
        );
        await shot(page, '11-wechat-invoice-in-page');

        await page.getByRole('button', { name: '复制链接' }).click();
        await expectVisible(page.getByText('链接已复制', { exact: false }));
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link).toMatch(new RegExp(`^${h5}/api/document-link/open\\.action\\?t=`));
        // The link opens the PDF without the session: the invoice's own text.
        const answer = await fetch(link);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/pdf');
        const text = await readPdfText(Buffer.from(await answer.arrayBuffer()));
        expect(text).toContain(DEMO.accounts.student.name);
        expect(text).toContain('演示职业培训服务有限公司');
      } finally {
        await wechat.close();
      }
    },
    STEP_TIMEOUT,
  );
});
