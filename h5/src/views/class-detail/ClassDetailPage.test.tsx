import type { EvaluationItem, EvaluationPage } from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'react-vant';
import { addToCart, findCart } from '../../api/cart';
import { applyForClass } from '../../api/my-class';
import { getSystemInfo } from '../../api/project';
import { findClassDetail, getTrialPlay, listEvaluations } from '../../api/train-class';
import { buildCart, buildCartItem, buildClassDetail, buildLesson } from '../../components/cart/cart.testing';
import { muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { ClassDetailPage } from './ClassDetailPage';
import { DETAIL_VARIANTS, type DetailVariantName } from './detail-variants';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/train-class', () => ({
  findClassDetail: jest.fn(),
  getTrialPlay: jest.fn(),
  listEvaluations: jest.fn(),
}));
jest.mock('../../api/cart', () => ({ addToCart: jest.fn(), findCart: jest.fn() }));
jest.mock('../../api/my-class', () => ({ applyForClass: jest.fn() }));

const detail = jest.mocked(findClassDetail);
const trialPlay = jest.mocked(getTrialPlay);
const evaluations = jest.mocked(listEvaluations);
const add = jest.mocked(addToCart);
const cart = jest.mocked(findCart);

function buildEvaluation(id: number, overrides: Partial<EvaluationItem> = {}): EvaluationItem {
  return {
    id,
    classId: 5,
    studentName: '张*',
    score: 5,
    content: '讲得很清楚',
    status: 'VISIBLE',
    createdAt: '2025-03-02T02:00:00.000Z',
    updatedAt: '2025-03-02T02:00:00.000Z',
    ...overrides,
  };
}

function evaluationPage(list: EvaluationItem[], total: number, pageNum = 1): EvaluationPage {
  return { list, total, pageNum, pageSize: 10, rating: 4.5 };
}

function renderDetail(name: DetailVariantName = 'detailPublic', search = '?id=5') {
  const variant = DETAIL_VARIANTS[name];
  return renderScreen(<ClassDetailPage variant={variant} />, `${variant.path}${search}`);
}

