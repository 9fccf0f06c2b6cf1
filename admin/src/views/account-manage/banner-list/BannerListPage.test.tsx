import type { BannerItem, PageAnswer } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deleteBanner,
  listBanners,
  saveBanner,
  setBannerStatus,
  sortBanners,
  uploadBannerImage,
} from '../../../api/banner';
import { pickDateTime } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { BannerListPage, fromLocalInput, moved, toLocalInput } from './BannerListPage';

jest.mock('../../../api/banner', () => ({
  listBanners: jest.fn(),
  saveBanner: jest.fn(),
  setBannerStatus: jest.fn(),
  deleteBanner: jest.fn(),
  sortBanners: jest.fn(),
  uploadBannerImage: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/account-manage/banner-list']);

function buildBanner(id: number, overrides: Partial<BannerItem> = {}): BannerItem {
  return {
    id,
    title: `轮播图${id}`,
    image: {
      id: `0000000${id}-0000-4000-8000-000000000000`,
      url: `/api/banner-image/0000000${id}-0000-4000-8000-000000000000.png`,
      contentType: 'image/png',
      width: 750,
      height: 300,
      size: 10240,
    },
    link: '/detail-public?id=1',
    sort: id,
    startAt: null,
    endAt: null,
    status: 'ENABLED',
    windowState: 'ACTIVE',
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

const A = buildBanner(1, { title: '安全生产' });
const B = buildBanner(2, { title: '技能提升', status: 'DISABLED', link: null });
const C = buildBanner(3, {
  title: '急救课程',
  startAt: '2030-01-01T00:00:00.000Z',
  windowState: 'PENDING',
});
const page = (list: BannerItem[]): PageAnswer<BannerItem> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 100,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;
const dialog = () => document.querySelector<HTMLElement>('.ant-modal') as HTMLElement;

async function openPage() {
  renderScreen(<BannerListPage />, STAFF, '/account-manage/banner-list');
  await screen.findByText('急救课程');
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('account-manage/banner-list');
  jest
    .mocked(listBanners)
    .mockReset()
    .mockResolvedValue(page([A, B, C]));
  jest.mocked(saveBanner).mockReset().mockResolvedValue(A);
  jest.mocked(setBannerStatus).mockReset().mockResolvedValue(A);
  jest.mocked(deleteBanner).mockReset().mockResolvedValue(null);
  jest
    .mocked(sortBanners)
    .mockReset()
    .mockResolvedValue(page([B, A, C]));
  jest.mocked(uploadBannerImage).mockReset();
});

describe('helpers', () => {
  it('moves a row up or down, and keeps the order at the edges', () => {
    expect(moved([A, B, C], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([A, B, C], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([A, B, C], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([A, B, C], 2, 1)).toEqual([1, 2, 3]);
  });

  it("converts between the form's date-time values and ISO instants", () => {
    expect(fromLocalInput('')).toBeUndefined();
    const iso = fromLocalInput('2030-05-01T08:30') as string;
    expect(toLocalInput(iso)).toBe('2030-05-01T08:30');
    expect(toLocalInput(null)).toBe('');
  });
});

describe('BannerListPage', () => {
  it('lists the banners in order with thumbnails, link, window and status', async () => {
    await openPage();
    const first = rowOf('安全生产');
    expect(within(first).getByRole('img', { hidden: true }).getAttribute('src')).toBe(A.image.url);
    expect(within(first).getByText('/detail-public?id=1')).toBeTruthy();
    expect(within(first).getByText('长期')).toBeTruthy();
    expect(within(first).getByText('展示中')).toBeTruthy();
    expect(within(rowOf('技能提升')).getByText('停用')).toBeTruthy();
    expect(within(rowOf('急救课程')).getByText('未开始')).toBeTruthy();
    expect(button(first, '上移').disabled).toBe(true);
    expect(button(rowOf('急救课程'), '下移').disabled).toBe(true);
  });

  it('moves a banner down by sending the whole new order', async () => {
    await openPage();
    fireEvent.click(button(rowOf('安全生产'), '下移'));
    await waitFor(() => expect(sortBanners).toHaveBeenCalledWith([2, 1, 3]));
  });

  it('deletes after confirmation, enables a disabled banner', async () => {
    await openPage();
    fireEvent.click(button(rowOf('安全生产'), '删除'));
    await waitFor(() => expect(popconfirm()).toBeTruthy());
    expect(deleteBanner).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteBanner).toHaveBeenCalledWith(1));
    fireEvent.click(button(rowOf('技能提升'), '启用'));
    await waitFor(() => expect(setBannerStatus).toHaveBeenCalledWith(2, 'ENABLED'));
  });

  it('adds a banner: uploads the image, previews it, saves with link and window', async () => {
    const uploaded = {
      ...A.image,
      id: '99999999-0000-4000-8000-000000000000',
      url: '/api/banner-image/new.png',
    };
    jest.mocked(uploadBannerImage).mockResolvedValue(uploaded);
    await openPage();
    fireEvent.click(button(document.body, '添加轮播图'));
    await waitFor(() => expect(dialog()).toBeTruthy());

    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('请填写标题')).toBeTruthy();
    expect(within(dialog()).getByText('请上传图片')).toBeTruthy();
    expect(saveBanner).not.toHaveBeenCalled();

    const file = new File(['png'], 'banner.png', { type: 'image/png' });
    fireEvent.change(dialog().querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    await waitFor(() => expect(uploadBannerImage).toHaveBeenCalledWith(file, 'banner.png'));
    await waitFor(() =>
      expect(within(dialog()).getByAltText('轮播图预览').getAttribute('src')).toBe(
        '/api/banner-image/new.png',
      ),
    );

    fireEvent.change(within(dialog()).getByLabelText('标题'), { target: { value: '新的轮播图' } });
    fireEvent.change(within(dialog()).getByLabelText('链接'), { target: { value: '/publicClass' } });
    pickDateTime(within(dialog()).getByLabelText('开始展示'), '2030-05-01 08:00');
    pickDateTime(within(dialog()).getByLabelText('结束展示'), '2030-04-01 08:00');
    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('结束时间应晚于开始时间')).toBeTruthy();
    expect(saveBanner).not.toHaveBeenCalled();

    pickDateTime(within(dialog()).getByLabelText('结束展示'), '2030-06-01 08:00');
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() =>
      expect(saveBanner).toHaveBeenCalledWith({
        title: '新的轮播图',
        imageId: uploaded.id,
        link: '/publicClass',
        startAt: new Date('2030-05-01T08:00').toISOString(),
        endAt: new Date('2030-06-01T08:00').toISOString(),
      }),
    );
    await waitFor(() => expect(listBanners).toHaveBeenCalledTimes(2));
  });

  it('edits a banner and shows the field the server refused', async () => {
    jest
      .mocked(saveBanner)
      .mockRejectedValue(buildFieldsError([{ field: 'link', message: '链接格式不正确' }]));
    await openPage();
    fireEvent.click(button(rowOf('安全生产'), '编辑'));
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect((within(dialog()).getByLabelText('标题') as HTMLInputElement).value).toBe('安全生产');
    expect(within(dialog()).getByAltText('轮播图预览').getAttribute('src')).toBe(A.image.url);
    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('链接格式不正确')).toBeTruthy();
    expect(saveBanner).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, title: '安全生产', imageId: A.image.id, link: '/detail-public?id=1' }),
    );
  });
});
