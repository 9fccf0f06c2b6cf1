import path from 'node:path';
import { DEMO } from '@px/api';
import { chinaYear } from '@px/api/contract';
import { Client } from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { antdButton as button, openDropdown, pickDate } from '../support/antd';
import { artifactPath, launchBrowser, VIEWPORTS } from '../support/browser';
import { type ProductServer, startProductServer } from '../support/server';
import { expectVisible } from '../support/wait';

// The walk through the catalogue: the back office creates a plan, a video with a pop-up
// question, a course and a class and puts the class on the shelf; a student finds it in the H5
// class centre, plays its trial and adds it to the cart.

const FIRE_DRILL = path.resolve(__dirname, '../../api/src/modules/resource/demo-videos/fire-drill.mp4');
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

const shot = (page: Page, name: string) => page.screenshot({ path: artifactPath('catalogue', name) });

/**
 * A button by its text: antd puts a space between two Chinese characters (`发 布`), and the label
 * of an antd icon (`upload`) comes before the text.
 */

/** Chooses `option` (its exact text) in the antd Select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const item = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option });
  await item.first().click();
  await openDropdown(page).waitFor({ state: 'hidden' });
}

/** Chooses the node titled `title` in the antd TreeSelect labelled `label` inside `scope`. */
async function chooseTreeNode(page: Page, scope: Page | Locator, label: string, title: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await openDropdown(page).getByTitle(title, { exact: true }).first().click();
  await openDropdown(page).waitFor({ state: 'hidden' });
}

/** The table row of the back office holding `text`. */
const row = (scope: Page | Locator, text: string) =>
  scope.locator('.ant-table-row').filter({ hasText: text });

/** Confirms the open Popconfirm with its button `text`. */
async function confirmPopover(page: Page, text: string): Promise<void> {
  await button(page.locator('.ant-popover').filter({ visible: true }), text).click();
}

/** Where the trial player stands: its second, whether it is paused, has played, and its media error code. */
function playerState(video: Locator) {
  return video.evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    played: element.played.length > 0,
    error: element.error?.code ?? null,
  }));
}

/** The id of the HLS package a video of the demo project plays (read from the product's database). */
async function demoPackageId(name: string): Promise<string | null> {
  const client = new Client({ connectionString: product.databaseUrl });
  await client.connect();
  try {
    await client.query("SET app.bypass = 'on'");
    const { rows } = await client.query<{ id: string | null }>(
      `SELECT r.hls->>'id' AS id FROM resource r JOIN project p ON p.id = r.project_id
        WHERE p.code = $1 AND r.name = $2`,
      [DEMO.projectCode, name],
    );
    expect(rows).toHaveLength(1);
    return rows[0]?.id ?? null;
  } finally {
    await client.end();
  }
}