/** Signs the visitor in and makes the detail answer the student's state. */
function signedIn(state: { inCart: boolean; enrolled: boolean }) {
  setTokenCookie('tok');
  detail.mockResolvedValue(buildClassDetail(state));
}

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  jest.mocked(getSystemInfo).mockReset().mockResolvedValue(buildSystemInfo());
  detail.mockReset().mockResolvedValue(buildClassDetail());
  trialPlay.mockReset();
  evaluations.mockReset().mockResolvedValue(evaluationPage([buildEvaluation(1)], 1));
  add.mockReset().mockResolvedValue({ count: 1 });
  cart.mockReset().mockResolvedValue(buildCart([buildCartItem({ id: 31, classId: 5 })]));
  setTokenCookie(undefined);
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('ClassDetailPage: the class', () => {
  it('shows the header, the courses with their lessons and hours, and the evaluations', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: '2025 年安全员继续教育班' })).toBeTruthy();
    expect(detail).toHaveBeenCalledWith(5, undefined);
    expect(screen.getByText('¥98.00')).toBeTruthy();
    expect(screen.getByText('专业科目 / 建筑施工 / 安全员')).toBeTruthy();
    expect(screen.getByText('必修 12.0 学时 · 选修 4.0 学时')).toBeTruthy();
    expect(screen.getByText('2025-02-01 至 2026-01-31')).toBeTruthy();
    expect(screen.getByText('2025-12-31')).toBeTruthy();
    expect(screen.getByText('李老师')).toBeTruthy();
    expect(screen.getByText('4.5 分')).toBeTruthy();
    expect(screen.getByText('面向建筑施工企业安全员的年度继续教育。')).toBeTruthy();

    expect(screen.getByRole('heading', { name: '必修课程' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '选修课程' })).toBeTruthy();
    expect(screen.getByText('安全生产法律法规')).toBeTruthy();
    expect(screen.getByText('12.0 学时 · 2 课时 · 讲师 王老师')).toBeTruthy();
    expect(screen.getByText('施工现场急救常识')).toBeTruthy();
    expect(screen.getAllByText('10分 · 1.0 学时')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '试看 第一课 安全生产法' })).toBeTruthy();
    expect(screen.getAllByText('报名后观看')).toHaveLength(2);

    expect(await screen.findByText('张*')).toBeTruthy();
    expect(screen.getByRole('img', { name: '5 星' })).toBeTruthy();
    expect(screen.getByText('讲得很清楚')).toBeTruthy();
    expect(evaluations).toHaveBeenCalledWith({ classId: 5, pageNum: 1, pageSize: 10, unitId: undefined });
  });

  it('shows a free class as 免费 and a class without evaluations as such', async () => {
    detail.mockResolvedValue(buildClassDetail({ amount: 0, rating: null, evaluationCount: 0 }));
    evaluations.mockResolvedValue(evaluationPage([], 0));
    renderDetail();
    expect(await screen.findByText('免费')).toBeTruthy();
    expect(screen.getByText('暂无评分')).toBeTruthy();
    expect(await screen.findByText('暂无评价')).toBeTruthy();
  });

  it('loads more evaluations page by page until the total is reached', async () => {
    const first = Array.from({ length: 10 }, (_, index) =>
      buildEvaluation(index + 1, { studentName: `用户${index + 1}` }),
    );
    evaluations
      .mockResolvedValueOnce(evaluationPage(first, 11))
      .mockResolvedValueOnce(evaluationPage([buildEvaluation(11, { studentName: '李*', score: 3 })], 11, 2));
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('李*')).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 星' })).toBeTruthy();
    expect(evaluations).toHaveBeenLastCalledWith({ classId: 5, pageNum: 2, pageSize: 10, unitId: undefined });
    expect(screen.getByText('用户1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('leaves the electives out with hideElective', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideElective: 1 }));
    renderDetail();
    expect(await screen.findByText('必修 12.0 学时')).toBeTruthy();
    expect(screen.queryByText(/选修/)).toBeNull();
    expect(screen.queryByText('施工现场急救常识')).toBeNull();
    expect(screen.getByText('安全生产法律法规')).toBeTruthy();
  });

  it('says when the class does not exist or is withdrawn, and leads back to the centre', async () => {
    detail.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '班级不存在或已下架' }));
    renderDetail();
    expect(await screen.findByText('班级不存在或已下架')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回选课中心' }));
    expect(await probedLocation()).toBe('/classSelectCenter');
  });

  it('does not ask for a class without a usable id', async () => {
    renderDetail('detailPublic', '?id=abc');
    expect(await screen.findByText('班级不存在或已下架')).toBeTruthy();
    expect(detail).not.toHaveBeenCalled();
  });

  it('offers to load again after a network failure', async () => {
    detail.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '2025 年安全员继续教育班' })).toBeTruthy();
  });
});

describe('ClassDetailPage: the variants', () => {
  it('/detail-public2 shows the enrolment state first', async () => {
    signedIn({ inCart: true, enrolled: false });
    renderDetail('detailPublic2');
    expect(await screen.findByText('报名状态：该班级已在您的购物车中，结算后即可学习')).toBeTruthy();
  });

  it('/v2/detail-public shows 介绍 / 课程 / 评价 as tabs', async () => {
    renderDetail('v2DetailPublic');
    expect(await screen.findByRole('tab', { name: '介绍' })).toBeTruthy();
    expect(screen.getByText('面向建筑施工企业安全员的年度继续教育。')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '课程' }));
    expect(await screen.findByText('安全生产法律法规')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '评价' }));
    expect(await screen.findByText('讲得很清楚')).toBeTruthy();
    expect(screen.queryByText('报名状态', { exact: false })).toBeNull();
  });
});

