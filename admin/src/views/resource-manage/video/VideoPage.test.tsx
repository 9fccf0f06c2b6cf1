import type { ResourceCategoryNode, ResourceItem, ResourcePage } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  abortResourceUpload,
  checkResourceUpload,
  completeResourceUpload,
  deleteResource,
  deleteResourceCategory,
  dragResourceCategory,
  getResourceCategoryTree,
  getResourceDownloadUrl,
  getResourcePlayUrl,
  initResourceUpload,
  queryResources,
  queryUploadErrors,
  repackageResource,
  retryResourcePackaging,
  saveResource,
  saveResourceCategory,
  sendResourceChunk,
} from '../../../api/resource';
import { pickDateRange } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import {
  buildCategory,
  buildVideo,
  button,
  dialog,
  field,
  pickCategory,
  rowOf,
  sampleCategoryTree,
  treeNode,
} from '../components/screen-testing';
import { VideoPage } from './VideoPage';

jest.mock('../../../api/resource', () => ({
  getResourceCategoryTree: jest.fn(),
  saveResourceCategory: jest.fn(),
  dragResourceCategory: jest.fn(),
  deleteResourceCategory: jest.fn(),
  queryResources: jest.fn(),
  saveResource: jest.fn(),
  deleteResource: jest.fn(),
  getResourcePlayUrl: jest.fn(),
  getResourceDownloadUrl: jest.fn(),
  retryResourcePackaging: jest.fn(),
  repackageResource: jest.fn(),
  checkResourceUpload: jest.fn(),
  initResourceUpload: jest.fn(),
  getResourceUploadStatus: jest.fn(),
  sendResourceChunk: jest.fn(),
  completeResourceUpload: jest.fn(),
  abortResourceUpload: jest.fn(),
  queryUploadErrors: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const treeMock = jest.mocked(getResourceCategoryTree);
const queryMock = jest.mocked(queryResources);

const STAFF = buildAccountInfo(['/home', '/resource-manage/video', '/resource-manage/add-question']);

const TREE: ResourceCategoryNode[] = sampleCategoryTree('resourceCount');

const video = buildVideo;
const INTRO = video();
const DRILL = video({
  id: 6,
  name: '消防演练示范',
  categoryId: 11,
  categoryName: '安全生产 / 消防安全',
  durationSeconds: 3723,
  size: 3.4 * 1024 * 1024,
});

function page(list: ResourceItem[]): ResourcePage {
  return { list, total: list.length, pageNum: 1, pageSize: 10 };
}

const pick = pickCategory;
const toolbar = () => document.querySelector<HTMLElement>('.category-panel__toolbar') as HTMLElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;

async function openPage(account = STAFF) {
  const rendered = renderScreen(<VideoPage />, account, '/resource-manage/video');
  await screen.findByText('消防演练示范');
  await screen.findByText('职业技能');
  // The tree may still be expanding (its motion holds the nodes elsewhere): wait for both in place.
  await waitFor(() => {
    treeNode('安全生产');
    treeNode('职业技能');
  });
  return rendered;
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('resource-manage/video');
  jest.clearAllMocks();
  treeMock.mockResolvedValue(TREE);
  queryMock.mockResolvedValue(page([INTRO, DRILL]));
});

describe('VideoPage', () => {
  it('shows the category tree with counts and the videos with category, duration, size and resolution', async () => {
    await openPage();
    expect(queryMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(within(treeNode('安全生产')).getByText('2')).toBeTruthy();
    expect(within(treeNode('消防安全')).getByText('1')).toBeTruthy();
    const drill = rowOf('消防演练示范');
    for (const text of ['安全生产 / 消防安全', '1:02:03', '3.4 MB', '320×180'])
      expect(within(drill).getByText(text)).toBeTruthy();
    const intro = rowOf('安全生产概述');
    for (const text of ['00:12', '52.1 KB']) expect(within(intro).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('each video links to its pop-up questions (添加弹题)', async () => {
    await openPage();
    const row = screen.getByText('消防演练示范').closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: '弹题' }).getAttribute('href')).toBe(
      `/resource-manage/add-question?resourceId=${DRILL.id}`,
    );
  });

  it('shows no 弹题 link to a role without 添加弹题', async () => {
    const { unmount } = await openPage(buildAccountInfo(['/home', '/resource-manage/video']));
    const row = screen.getByText('消防演练示范').closest('tr') as HTMLElement;
    expect(within(row).queryByRole('link', { name: '弹题' })).toBeNull();
    expect(within(row).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    unmount();
  });

  it('selecting a category lists its videos (and those below); 全部视频 lists all; the name filter keeps it', async () => {
    await openPage();
    pick('消防安全');
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({ categoryId: 11, pageNum: 1, pageSize: 10 }),
    );
    fireEvent.change(field('video-filters_name'), { target: { value: ' 演练 ' } });
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({ name: '演练', categoryId: 11, pageNum: 1, pageSize: 10 }),
    );
    fireEvent.click(screen.getByText('全部视频'));
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({
        name: '演练',
        categoryId: undefined,
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('adds a root category and a sub category; the server’s refusal shows on the name', async () => {
    const saveMock = jest.mocked(saveResourceCategory);
    saveMock.mockRejectedValueOnce(buildFieldsError([{ field: 'name', message: '同级分类名称已存在' }]));
    saveMock.mockResolvedValue({ id: 3, parentId: null, name: '应急救护', sort: 2 });
    await openPage();
    fireEvent.click(button(document.body, '新增分类'));
    let form = await dialog('新增分类');
    fireEvent.click(button(form, '保存'));
    expect(await within(form).findByText('请填写分类名称')).toBeTruthy();
    fireEvent.change(field('resource-category-form_name'), { target: { value: ' 职业技能 ' } });
    fireEvent.click(button(form, '保存'));
    expect(await within(form).findByText('同级分类名称已存在')).toBeTruthy();
    expect(saveMock).toHaveBeenLastCalledWith({ name: '职业技能', parentId: null });
    fireEvent.change(field('resource-category-form_name'), { target: { value: '应急救护' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(treeMock).toHaveBeenCalledTimes(2));

    pick('职业技能');
    fireEvent.click(button(document.body, '新增子分类'));
    form = await dialog('新增「职业技能」的子分类');
    fireEvent.change(field('resource-category-form_name'), { target: { value: '电工' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenLastCalledWith({ name: '电工', parentId: 2 }));
  });

  it('renames the selected category', async () => {
    const saveMock = jest
      .mocked(saveResourceCategory)
      .mockResolvedValue({ id: 2, parentId: null, name: '技能培训', sort: 1 });
    await openPage();
    expect(button(document.body, '重命名').disabled).toBe(true);
    pick('职业技能');
    fireEvent.click(button(document.body, '重命名'));
    const form = await dialog('重命名分类');
    expect(field('resource-category-form_name').value).toBe('职业技能');
    fireEvent.change(field('resource-category-form_name'), { target: { value: '技能培训' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledWith({ id: 2, name: '技能培训' }));
  });

  it('deletes an empty category after confirmation; one holding videos cannot be deleted', async () => {
    const deleteMock = jest.mocked(deleteResourceCategory).mockResolvedValue(null);
    await openPage();
    pick('安全生产');
    await waitFor(() => expect(button(toolbar(), '删除').disabled).toBe(true));
    pick('职业技能');
    await waitFor(() => expect(button(toolbar(), '删除').disabled).toBe(false));
    fireEvent.click(button(toolbar(), '删除'));
    expect(await screen.findByText('删除分类「职业技能」？')).toBeTruthy();
    expect(deleteMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(2));
    await waitFor(() => expect(treeMock).toHaveBeenCalledTimes(2));
  });

  it('dragging a category onto another moves it there and shows the new tree', async () => {
    const moved: ResourceCategoryNode[] = [
      buildCategory('resourceCount', 1, '安全生产', 2, [
        buildCategory('resourceCount', 2, '职业技能', 0, [], 1),
      ]),
    ];
    const dragMock = jest.mocked(dragResourceCategory).mockResolvedValue(moved);
    await openPage();
    const source = treeNode('职业技能');
    const target = treeNode('安全生产');
    fireEvent.dragStart(source);
    fireEvent.dragEnter(target);
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    // jsdom lays nothing out, so antd reads the drop as onto the node: 职业技能 becomes its first child.
    await waitFor(() => expect(dragMock).toHaveBeenCalledWith(2, 1, 0));
    // The old tree's nodes may still be on their way out (antd's motion) on a slow machine.
    await waitFor(() =>
      expect(screen.getAllByRole('treeitem').map((item) => item.textContent)).toEqual([
        '安全生产2',
        '职业技能0',
      ]),
    );
    expect(treeMock).toHaveBeenCalledTimes(1);
  });

  it('uploads a video in chunks with progress, into the selected category, then lists it', async () => {
    jest.mocked(checkResourceUpload).mockResolvedValue({
      type: 'video',
      contentType: 'video/mp4',
      size: 25,
      durationSeconds: null,
      width: null,
      height: null,
    });
    jest.mocked(initResourceUpload).mockResolvedValue({
      uploadId: 'u-1',
      chunkSize: 10,
      chunkCount: 3,
      received: [],
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    const chunkMock = jest.mocked(sendResourceChunk).mockImplementation(async (uploadId, index, blob) => ({
      uploadId,
      index,
      size: (blob as Blob).size,
    }));
    jest.mocked(completeResourceUpload).mockResolvedValue(video({ id: 9, name: '急救' }));
    await openPage();
    pick('消防安全');
    fireEvent.click(button(document.body, '上传视频'));
    const form = await dialog('上传视频');
    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['abcdefghijklmnopqrstuvwxy'], '现场急救.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(field('video-upload-form_name').value).toBe('现场急救'));
    expect(within(form).getByText('现场急救.mp4（25 B）')).toBeTruthy();
    fireEvent.click(button(form, '开始上传'));
    await waitFor(() => expect(completeResourceUpload).toHaveBeenCalledWith('u-1'));
    expect(initResourceUpload).toHaveBeenCalledWith({
      name: '现场急救',
      fileName: '现场急救.mp4',
      fileSize: 25,
      categoryId: 11,
    });
    expect(chunkMock.mock.calls.map((call) => [call[1], (call[2] as Blob).size])).toEqual([
      [0, 10],
      [1, 10],
      [2, 5],
    ]);
    await waitFor(() => expect(queryMock.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(treeMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows why an upload was refused and keeps the dialog open', async () => {
    jest
      .mocked(checkResourceUpload)
      .mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '文件内容不是 MP4 视频' }));
    await openPage();
    fireEvent.click(button(document.body, '上传视频'));
    const form = await dialog('上传视频');
    fireEvent.change(form.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['<html>'], 'fake.mp4', { type: 'video/mp4' })] },
    });
    fireEvent.click(button(form, '开始上传'));
    expect(await within(form).findByText('文件内容不是 MP4 视频')).toBeTruthy();
    expect(initResourceUpload).not.toHaveBeenCalled();
    expect(abortResourceUpload).not.toHaveBeenCalled();
  });

  it('edits a video: rename and move to another category', async () => {
    const saveMock = jest
      .mocked(saveResource)
      .mockResolvedValue(video({ name: '安全生产总论', categoryId: 2 }));
    await openPage();
    fireEvent.click(button(rowOf('安全生产概述'), '编辑'));
    const form = await dialog('编辑视频');
    expect(field('video-edit-form_name').value).toBe('安全生产概述');
    fireEvent.change(field('video-edit-form_name'), { target: { value: ' 安全生产总论 ' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({ id: 5, name: '安全生产总论', categoryId: 1 }),
    );
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(2));
  });

  it('deletes a video after confirmation', async () => {
    const deleteMock = jest.mocked(deleteResource).mockResolvedValue(null);
    await openPage();
    fireEvent.click(button(rowOf('消防演练示范'), '删除'));
    expect(await screen.findByText('删除视频「消防演练示范」？')).toBeTruthy();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(6));
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(2));
  });

  it('shows each video’s state: 可播放, 转码中, 失败 with the reason; 预览 only when playable, 重试 only when failed', async () => {
    const reason = '转码失败：moov atom not found';
    queryMock.mockResolvedValue(
      page([
        INTRO,
        video({ id: 7, name: '转码中的视频', status: 'PROCESSING' }),
        video({ id: 8, name: '转码失败的视频', status: 'FAILED', statusReason: reason }),
      ]),
    );
    renderScreen(<VideoPage />, STAFF, '/resource-manage/video');
    await screen.findByText('转码失败的视频');
    const ready = rowOf('安全生产概述');
    const processing = rowOf('转码中的视频');
    const failed = rowOf('转码失败的视频');
    expect(within(ready).getByText('可播放')).toBeTruthy();
    expect(within(processing).getByText('转码中')).toBeTruthy();
    expect(within(failed).getByText('失败')).toBeTruthy();
    const labels = (row: HTMLElement) =>
      within(row)
        .getAllByRole('button')
        .map((one) => (one.textContent ?? '').replace(/\s/g, ''));
    expect(labels(ready)).toEqual(expect.arrayContaining(['预览', '下载']));
    expect(labels(ready)).not.toContain('重试');
    expect(labels(processing)).not.toContain('预览');
    expect(labels(processing)).not.toContain('重试');
    expect(labels(failed)).toContain('重试');
    expect(labels(failed)).not.toContain('预览');
    // The reason shows over the 失败 tag (only there).
    expect(screen.queryByText(reason)).toBeNull();
    fireEvent.mouseEnter(within(failed).getByText('失败'));
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it('重试 packages a failed video again, says so and reloads the list', async () => {
    const failed = video({
      id: 8,
      name: '转码失败的视频',
      status: 'FAILED',
      statusReason: '转码失败：bad data',
    });
    queryMock.mockResolvedValueOnce(page([failed]));
    queryMock.mockResolvedValue(page([{ ...failed, status: 'PROCESSING', statusReason: null }]));
    const retryMock = jest
      .mocked(retryResourcePackaging)
      .mockResolvedValue({ ...failed, status: 'PROCESSING', statusReason: null });
    renderScreen(<VideoPage />, STAFF, '/resource-manage/video');
    await screen.findByText('转码失败的视频');
    fireEvent.click(button(rowOf('转码失败的视频'), '重试'));
    await waitFor(() => expect(retryMock).toHaveBeenCalledWith(8));
    expect(await screen.findByText('已重新开始转码')).toBeTruthy();
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(2));
    expect(await within(rowOf('转码失败的视频')).findByText('转码中')).toBeTruthy();
  });

  it('重新转码 packages a ready video again after a confirmation; it stays 可播放 with 重新转码中 beside it', async () => {
    const ready = video({ id: 9, name: '需要重新转码的视频' });
    const notReady = { canRepackage: false, repackageRefusal: '只有可播放的视频可以重新转码' };
    const processing = video({ id: 10, name: '转码中的视频', status: 'PROCESSING', abilities: notReady });
    const failed = video({
      id: 11,
      name: '转码失败的视频',
      status: 'FAILED',
      statusReason: '转码失败：bad',
      abilities: notReady,
    });
    queryMock.mockResolvedValueOnce(page([ready, processing, failed]));
    const underWay = {
      ...ready,
      repackaging: true,
      abilities: { canRepackage: false, repackageRefusal: '该视频正在重新转码，请等待完成' },
    };
    queryMock.mockResolvedValue(page([underWay, processing, failed]));
    const repackageMock = jest.mocked(repackageResource).mockResolvedValue(underWay);
    renderScreen(<VideoPage />, STAFF, '/resource-manage/video');
    await screen.findByText('需要重新转码的视频');
    // Only a ready video offers it (a failed one has 重试, one being packaged nothing).
    expect(within(rowOf('转码中的视频')).queryByText('重新转码')).toBeNull();
    expect(within(rowOf('转码失败的视频')).queryByText('重新转码')).toBeNull();

    fireEvent.click(button(rowOf('需要重新转码的视频'), '重新转码'));
    await waitFor(() => expect(popconfirm()).toBeTruthy());
    expect(within(popconfirm()).getByText('重新转码「需要重新转码的视频」？')).toBeTruthy();
    expect(repackageMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '重新转码'));
    await waitFor(() => expect(repackageMock).toHaveBeenCalledWith(9));
    expect(await screen.findByText('已开始重新转码')).toBeTruthy();
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(2));
    const row = rowOf('需要重新转码的视频');
    expect(await within(row).findByText('重新转码中')).toBeTruthy();
    expect(within(row).getByText('可播放')).toBeTruthy();
    // Still playable meanwhile; not asked twice.
    expect(button(row, '预览')).toBeTruthy();
    expect(within(row).queryByText('重新转码')).toBeNull();
  });

  it('重新转码 follows the server: a ready video it may not re-package (kept by 云点播) offers none', async () => {
    const cloud = video({
      id: 12,
      name: '云点播的视频',
      abilities: { canRepackage: false, repackageRefusal: '该视频由云点播保存和播放，无需重新转码' },
    });
    const ours = video({ id: 13, name: '平台转码的视频' });
    queryMock.mockResolvedValue(page([cloud, ours]));
    renderScreen(<VideoPage />, STAFF, '/resource-manage/video');
    await screen.findByText('云点播的视频');
    expect(button(rowOf('云点播的视频'), '预览')).toBeTruthy();
    expect(within(rowOf('云点播的视频')).queryByText('重新转码')).toBeNull();
    expect(button(rowOf('平台转码的视频'), '重新转码')).toBeTruthy();
  });

  it('a failed re-package shows 重新转码失败 beside 可播放, with the reason over it', async () => {
    const reason = '转码失败：Invalid data found when processing input';
    queryMock.mockResolvedValue(
      page([video({ id: 12, name: '重新转码失败的视频', repackageFailure: reason })]),
    );
    renderScreen(<VideoPage />, STAFF, '/resource-manage/video');
    await screen.findByText('重新转码失败的视频');
    const row = rowOf('重新转码失败的视频');
    expect(within(row).getByText('可播放')).toBeTruthy();
    expect(within(row).queryByText('重新转码中')).toBeNull();
    expect(screen.queryByText(reason)).toBeNull();
    fireEvent.mouseEnter(within(row).getByText('重新转码失败'));
    expect(await screen.findByText(reason)).toBeTruthy();
    // It may be asked again.
    expect(button(row, '重新转码')).toBeTruthy();
  });

  it('下载 fetches a signed URL of the original file and saves it under the file’s name', async () => {
    jest.mocked(getResourceDownloadUrl).mockResolvedValue({
      provider: 'local',
      url: '/api/media/6.1900000000.original',
      token: '6.1900000000.original',
      contentType: 'video/mp4',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    const saved: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    // A video still being packaged has its original too.
    queryMock.mockResolvedValue(
      page([INTRO, { ...DRILL, status: 'PROCESSING', fileName: 'fire-drill.mp4' }]),
    );
    try {
      await openPage();
      fireEvent.click(button(rowOf('消防演练示范'), '下载'));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(getResourceDownloadUrl).toHaveBeenCalledWith(6);
      expect(saved[0]).toEqual({ href: '/api/media/6.1900000000.original', download: 'fire-drill.mp4' });
      expect(getResourcePlayUrl).not.toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });

  it('previews a video from its signed play URL in an HTML5 player', async () => {
    jest.mocked(getResourcePlayUrl).mockResolvedValue({
      provider: 'local',
      url: '/api/media/5.1900000000.abc',
      token: '5.1900000000.abc',
      contentType: 'video/mp4',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    await openPage();
    fireEvent.click(button(rowOf('安全生产概述'), '预览'));
    const player = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    expect(getResourcePlayUrl).toHaveBeenCalledWith(5);
    expect(player.getAttribute('src')).toBe('/api/media/5.1900000000.abc');
    expect(player.hasAttribute('controls')).toBe(true);
    const preview = await dialog('预览：安全生产概述');
    for (const text of ['00:12', '320 × 180', 'safety-intro.mp4'])
      expect(within(preview).getByText(text)).toBeTruthy();
  });

  it('lists the failed uploads (上传失败记录) with reason, who and when; filters by name and day', async () => {
    const errorsMock = jest.mocked(queryUploadErrors).mockResolvedValue({
      list: [
        {
          id: 1,
          type: 'video',
          name: '消防演练',
          fileName: 'drill.mp4',
          size: 3.4 * 1024 * 1024,
          categoryId: 11,
          categoryName: '安全生产 / 消防安全',
          kind: 'REFUSED',
          reason: '文件内容不是 MP4 视频',
          accountId: 3,
          accountName: '张管理',
          createdAt: '2024-05-01T02:03:04.000Z',
        },
        {
          id: 2,
          type: 'video',
          name: null,
          fileName: 'old.mp4',
          size: 820,
          categoryId: null,
          categoryName: null,
          kind: 'EXPIRED',
          reason: '上传长时间未完成，已过期清除',
          accountId: null,
          accountName: null,
          createdAt: '2024-04-01T02:03:04.000Z',
        },
      ],
      total: 2,
      pageNum: 1,
      pageSize: 10,
    });
    await openPage();
    expect(errorsMock).not.toHaveBeenCalled();
    fireEvent.click(button(document.body, '上传失败记录'));
    const drawer = (await screen.findByText('上传失败记录', { selector: '.ant-drawer-title' })).closest(
      '.ant-drawer-section',
    ) as HTMLElement;
    await within(drawer).findByText('drill.mp4');
    expect(errorsMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const refused = rowOf('drill.mp4');
    for (const text of [
      '消防演练',
      '3.4 MB',
      '安全生产 / 消防安全',
      '被拒绝',
      '文件内容不是 MP4 视频',
      '张管理',
    ])
      expect(within(refused).getByText(text)).toBeTruthy();
    expect(within(rowOf('old.mp4')).getByText('超时清除')).toBeTruthy();
    fireEvent.change(field('upload-error-filters_name'), { target: { value: ' drill ' } });
    pickDateRange(field('upload-error-filters_days'), '2024-05-01', '2024-05-31');
    fireEvent.click(button(drawer, '查询'));
    await waitFor(() =>
      expect(errorsMock).toHaveBeenLastCalledWith({
        name: 'drill',
        startDate: '2024-05-01',
        endDate: '2024-05-31',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });
});
