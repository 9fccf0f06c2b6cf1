import { DEMO } from '@px/api';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

let product: ProductServer;
let browser: Browser;
/** The H5 as WeChat returns to it: the product's public address (localhost), where its cookies live. */
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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('wechat-h5', name) });

interface SimEvent {
  at: number;
  kind: string;
  detail: Record<string, unknown>;
}
/** The simulator's `wx.config` checks so far, oldest first. */
async function jsSdkChecks(): Promise<SimEvent[]> {
  const answer = await fetch(`${product.wechatUrl}/__sim/events?kind=jsapi.config`);
  return (await answer.json()) as SimEvent[];
}
/** Waits until the simulator has checked one more `wx.config` than `before`; answers the newest. */
async function nextJsSdkCheck(before: number): Promise<SimEvent> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const checks = await jsSdkChecks();
    if (checks.length > before) return checks[checks.length - 1] as SimEvent;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the page never called wx.config through the WeChat bridge');
}

/** The newest SMS code sent to a mobile, read from the product's outbox table (as the phone shows it). */
async function latestSmsCode(mobile: string): Promise<string> {
  const client = new Client({ connectionString: product.databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ content: string }>(
        'SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1',
        [mobile],
      );
      const code = rows[0]?.content.match(/(\d{6})/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no SMS code was sent to ${mobile}`);
  } finally {
    await client.end();
  }
}

describe('a student inside WeChat', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext(VIEWPORTS.wechat);
    page = await context.newPage();
  });
  afterAll(() => context.close());

  test('arrives through WeChat OAuth, binds the existing account and lands on /my', async () => {
    await page.goto(`${h5}/my`);
    // The guard sends an unknown WeChat visitor through OAuth: the simulator's consent page.
    await page.waitForURL((url) => url.href.startsWith(`${product.wechatUrl}/connect/oauth2/authorize`));
    await shot(page, '01-consent');
    await page.getByRole('button', { name: '以 王五 身份授权' }).click();
    await page.waitForURL(/\/login-wx-binding\?scene=/);
    await expectVisible(page.getByText('绑定已有账号'));
    await shot(page, '02-binding');
    await page.getByPlaceholder('请输入身份证号或手机号').fill(DEMO.accounts.student.idCardNo);
    await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.student.password);
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await page.waitForURL(/\/my$/);
    await expectVisible(page.getByText(DEMO.accounts.student.name).first());
    // The binding shows in the hub's 账号设置 tab.
    await page.getByText('账号设置', { exact: true }).click();
    await expectVisible(page.getByText('已绑定').first());
    await shot(page, '03-my');
  });

  test('a known WeChat user is signed in by OAuth alone', async () => {
    const fresh = await browser.newContext(VIEWPORTS.wechat);
    try {
      const other = await fresh.newPage();
      await other.goto(`${h5}/my`);
      await other.waitForURL((url) => url.href.startsWith(`${product.wechatUrl}/connect/oauth2/authorize`));
      await other.getByRole('button', { name: '以 王五 身份授权' }).click();
      await other.waitForURL(/\/my$/);
      await expectVisible(other.getByText(DEMO.accounts.student.name).first());
    } finally {
      await fresh.close();
    }
  });

  test('wx.config succeeds through the simulator bridge', async () => {
    const before = (await jsSdkChecks()).length;
    await page.goto(`${h5}/my`);
    const check = await nextJsSdkCheck(before);
    expect(check.detail).toEqual({ ok: true });
    expect(await page.evaluate(() => typeof (window as { WeixinJSBridge?: unknown }).WeixinJSBridge)).toBe(
      'object',
    );
  });

  test('wx.config fails with a tampered signature', async () => {
    await page.route('**/api/wechat/js-sdk-config.action**', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.attribute.signature = `${json.attribute.signature.startsWith('0') ? '1' : '0'}${json.attribute.signature.slice(1)}`;
      await route.fulfill({ response, json });
    });
    try {
      const before = (await jsSdkChecks()).length;
      await page.goto(`${h5}/my`);
      const check = await nextJsSdkCheck(before);
      expect(check.detail).toEqual({ ok: false, errMsg: 'invalid signature' });
    } finally {
      await page.unroute('**/api/wechat/js-sdk-config.action**');
    }
  });
});

test('a student registers from the unit QR code; the unit sees the registration', async () => {
  const admin = await browser.newContext(VIEWPORTS.desktop);
  const phone = await browser.newContext(VIEWPORTS.wechat);
  try {
    // The unit manager shows the unit's registration QR code.
    const office = await admin.newPage();
    await office.goto(`${product.url}/admin/`);
    await office.getByPlaceholder('请输入账号').fill(DEMO.accounts.unitManager.account);
    await office.getByPlaceholder('请输入密码').fill(DEMO.accounts.unitManager.password);
    await office.getByRole('button', { name: /登\s*录/ }).click();
    await office.getByText('本单位信息').first().click();
    await office.waitForURL(/\/admin\/unit-manage\/detail\?id=\d+/);
    await office.getByRole('button', { name: /生成\/查看二维码/ }).click();
    const image = office.getByRole('img', { name: `${DEMO.unitName}学员注册二维码` });
    await expectVisible(image);
    await office.screenshot({ path: artifactPath('wechat-h5', '04-unit-qr') });
    const ticket = new URL((await image.getAttribute('src')) ?? '').searchParams.get('ticket') ?? '';
    expect(ticket).not.toBe('');

    // 赵六 scans it in WeChat: the simulator follows the account and pushes the event to the product,
    // whose reply links to the unit's registration page.
    const page = await phone.newPage();
    await page.goto(`${product.wechatUrl}/__sim/qr/${encodeURIComponent(ticket)}`);
    await page.getByRole('button', { name: '用 赵六 扫码' }).click();
    const link = page.getByRole('link', { name: '立即注册' });
    await expectVisible(link);
    await shot(page, '05-scan-reply');
    await link.click();

    // Inside WeChat the registration page recognises the visitor first, so the account is bound.
    await page.waitForURL((url) => url.href.startsWith(`${product.wechatUrl}/connect/oauth2/authorize`));
    await page.getByRole('button', { name: '以 赵六 身份授权' }).click();
    await page.waitForURL(/\/register\?unitId=\d+&scene=/);
    await expectVisible(page.getByText(DEMO.unitName).first());
    const mobile = '13700001111';
    // The demo project checks name and ID number (实名核验, the simulated service): another name is refused.
    await expectVisible(page.getByText(/注册时将进行实名核验/));
    await page.getByLabel('姓名').fill('赵七');
    await page.getByLabel('身份证号').fill('370102199512120018');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(mobile));
    await page.getByLabel('密码', { exact: true }).fill('Study456');
    await page.getByLabel('确认密码').fill('Study456');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expectVisible(page.getByText('姓名与身份证号不一致，请核对').first());
    await shot(page, '06-register-identity-refused');
    await page.getByLabel('姓名').fill('赵六');
    await shot(page, '06-register');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/my$/);
    await expectVisible(page.getByText('赵六').first());
    await page.getByText('账号设置', { exact: true }).click();
    await expectVisible(page.getByText(DEMO.unitName).first());
    await expectVisible(page.getByText('已绑定').first());
    await shot(page, '07-registered');

    // The unit's registrations list the new student.
    await office.reload();
    await expectVisible(office.getByRole('cell', { name: '赵六' }));

    // Platform staff see the binding in /wxapp-manage.
    const platform = await browser.newContext(VIEWPORTS.desktop);
    try {
      const backOffice = await platform.newPage();
      await backOffice.goto(`${product.url}/admin/wxapp-manage/list`);
      await backOffice.getByPlaceholder('请输入账号').fill(DEMO.accounts.platformAdmin.account);
      await backOffice.getByPlaceholder('请输入密码').fill(DEMO.accounts.platformAdmin.password);
      await backOffice.getByRole('button', { name: /登\s*录/ }).click();
      await backOffice.getByRole('link', { name: '编辑' }).first().click();
      await backOffice.waitForURL(/\/admin\/wxapp-manage\/setting\?id=\d+/);
      await expectVisible(backOffice.getByRole('cell', { name: '赵六' }));
      await backOffice.screenshot({ path: artifactPath('wechat-h5', '08-wxapp-bindings'), fullPage: true });
    } finally {
      await platform.close();
    }
  } finally {
    await admin.close();
    await phone.close();
  }
  // Three browsers across two apps, the WeChat simulator and the identity check: minutes on a loaded machine.
}, 120_000);