describe('ClassDetailPage: the cart buttons', () => {
  it('send an anonymous visitor to sign in and back', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
    expect(await probedLocation()).toBe('/login?redirect=/detail-public%3Fid%3D5');
    expect(add).not.toHaveBeenCalled();
  });

  it('send an anonymous visitor pressing 立即报名 to sign in too', async () => {
    renderDetail('v2DetailPublic');
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(await probedLocation()).toBe('/login?redirect=/v2/detail-public%3Fid%3D5');
  });

  it('add the class for a student, then show 已在购物车 leading to the cart', async () => {
    signedIn({ inCart: false, enrolled: false });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith(5));
    expect(toastSuccess).toHaveBeenCalledWith('已加入购物车');
    fireEvent.click(await screen.findByRole('button', { name: '已在购物车' }));
    expect(await probedLocation()).toBe('/go-pay');
  });

  it('enrol now: add to the cart, then open the cart with the new item checked', async () => {
    signedIn({ inCart: false, enrolled: false });
    cart.mockResolvedValue(
      buildCart([buildCartItem({ id: 40, classId: 9 }), buildCartItem({ id: 41, classId: 5 })]),
    );
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(await probedLocation()).toBe('/go-pay?ids=41');
    expect(add).toHaveBeenCalledWith(5);
  });

  it('enrol now on a class already in the cart only opens the cart', async () => {
    signedIn({ inCart: true, enrolled: false });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(await probedLocation()).toBe('/go-pay?ids=31');
    expect(add).not.toHaveBeenCalled();
  });

  it('stay on the page when adding fails', async () => {
    signedIn({ inCart: false, enrolled: false });
    add.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '已报名该班级' }));
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    // The bar shows its buttons busy while the call runs, then gives them back.
    expect(await screen.findByRole('button', { name: '加入购物车' })).toBeTruthy();
    expect(cart).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('show 已报名 and no cart buttons to an enrolled student', async () => {
    signedIn({ inCart: false, enrolled: true });
    renderDetail();
    expect(await screen.findByText('已报名')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    expect(screen.queryByRole('button', { name: '立即报名' })).toBeNull();
    expect(screen.queryByText('报名后观看')).toBeNull();
  });

  it('link to 报名须知 of the class', async () => {
    renderDetail();
    fireEvent.click(await screen.findByText('须知'));
    expect(await probedLocation()).toBe('/detail-question?id=5');
  });
});