describe('the catalogue from the back office to the cart', () => {
  const year = chinaYear(new Date());
  const suffix = Date.now().toString(36).slice(-6);
  const planName = `端到端计划${suffix}`;
  const videoName = `端到端消防视频${suffix}`;
  const courseName = `端到端消防课程${suffix}`;
  const className = `端到端消防班${suffix}`;
  let office: BrowserContext;
  let admin: Page;
  let phone: BrowserContext;
  let h5: Page;

  beforeAll(async () => {
    office = await browser.newContext(VIEWPORTS.desktop);
    admin = await office.newPage();
    phone = await browser.newContext(VIEWPORTS.phone);
    h5 = await phone.newPage();
  });
  afterAll(async () => {
    await office?.close();
    await phone?.close();
  });

  test(
    '培训计划: the project admin creates a plan for this year and publishes it',
    async () => {
      await admin.goto(`${product.url}/admin/train-manage/train-plan-detail`);
      await admin.waitForURL(/\/admin\/admin-login/);
      await admin.getByPlaceholder('请输入账号').fill(DEMO.accounts.projectAdmin.account);
      await admin.getByPlaceholder('请输入密码').fill(DEMO.accounts.projectAdmin.password);
      await button(admin, '登录').click();
      await admin.waitForURL(/\/admin\/train-manage\/train-plan-detail$/);
      await expectVisible(admin.getByText('新建培训计划'));

      await choose(admin, admin, '年度', `${year}年`);
      await choose(admin, admin, '所属行业', '安全生产');
      await admin.getByLabel('计划名称').fill(planName);
      await pickDate(admin, '开始日期', `${year}-01-01`);
      await pickDate(admin, '结束日期', `${year}-12-31`);
      await admin.getByLabel('计划说明').fill('端到端测试创建的培训计划');
      await shot(admin, '01-plan-form');
      await button(admin, '创建计划').click();

      await admin.waitForURL(/\/admin\/train-manage\/train-plan-list$/);
      const plan = row(admin, planName);
      await expectVisible(plan.getByText('草稿'));
      await button(plan, '发布').click();
      await confirmPopover(admin, '发布');
      await expectVisible(plan.getByText('已发布'));
      await shot(admin, '02-plan-published');
    },
    STEP_TIMEOUT,
  );

  test(
    '共享资源库: the project admin previews a shared video (read-only) and copies it into 视频资源, once',
    async () => {
      const sharedName = '消防器材使用演示';
      await admin.goto(`${product.url}/admin/resource-manage/shared-library`);
      const shared = row(admin, sharedName);
      await expectVisible(shared.getByText('未使用'));
      // Read-only for a project: no rename or delete is offered.
      expect(await button(shared, '重命名').count()).toBe(0);
      expect(await button(shared, '删除').count()).toBe(0);
      await button(shared, '预览').click();
      const preview = admin.getByRole('dialog', { name: `预览：${sharedName}` });
      await expectVisible(preview.getByTestId('video-player'));
      await admin.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });

      await button(shared, '使用').click();
      await expectVisible(admin.getByText(`已复制到本项目的视频资源：「${sharedName}」`));
      await expectVisible(shared.getByText('已在本项目'));
      await shot(admin, '02b-shared-used');
      await button(shared, '到视频资源查看').click();
      await admin.waitForURL(/\/admin\/resource-manage\/video$/);
      await admin.locator('#video-filters_name').fill(sharedName);
      await button(admin, '查询').click();
      await expectVisible(row(admin, sharedName));
    },
    STEP_TIMEOUT,
  );

  test(
    '视频资源: a video is uploaded through the upload dialog and listed',
    async () => {
      await admin.goto(`${product.url}/admin/resource-manage/video`);
      await button(admin, '上传视频').click();
      const dialog = admin.getByRole('dialog', { name: '上传视频' });
      await expectVisible(dialog);
      // The file goes straight into the dialog's file input (what choosing it in the system dialog
      // does): the native file chooser event was seen lost on a loaded CI machine.
      await expectVisible(dialog.getByText('点击或拖入 MP4 视频文件'));
      await dialog.locator('input[type=file]').setInputFiles(FIRE_DRILL);
      await expectVisible(dialog.getByText(/fire-drill\.mp4/));
      await dialog.getByLabel('视频名称').fill(videoName);
      await shot(admin, '03-video-upload');
      await button(dialog, '开始上传').click();
      await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

      await admin.locator('#video-filters_name').fill(videoName);
      await button(admin, '查询').click();
      const video = row(admin, videoName);
      await expectVisible(video);
      await expectVisible(video.getByText('00:08'));
      // Packaged as encrypted HLS by the job the upload queued (转码中 → 可播放, issue 32).
      for (let tries = 0; tries < 30 && !(await video.getByText('可播放').isVisible()); tries += 1) {
        await admin.waitForTimeout(1000);
        await button(admin, '查询').click();
      }
      await expectVisible(video.getByText('可播放'));
      await shot(admin, '04-video-listed');
    },
    STEP_TIMEOUT,
  );

  test(
    '添加弹题: a single-choice question is added to the video at a second mark',
    async () => {
      await row(admin, videoName).getByRole('link', { name: '弹题' }).click();
      await admin.waitForURL(/\/admin\/resource-manage\/add-question\?resourceId=\d+/);
      await expectVisible(admin.getByText(`添加弹题：${videoName}`));
      await expectVisible(admin.getByTestId('question-player'));
      await button(admin, '在当前时间添加弹题').click();
      const dialog = admin.getByRole('dialog', { name: '添加弹题' });
      await expectVisible(dialog);
      await dialog.getByLabel('时间点（秒）').fill('3');
      await dialog.getByLabel('题目').fill('发生火灾时首先应当做什么？');
      await dialog.getByLabel(/^选项/).fill('立即报警并组织疏散\n先收拾贵重物品\n乘坐电梯下楼');
      await dialog.getByLabel(/^答案/).fill('A');
      await shot(admin, '05-question-form');
      await button(dialog, '确定').click();
      await dialog.waitFor({ state: 'hidden' });
      const question = row(admin, '发生火灾时首先应当做什么？');
      await expectVisible(question.getByText('单选题'));
      await expectVisible(question.getByRole('cell', { name: '3', exact: true }));
      await shot(admin, '06-question-listed');
    },
    STEP_TIMEOUT,
  );

  test(
    '视频资源: 重新转码 packages a ready demo video again and it comes back 可播放 with a new package',
    async () => {
      const demoName = '消防演练示范';
      const before = await demoPackageId(demoName);
      expect(before).not.toBeNull();
      await admin.goto(`${product.url}/admin/resource-manage/video`);
      await admin.locator('#video-filters_name').fill(demoName);
      await button(admin, '查询').click();
      const video = row(admin, demoName);
      await expectVisible(video.getByText('可播放'));
      await button(video, '重新转码').click();
      await confirmPopover(admin, '重新转码');
      await expectVisible(admin.getByText('已开始重新转码'));
      // Packaged again by the job (a few seconds); 可播放 all along, 重新转码中 beside it meanwhile.
      for (let tries = 0; tries < 60 && (await demoPackageId(demoName)) === before; tries += 1)
        await admin.waitForTimeout(1000);
      expect(await demoPackageId(demoName)).not.toBe(before);
      await button(admin, '查询').click();
      await expectVisible(video.getByText('可播放'));
      await video.getByText('重新转码中').waitFor({ state: 'detached' });
      expect(await video.getByText('重新转码失败').count()).toBe(0);
      await expectVisible(button(video, '重新转码'));
      await shot(admin, '06b-video-repackaged');
    },
    STEP_TIMEOUT,
  );

  test(
    '课程管理: a published course takes the video as a lesson with a 2 s trial',
    async () => {
      await admin.goto(`${product.url}/admin/resource-manage/course`);
      await button(admin, '新建课程').click();
      const drawer = admin.locator('.ant-drawer').filter({ hasText: '新建课程' });
      await expectVisible(drawer.getByLabel('课程名称'));
      await drawer.getByLabel('课程名称').fill(courseName);
      await chooseTreeNode(admin, drawer, '课程分类', '安全生产');
      await drawer.getByLabel('授课教师').fill('赵消防');
      await drawer.getByText('已发布', { exact: true }).click();

      await button(drawer, '添加视频').click();
      const picker = admin.getByRole('dialog', { name: '选择视频' });
      await picker.getByLabel('视频名称').fill(videoName);
      await button(picker, '查询').click();
      const choice = row(picker, videoName);
      await choice.getByRole('checkbox').check();
      await picker.getByRole('button', { name: /添加（1）/ }).click();
      await picker.waitFor({ state: 'hidden' });

      const lesson = row(drawer, videoName);
      await lesson.getByPlaceholder('0.1～100').fill('1');
      await lesson.getByPlaceholder('0 为不可试看').fill('2');
      await expectVisible(lesson.getByText('试看 00:02 / 时长 00:08'));
      await expectVisible(drawer.getByText(/共 1 个课时，总学时\s*1/));
      await shot(admin, '07-course-editor');
      await button(drawer, '保存').click();
      await drawer.waitFor({ state: 'hidden' });

      const course = row(admin, courseName);
      await expectVisible(course.getByText('已发布'));
      await expectVisible(course.getByRole('cell', { name: '赵消防' }));
      await shot(admin, '08-course-listed');
    },
    STEP_TIMEOUT,
  );

  test(
    '班级管理: a class of the plan with the course is created and put on the shelf',
    async () => {
      await admin.goto(`${product.url}/admin/train-manage/train-class-detail`);
      await expectVisible(admin.getByText('新建班级'));
      await admin.getByLabel('班级名称').fill(className);
      await choose(admin, admin, '培训计划', `${year}年 · ${planName}`);
      await choose(admin, admin, '年度', `${year}年`);
      await chooseTreeNode(admin, admin, '班级类型', '公需科目');
      await admin.getByLabel('价格（元）').fill('12.50');
      await pickDate(admin, '报名开始日期', `${year}-01-01`);
      await pickDate(admin, '报名结束日期', `${year}-12-31`);
      await pickDate(admin, '学习开始日期', `${year}-01-01`);
      await pickDate(admin, '学习结束日期', `${year}-12-31`);
      await admin.getByLabel('班级介绍').fill('端到端测试创建的消防安全班级');

      await button(admin, '添加课程').click();
      const picker = admin.getByRole('dialog', { name: '添加课程' });
      await picker.getByLabel('课程名称').fill(courseName);
      await button(picker, '查询').click();
      await row(picker, courseName).getByRole('checkbox').check();
      await picker.getByRole('button', { name: /添加 1 门课程/ }).click();
      await picker.waitFor({ state: 'hidden' });
      await expectVisible(row(admin, courseName).getByText('必修'));
      await expectVisible(admin.getByText('共 1 门课程，必修 1 学时，选修 0 学时'));
      await shot(admin, '09-class-form');
      await button(admin, '创建班级').click();
      await admin.waitForURL(/\/admin\/train-manage\/train-class-detail\?id=\d+/);
      await expectVisible(admin.getByText(`编辑班级 · ${className}`));

      await admin.goto(`${product.url}/admin/train-manage/class`);
      await admin.locator('#class-filters_name').fill(className);
      await button(admin, '查询').click();
      const listed = row(admin, className);
      await expectVisible(listed.getByText('已下架'));
      await expectVisible(listed.getByText('12.50'));
      await button(listed, '上架').click();
      await expectVisible(listed.getByText('已上架'));
      await expectVisible(listed.getByText('在售', { exact: true }));
      // The state column lies beyond the table's visible width at 1440 px: show it in the shot.
      await listed.getByText('已上架').scrollIntoViewIfNeeded();
      await shot(admin, '10-class-on-shelf');
    },
    STEP_TIMEOUT,
  );

  test(
    'H5 选课中心: the student signs in and finds the class by its name',
    async () => {
      await h5.goto(`${product.url}/login?redirect=/classSelectCenter`);
      await h5.getByPlaceholder('请输入身份证号或手机号').fill(DEMO.accounts.student.idCardNo);
      await h5.getByPlaceholder('请输入密码').fill(DEMO.accounts.student.password);
      await h5.getByRole('button', { name: '登录' }).click();
      await h5.waitForURL(/\/classSelectCenter$/);

      const yearButton = h5.getByRole('button', { name: /^年度：/ });
      await expectVisible(yearButton);
      if ((await yearButton.getAttribute('aria-label')) !== `年度：${year}年`) {
        await yearButton.click();
        await h5.getByRole('button', { name: `${year}年度` }).click();
        await expectVisible(h5.getByRole('button', { name: `年度：${year}年` }));
      }
      const publicTab = h5.getByRole('tab', { name: '公需课' });
      if ((await publicTab.count()) > 0) await publicTab.click();
      await h5.getByRole('searchbox', { name: '搜索班级名称' }).fill(className);
      await h5.getByRole('button', { name: '搜索', exact: true }).click();
      const card = h5.getByRole('link', { name: className });
      await expectVisible(card);
      await expectVisible(card.getByText('¥12.50'));
      await shot(h5, '11-h5-centre');

      await card.click();
      await h5.waitForURL(/\/detail-public\?id=\d+$/);
      await expectVisible(h5.getByRole('heading', { name: className }));
      await expectVisible(h5.locator('.class-detail__price').getByText('¥12.50'));
      await expectVisible(h5.getByRole('heading', { name: courseName }));
      await shot(h5, '12-h5-detail');
    },
    STEP_TIMEOUT,
  );

  test(
    'H5 试看: the trial plays and stops at 2 s with 试看结束; 加入购物车 puts the class in the cart',
    async () => {
      // The uploaded video was packaged: the trial plays as encrypted HLS (hls.js in Chromium), its
      // playlists listing only the segments within the trial's 2 s (docs/video.md).
      const master = h5.waitForResponse((response) =>
        /\/api\/media\/hls\/[^/]+\/master\.m3u8$/.test(response.url()),
      );
      const segment = h5.waitForResponse((response) =>
        /\/api\/media\/hls\/[^/]+\/(sd|hd)\/0\.ts$/.test(response.url()),
      );
      await h5.getByRole('button', { name: `试看 ${videoName}` }).click();
      const video = h5.getByTestId('trial-video');
      await expectVisible(video);
      expect((await master).status()).toBe(200);
      expect((await segment).status()).toBe(200);
      const folder = (await master).url().replace(/master\.m3u8$/, '');
      const playlist = await (await h5.request.get(`${folder}sd.m3u8`)).text();
      expect(playlist.split('\n').filter((line) => line.endsWith('.ts'))).toEqual(['sd/0.ts']);
      expect((await h5.request.get(`${folder}sd/1.ts`)).status()).toBe(403);
      // Its segment's own key only: the next segment's key is refused to a trial.
      expect((await h5.request.get(`${folder}sd/0.key`)).status()).toBe(200);
      expect((await h5.request.get(`${folder}sd/1.key`)).status()).toBe(403);

      // The video plays (or fails with a media error, which the assertion below shows).
      const playing = await video.elementHandle();
      await h5
        .waitForFunction(
          (element) => {
            const media = element as HTMLVideoElement;
            return media.currentTime > 0 || media.error !== null;
          },
          playing,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
      await shot(h5, '13-h5-trial-playing');
      expect(await playerState(video)).toMatchObject({ error: null, played: true });

      // react-vant's Dialog has no dialog role.
      const dialog = h5.locator('.rv-dialog').filter({ hasText: '试看结束' });
      await expectVisible(dialog, 30_000);
      expect(await playerState(video)).toEqual({ time: 2, paused: true, played: true, error: null });
      await shot(h5, '14-h5-trial-end');

      await dialog.getByRole('button', { name: '加入购物车' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectVisible(h5.getByRole('button', { name: '已在购物车' }));
      await shot(h5, '15-h5-in-cart');
    },
    STEP_TIMEOUT,
  );

  test(
    'H5 购物车: /go-pay lists the class with its price and the total',
    async () => {
      await h5.getByRole('button', { name: '已在购物车' }).click();
      await h5.waitForURL(/\/go-pay/);
      const item = h5.locator('.go-pay__item').filter({ hasText: className });
      await expectVisible(item);
      await expectVisible(item.getByText('¥12.50'));
      const total = h5.locator('.rv-submit-bar__price');
      await expectVisible(total);
      expect((await total.textContent())?.replace(/\s/g, '')).toBe('¥12.50');
      await shot(h5, '16-h5-cart');
    },
    STEP_TIMEOUT,
  );
});
