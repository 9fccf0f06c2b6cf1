import type { ClassCenterItem, PublicBanner, SystemInfo } from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listBanners } from '../../api/banner';
import { getSystemInfo } from '../../api/project';
import { listCenterClasses, listCenterYears } from '../../api/train-class';
import { probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { ENTRY_VARIANTS, type EntryVariantName } from './entry-variants';
import { openExternal } from './open-link';
import { TrainIndexPage } from './TrainIndexPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/banner', () => ({ listBanners: jest.fn() }));
jest.mock('../../api/train-class', () => ({ listCenterClasses: jest.fn(), listCenterYears: jest.fn() }));
jest.mock('./open-link', () => ({ ...jest.requireActual('./open-link'), openExternal: jest.fn() }));

const banners = jest.mocked(listBanners);
const classes = jest.mocked(listCenterClasses);
const years = jest.mocked(listCenterYears);

const BANNERS: PublicBanner[] = [
  {
    id: 1,
    title: '新班开课',
    imageUrl: '/api/banner-image/a.png',
    width: 750,
    height: 320,
    link: '/detail-public?id=3',
  },
  {
    id: 2,
    title: '政策解读',
    imageUrl: '/api/banner-image/b.png',
    width: 750,
    height: 320,
    link: 'https://example.com/news',
  },
  { id: 3, title: '欢迎', imageUrl: '/api/banner-image/c.png', width: 750, height: 320, link: null },
];

const CLASS: ClassCenterItem = {
  id: 3,
  name: '2025年公需科目培训班',
  year: 2025,
  baseType: 'public',
  categoryPath: '公需科目',
  amount: 9800,
  requiredHours: 12,
  electiveHours: 0,
  courseCount: 2,
  teacherName: null,
  enrolEndDate: '2025-12-31',
  studyStartDate: '2025-01-01',
  studyEndDate: '2025-12-31',
  rating: null,
  evaluationCount: 0,
};

function renderEntry(name: EntryVariantName, settings: Partial<SystemInfo> = {}) {
  jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo(settings));
  const variant = ENTRY_VARIANTS[name];
  return renderScreen(<TrainIndexPage variant={variant} />, variant.path);
}

// jsdom lacks IntersectionObserver (react-vant's Swiper items watch whether they are on screen):
// one that never reports, as jsdom lays nothing out.
class SilentIntersectionObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
beforeAll(() => {
  Object.assign(globalThis, { IntersectionObserver: SilentIntersectionObserver });
});

beforeEach(() => {
  setTokenCookie(undefined);
  banners.mockReset().mockResolvedValue(BANNERS);
  years.mockReset().mockResolvedValue([2025, 2024]);
  classes.mockReset().mockResolvedValue({ list: [CLASS], total: 1, pageNum: 1, pageSize: 4 });
  jest.mocked(openExternal).mockClear();
});

describe('/trainIndex', () => {
  it('shows the banners, the entry tiles and the offered classes of the newest year', async () => {
    renderEntry('trainIndex');
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '新班开课' })).toBeTruthy();
    expect(screen.getByAltText('政策解读').getAttribute('src')).toBe('/api/banner-image/b.png');
    // Each banner shows its title over its picture (issue 17: the titles never showed).
    const banner = screen.getByRole('button', { name: '政策解读' });
    expect(banner.querySelector('.train-index__banner-title')?.textContent).toBe('政策解读');
    const tiles = screen.getByRole('navigation', { name: '入口' });
    expect(['公需课', '专业课', '选课中心', '我的'].every((text) => within(tiles).queryByText(text))).toBe(
      true,
    );

    const card = await screen.findByRole('link', { name: '2025年公需科目培训班' });
    expect(card.getAttribute('href')).toBe('/detail-public?id=3');
    expect(within(card).getByText('必修 12.0 学时 · 选修 0.0 学时')).toBeTruthy();
    expect(classes).toHaveBeenCalledWith({ unitId: undefined, year: 2025, pageNum: 1, pageSize: 4 });
  });

  it('opens an H5 banner link in the site', async () => {
    renderEntry('trainIndex');
    fireEvent.click(await screen.findByRole('button', { name: '新班开课' }));
    expect(await probedLocation()).toBe('/detail-public?id=3');
  });

  it('opens an https banner link in the window, and does nothing without a link', async () => {
    renderEntry('trainIndex');
    fireEvent.click(await screen.findByRole('button', { name: '欢迎' }));
    expect(openExternal).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '政策解读' }));
    expect(openExternal).toHaveBeenCalledWith('https://example.com/news');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the page without banners when they fail', async () => {
    banners.mockRejectedValue(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderEntry('trainIndex');
    expect(await screen.findByRole('link', { name: '2025年公需科目培训班' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新班开课' })).toBeNull();
  });

  it('leads from the tiles and 查看更多 to the class pages', async () => {
    const { unmount } = renderEntry('trainIndex');
    fireEvent.click(await screen.findByText('公需课'));
    expect(await probedLocation()).toBe('/publicClass');
    unmount();
    renderEntry('trainIndex');
    fireEvent.click(await screen.findByRole('button', { name: '查看更多' }));
    expect(await probedLocation()).toBe('/classSelectCenter');
  });

  it('offers 我的 on the entry pages, and the cart on home (whose tab bar leads to 我的)', async () => {
    const { unmount } = renderEntry('trainIndex');
    const entryTiles = within(await screen.findByRole('navigation', { name: '入口' }));
    expect(entryTiles.getByText('我的')).toBeTruthy();
    expect(entryTiles.queryByText('购物车')).toBeNull();
    unmount();
    renderEntry('home');
    const homeTiles = within(await screen.findByRole('navigation', { name: '入口' }));
    expect(homeTiles.queryByText('我的')).toBeNull();
    fireEvent.click(homeTiles.getByText('购物车'));
    expect(await probedLocation()).toBe('/go-pay');
  });

  it('offers no tile for a hidden base type', async () => {
    renderEntry('trainIndex', { hidePublicType: 1 });
    const tiles = await screen.findByRole('navigation', { name: '入口' });
    expect(within(tiles).queryByText('公需课')).toBeNull();
    expect(within(tiles).getByText('专业课')).toBeTruthy();
  });

  it('says when no class is offered, and offers a retry when the list fails', async () => {
    years.mockResolvedValueOnce([]);
    const { unmount } = renderEntry('trainIndex');
    expect(await screen.findByText('暂无可报名的班级')).toBeTruthy();
    expect(classes).not.toHaveBeenCalled();
    unmount();

    classes.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderEntry('trainIndex');
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: '2025年公需科目培训班' })).toBeTruthy();
  });
});

describe('/index2', () => {
  it('sends visitors to /login while index2Open is 0', async () => {
    renderEntry('index2', { index2Open: 0 });
    expect(await probedLocation()).toBe('/login');
    expect(banners).not.toHaveBeenCalled();
  });

  it('is the entry page when index2Open is 1', async () => {
    renderEntry('index2', { index2Open: 1 });
    expect(await screen.findByRole('button', { name: '新班开课' })).toBeTruthy();
    await waitFor(() => expect(classes).toHaveBeenCalledTimes(1));
  });
});