describe('ClassDetailPage: a class marked 报名需审核', () => {
  const applyCall = jest.mocked(applyForClass);
  beforeEach(() => applyCall.mockReset());

  it('asks for an application, sends it with the reason, then shows it waiting', async () => {
    setTokenCookie('tok');
    detail.mockResolvedValue(
      buildClassDetail({ inCart: false, enrolled: false, applyRequired: true, apply: null }),
    );
    applyCall.mockResolvedValue({
      id: 3,
      status: 'PENDING',
      remark: null,
      createdAt: '2026-12-01T02:00:00.000Z',
    });
    renderDetail();
    expect(await screen.findByText(/该班级报名需审核/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '申请报名' }));
    fireEvent.change(await screen.findByLabelText('申请说明'), { target: { value: '单位安排' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(applyCall).toHaveBeenCalledWith(5, '单位安排'));
    expect(await screen.findByText('报名申请审核中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请报名' })).toBeNull();
    expect(add).not.toHaveBeenCalled();
  });

  it('says why an application was rejected and lets the student apply again', async () => {
    setTokenCookie('tok');
    detail.mockResolvedValue(
      buildClassDetail({
        inCart: false,
        enrolled: false,
        applyRequired: true,
        apply: { id: 3, status: 'REJECTED', remark: '名额已满', createdAt: '2026-12-01T02:00:00.000Z' },
      }),
    );
    renderDetail();
    expect(await screen.findByText(/报名申请未通过：名额已满/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '申请报名' })).toBeTruthy();
  });

  it('offers the cart buttons once the application is approved', async () => {
    setTokenCookie('tok');
    detail.mockResolvedValue(
      buildClassDetail({
        inCart: false,
        enrolled: false,
        applyRequired: true,
        apply: { id: 3, status: 'APPROVED', remark: null, createdAt: '2026-12-01T02:00:00.000Z' },
      }),
    );
    renderDetail();
    expect(await screen.findByRole('button', { name: '加入购物车' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请报名' })).toBeNull();
  });
});

describe('ClassDetailPage: the trial', () => {
  const PLAY = {
    url: '/api/media/77.1700000000.sig',
    trialSeconds: 30,
    durationSeconds: 600,
    expiresAt: '2025-03-01T10:00:00.000Z',
  };
  let pause: jest.SpyInstance;
  let confirm: jest.SpyInstance;
  beforeEach(() => {
    pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    trialPlay.mockResolvedValue(PLAY);
  });
  afterEach(() => {
    pause.mockRestore();
    confirm.mockRestore();
  });

  async function openTrial(): Promise<HTMLVideoElement> {
    fireEvent.click(await screen.findByRole('button', { name: '试看 第一课 安全生产法' }));
    return (await screen.findByTestId('trial-video')) as HTMLVideoElement;
  }

  function playTo(video: HTMLVideoElement, seconds: number, event: 'timeUpdate' | 'seeking' = 'timeUpdate') {
    video.currentTime = seconds;
    fireEvent[event](video);
  }

  it('plays the signed URL inline and stops at the trial seconds with a prompt', async () => {
    signedIn({ inCart: false, enrolled: false });
    renderDetail();
    const video = await openTrial();
    expect(trialPlay).toHaveBeenCalledWith(5, 101, undefined);
    expect(video.getAttribute('src')).toBe(PLAY.url);
    expect(video.controls).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);

    playTo(video, 12);
    expect(pause).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();

    playTo(video, 30.4);
    expect(pause).toHaveBeenCalled();
    expect(video.currentTime).toBe(30);
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '试看结束',
        confirmButtonText: '加入购物车',
        cancelButtonText: '取消',
      }),
    );
    await waitFor(() => expect(add).toHaveBeenCalledWith(5));
    await waitFor(() => expect(screen.queryByTestId('trial-video')).toBeNull());
  });

  it('pulls a seek past the trial back, and cancelling keeps the class out of the cart', async () => {
    confirm.mockRejectedValue(undefined);
    renderDetail();
    const video = await openTrial();
    playTo(video, 200, 'seeking');
    expect(video.currentTime).toBe(30);
    expect(pause).toHaveBeenCalled();
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(add).not.toHaveBeenCalled();
    expect(screen.getByTestId('trial-video')).toBeTruthy();
  });

  it('asks an anonymous visitor to sign in when they choose to enrol', async () => {
    renderDetail();
    const video = await openTrial();
    playTo(video, 31);
    expect(await probedLocation()).toBe('/login?redirect=/detail-public%3Fid%3D5');
  });

  it('opens no player for lessons without a trial', async () => {
    renderDetail();
    fireEvent.click(await screen.findByText('第二课 事故案例分析'));
    expect(screen.queryByRole('button', { name: '试看 第二课 事故案例分析' })).toBeNull();
    expect(trialPlay).not.toHaveBeenCalled();
    expect(screen.queryByTestId('trial-video')).toBeNull();
  });

  it('offers no trial when the project switched trials off', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ trySeeVideo: 0 }));
    detail.mockResolvedValue(
      buildClassDetail({
        courses: buildClassDetail()
          .courses.slice(0, 1)
          .map((course) => ({
            ...course,
            lessons: [buildLesson({ lessonId: 101, name: '第一课 安全生产法', trialSeconds: 30 })],
          })),
      }),
    );
    renderDetail();
    expect(await screen.findByText('第一课 安全生产法')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '试看 第一课 安全生产法' })).toBeNull();
    expect(
      within(screen.getByText('第一课 安全生产法').closest('li') as HTMLElement).getByText('报名后观看'),
    ).toBeTruthy();
  });
});
