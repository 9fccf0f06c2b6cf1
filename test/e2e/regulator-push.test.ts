import { DEMO } from '@px/api';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../bench/api-client';
import { antdButton as button } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { callProduct, queryProduct, signInDemoStudent } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// Issue 24, reporting to the regulator: the demo student 张三 passes the demo exam class (the exam
// submitted through the calls the exam page makes), the pass writes the push and the server's sender
// delivers it to the regulator simulator; the project admin sees it 已上报 in 推送日志; 赵六's demo
// record, refused by the simulated register (ID_NAME_MISMATCH), is corrected in 推送异常 and
// re-pushed; 张三's 我的班级 shows 已上报; 客服 corrects 张三's hours in 学习档案纠正 and the correction
// is re-pushed and shown on his 我的班级.

const STEP_TIMEOUT = 180_000;

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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('regulator-push', name) });
const query = <T extends object>(text: string, values: unknown[] = []) =>
  queryProduct<T>(product, text, values);

/** Polls the product's database until `read` answers a row that `done` accepts. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const pushOf = (studentName: string, className: string) =>
  query<{ push_no: string; status: string; reject_reason: string | null }>(
    `SELECT p.push_no, p.status, p.reject_reason FROM regulator_push p
       JOIN account a ON a.id = p.account_id JOIN train_class c ON c.id = p.class_id
      WHERE a.real_name = $1 AND c.name = $2 ORDER BY p.id DESC LIMIT 1`,
    [studentName, className],
  ).then((rows) => rows[0] ?? null);

const heldByRegulator = (pushNo: string) =>
  query<{ n: string }>('SELECT count(*) AS n FROM regulator_sim.record WHERE push_no = $1', [pushNo]).then(
    (rows) => Number(rows[0]?.n ?? 0),
  );

test(
  '张三 passes the exam class: the push is delivered and 推送日志 shows it 已上报',
  async () => {
    const token = await signIn(
      product.url,
      { account: DEMO.accounts.student.idCardNo, password: DEMO.accounts.student.password },
      3,
    );
    const [cls] = await query<{ id: number }>('SELECT id FROM train_class WHERE name = $1', [DEMO.examClass]);
    await callProduct(product.url, token, 'shop-cart/save', { classId: Number(cls?.id) });
    await callProduct(product.url, token, 'order/submit', {});
    // Studying is another test's (study.test.ts): the hours are credited here as study would.
    const [enrolment] = await query<{ id: number }>(
      `UPDATE my_class SET status = 'FINISHED_STUDY', finished_study_at = now(),
              required_tenths = (SELECT COALESCE(SUM(hours_tenths), 0) FROM train_class_course
                                  WHERE class_id = $1 AND kind = 'REQUIRED')
        WHERE class_id = $1 AND account_id = (SELECT id FROM account WHERE id_card_no = $2) RETURNING id`,
      [Number(cls?.id), DEMO.accounts.student.idCardNo],
    );
    const sheet = await callProduct(product.url, token, 'exam/start', {
      myClassId: Number(enrolment?.id),
      kind: 'EXAM',
    });
    const [attempt] = await query<{
      questions: { no: number; type: string; answer: string; acceptedAnswers: string[] }[];
    }>('SELECT questions FROM exam_attempt WHERE id = $1', [sheet.attemptId]);
    const answers = (attempt?.questions ?? []).map((question) => ({
      no: question.no,
      answer: question.type === 'FILL' ? (question.acceptedAnswers[0] ?? '') : question.answer,
    }));
    const result = await callProduct(product.url, token, 'exam/submit', {
      attemptId: sheet.attemptId,
      answers,
    });
    expect(result.passed).toBe(true);

    const pushed = await until(
      () => pushOf(DEMO.accounts.student.name, DEMO.examClass),
      (push) => push?.status === 'SUCCESS',
      "张三's push",
    );
    expect(await heldByRegulator(pushed?.push_no ?? '')).toBe(1);

    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/customer/my-class-push-log-manage`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/customer\/my-class-push-log-manage$/);
    const row = page.locator('.ant-table-row').filter({ hasText: pushed?.push_no ?? '' });
    await expectVisible(row.getByText('已上报'));
    await expectVisible(row.getByText(DEMO.examClass));
    await shot(page, '01-push-log');
    await row.getByRole('button', { name: /上报记录/ }).click();
    await expectVisible(page.locator('.ant-drawer').getByText('ACCEPTED · 200'));
    await shot(page, '01-push-attempts');
    await context.close();
  },
  STEP_TIMEOUT,
);

test(
  "赵六's refused record is corrected in 推送异常 and accepted when pushed again",
  async () => {
    const refused = await until(
      () => pushOf('赵六', '公需科目综合学习班（上年度）'),
      (push) => push?.status === 'FAILED',
      "赵六's refusal",
    );
    expect(refused?.reject_reason).toBe('ID_NAME_MISMATCH');

    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/customer/my-class-push-log-exception-manage`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.customerService.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.customerService.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/customer\/my-class-push-log-exception-manage$/);
    const row = page.locator('.ant-table-row').filter({ hasText: refused?.push_no ?? '' });
    await expectVisible(row.getByText('身份证号与姓名不一致'));
    await shot(page, '02-exception');
    await row.getByRole('button', { name: /更正并重新上报/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '监管平台退回' });
    await expectVisible(dialog.getByText('身份证号：身份证号与姓名不一致'));
    await dialog.getByLabel('学员姓名').fill('赵陆');
    await dialog.getByLabel('处理说明').fill('已与学员核对身份证，姓名录入有误');
    await shot(page, '03-correct');
    await button(dialog, '更正并重新上报').click();
    await expectVisible(page.getByText('已更正，正在重新上报'));

    const accepted = await until(
      () => pushOf('赵陆', '公需科目综合学习班（上年度）'),
      (push) => push?.status === 'SUCCESS',
      "赵陆's corrected push",
    );
    expect(accepted?.push_no).toBe(refused?.push_no);
    expect(await heldByRegulator(refused?.push_no ?? '')).toBe(1);
    await page.goto(`${product.url}/admin/customer/my-class-push-log-manage`);
    await expectVisible(
      page
        .locator('.ant-table-row')
        .filter({ hasText: refused?.push_no ?? '' })
        .getByText('已上报'),
    );
    await context.close();
  },
  STEP_TIMEOUT,
);

test(
  "张三's 我的班级 shows the class 已上报",
  async () => {
    const context = await browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    await signInDemoStudent(page, h5);
    const card = page.locator('.my-card').filter({ hasText: DEMO.examClass });
    await expectVisible(card.getByRole('note', { name: '学时上报' }).getByText('已上报'));
    await shot(page, '04-h5-my-classes');
    await context.close();
  },
  STEP_TIMEOUT,
);

test(
  "异常登记: customer service registers 张三's case for themselves, starts it and resolves it",
  async () => {
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/customer/exception-register`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.customerService.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.customerService.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/customer\/exception-register$/);
    // The demo cases: 李四's waits unassigned, 王五's is with 客服小王, 赵六's is resolved.
    await expectVisible(page.locator('.ant-table-row').filter({ hasText: '李四' }).getByText('待处理'));
    await button(page, '登记异常').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '登记异常' });
    await dialog.locator('#exception-register_accountId').fill('张三');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: DEMO.accounts.student.idCardNo })
      .click();
    await dialog.locator('#exception-register_kind').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('身份信息错误').click();
    await dialog.getByLabel('异常描述').fill('学员反映证书上的姓名有错别字');
    await dialog.locator('#exception-register_assigneeId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(DEMO.accounts.customerService.name).click();
    await shot(page, '05-exception-register');
    await button(dialog, '登记').click();
    await expectVisible(page.getByText('异常已登记'));

    const row = page.locator('.ant-table-row').filter({ hasText: '证书上的姓名有错别字' });
    await row.getByRole('button', { name: /开始处理/ }).click();
    const start = page.locator('.ant-modal').filter({ hasText: '开始处理后状态为「处理中」' });
    await button(start, '开始处理').click();
    await expectVisible(row.getByText('处理中'));
    await row.getByRole('button', { name: /处理完成/ }).click();
    const resolve = page.locator('.ant-modal').filter({ hasText: '处理说明会记入处理记录' });
    await resolve.getByLabel('处理说明').fill('已核对身份证并重新打印证书');
    await button(resolve, '处理完成').click();
    await expectVisible(row.getByText('已处理'));
    await row.getByRole('button', { name: /详情/ }).click();
    const drawer = page.locator('.ant-drawer');
    await expectVisible(drawer.getByText('已核对身份证并重新打印证书'));
    await shot(page, '06-exception-detail');
    const [stored] = await query<{ status: string; notes: string }>(
      `SELECT c.status, (SELECT count(*) FROM exception_case_note n WHERE n.case_id = c.id) AS notes
         FROM exception_case c WHERE c.description = $1`,
      ['学员反映证书上的姓名有错别字'],
    );
    expect(stored).toEqual({ status: 'RESOLVED', notes: '3' });
    await context.close();
  },
  STEP_TIMEOUT,
);

test(
  "客服 corrects 张三's reported hours in 学习档案纠正: listed beside the original, re-pushed as a correction, shown on 我的班级",
  async () => {
    const [enrolment] = await query<{ required_tenths: number }>(
      `SELECT m.required_tenths FROM my_class m JOIN train_class c ON c.id = m.class_id
        WHERE c.name = $1 AND m.account_id = (SELECT id FROM account WHERE id_card_no = $2)`,
      [DEMO.examClass, DEMO.accounts.student.idCardNo],
    );
    const credited = Number(enrolment?.required_tenths ?? 0);
    const corrected = ((credited - 5) / 10).toFixed(1);
    const original = await pushOf(DEMO.accounts.student.name, DEMO.examClass);
    expect(original?.status).toBe('SUCCESS');

    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/customer/study-report`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.customerService.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.customerService.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/customer\/study-report$/);
    // The demo's own correction is listed from the start.
    const log = page.locator('.ant-card').filter({ hasText: '更正记录' });
    await expectVisible(log.getByText('线下集中培训签到表补录', { exact: false }));
    await page.getByPlaceholder('姓名、身份证号或手机号').fill(DEMO.accounts.student.name);
    await button(page, '查询').click();
    const row = page.locator('.ant-table-row').filter({ hasText: DEMO.examClass });
    await button(row, '更正学时').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '更正学时' });
    await dialog.getByRole('spinbutton', { name: '必修学时' }).fill(corrected);
    await button(dialog, '保存更正').click();
    await expectVisible(dialog.getByText('请填写更正原因'));
    await dialog.getByLabel('更正原因').fill('重复计时，核减半学时');
    await shot(page, '07-correct-hours');
    await button(dialog, '保存更正').click();
    await expectVisible(page.getByText('学时已更正，已重新上报监管平台'));
    await expectVisible(row.getByText(`更正为 必修 ${Number(corrected)}`, { exact: false }));
    const entry = log.locator('.ant-table-row').filter({ hasText: '重复计时，核减半学时' });
    await expectVisible(entry.getByText(`必修 ${(credited / 10).toFixed(1)} / 选修 0.0`));
    await expectVisible(entry.getByText(`必修 ${corrected} / 选修 0.0`));
    await shot(page, '07-corrections');

    const correction = await until(
      () => pushOf(DEMO.accounts.student.name, DEMO.examClass),
      (push) => push !== null && push.push_no !== original?.push_no && push.status === 'SUCCESS',
      "张三's correction push",
    );
    expect(await heldByRegulator(correction?.push_no ?? '')).toBe(1);
    // On this list of every enrolment's corrections the new push's number sits behind 列设置 (so the
    // table fits 1280 px): the reader turns the column on.
    await log.getByLabel('列设置').first().click();
    await page.locator('.ant-popover').getByText('重新上报').click();
    await expectVisible(entry.getByText(correction?.push_no ?? ''));
    await context.close();

    const phone = await browser.newContext(VIEWPORTS.phone);
    const h5Page = await phone.newPage();
    await signInDemoStudent(h5Page, h5);
    const card = h5Page.locator('.my-card').filter({ hasText: DEMO.examClass });
    const lines = card.getByRole('list', { name: '学习记录更正' });
    await expectVisible(lines.getByText('重复计时，核减半学时', { exact: false }));
    await expectVisible(lines.getByText(`必修 ${corrected} / 选修 0.0`));
    await shot(h5Page, '08-h5-correction');
    await phone.close();
  },
  STEP_TIMEOUT,
);

test(
  '异常记录: a failed job of the demo project is listed with its reason and marked handled with a note',
  async () => {
    const [project] = await query<{ id: number }>('SELECT id FROM project WHERE code = $1', [
      DEMO.projectCode,
    ]);
    const [job] = await query<{ id: string }>(
      `INSERT INTO pgboss.job (name, data, state, output, completed_on)
       SELECT name, jsonb_build_object('projectId', $1::int), 'failed',
              '{"message":"演示：电子发票平台连接超时"}'::jsonb, now()
         FROM pgboss.queue WHERE name = 'invoice.issue' RETURNING id`,
      [Number(project?.id)],
    );
    expect(job?.id).toBeTruthy();
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/exception-manage/list`);
    await page.waitForURL(/\/admin\/admin-login/);
    await page.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
    await button(page, '登录').click();
    await page.waitForURL(/\/admin\/exception-manage\/list$/);
    const row = page.locator('.ant-table-row').filter({ hasText: '演示：电子发票平台连接超时' });
    await expectVisible(row.getByText('后台任务 invoice.issue'));
    await shot(page, '07-exception-log');
    await row.getByRole('button', { name: /标记已处理/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '处理说明' });
    await dialog.getByLabel('处理说明').fill('已在开票平台手工开具');
    await button(dialog, '标记已处理').click();
    await expectVisible(page.getByText('已标记为已处理'));
    const [resolution] = await query<{ note: string }>(
      'SELECT note FROM exception_resolution WHERE source_key = $1',
      [`JOB:${job?.id}`],
    );
    expect(resolution?.note).toBe('已在开票平台手工开具');
    await context.close();
  },
  STEP_TIMEOUT,
);
