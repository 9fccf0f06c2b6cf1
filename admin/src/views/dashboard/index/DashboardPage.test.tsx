import type { DashboardData, DashboardList, DashboardTable } from '@px/api/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  exportDashboardChart,
  getDashboard,
  getDashboardData,
  getDashboardLastDate,
  getDashboardTop,
  recomputeDashboard,
  saveDashboardRate,
} from '../../../api/dashboard';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen } from '../../../testing/render-screen';
import { chartOption, formatCell } from './chart-option';
import { DashboardPage } from './DashboardPage';

jest.mock('../../../api/dashboard', () => ({
  getDashboard: jest.fn(),
  getDashboardData: jest.fn(),
  getDashboardTop: jest.fn(),
  getDashboardLastDate: jest.fn(),
  recomputeDashboard: jest.fn(),
  exportDashboardChart: jest.fn(),
  saveDashboardRate: jest.fn(),
}));
// echarts draws on a canvas jsdom lacks: the chart shows the option it was given.
jest.mock('./EChart', () => ({
  EChart: ({ label, option }: { label: string; option: { series: { data: unknown[] }[] } }) => (
    <div role="img" aria-label={label} data-points={JSON.stringify(option.series[0]?.data ?? [])} />
  ),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

// antd is slow in jsdom while other test files run: wait longer than the defaults.
jest.setTimeout(120_000);
const WAIT = { timeout: 20_000 };

const getDashboardMock = jest.mocked(getDashboard);
const getDataMock = jest.mocked(getDashboardData);
const getTopMock = jest.mocked(getDashboardTop);
const getLastDateMock = jest.mocked(getDashboardLastDate);
const recomputeMock = jest.mocked(recomputeDashboard);
const exportMock = jest.mocked(exportDashboardChart);
const rateMock = jest.mocked(saveDashboardRate);

const period = { from: '2026-11-07', to: '2026-12-06' };

function board(overrides: Partial<DashboardList> = {}): DashboardList {
  return {
    projectId: 1,
    projectName: '演示项目',
    projects: [],
    charts: [
      { key: 'enrolments', title: '报名人数' },
      { key: 'channels', title: '订单渠道' },
      { key: 'topClasses', title: '热门班级' },
    ],
    rate: 0,
    rates: [0, 30, 300],
    abilities: { canRefresh: true, refreshRefusal: null },
    ...overrides,
  };
}

const enrolments: DashboardTable = {
  chart: 'enrolments',
  title: '报名人数',
  columns: [
    { key: 'period', title: '日期', kind: 'text' },
    { key: 'enrolments', title: '报名人数', kind: 'count' },
  ],
  rows: [
    { period: '2026-12-05', enrolments: 3 },
    { period: '2026-12-06', enrolments: 5 },
  ],
  ...period,
};
const channels: DashboardTable = {
  chart: 'channels',
  title: '订单渠道',
  columns: [
    { key: 'channel', title: '支付渠道', kind: 'text' },
    { key: 'orders', title: '订单数', kind: 'count' },
  ],
  rows: [{ channel: '微信支付', orders: 4 }],
  ...period,
};
const top: DashboardTable = {
  chart: 'topClasses',
  title: '热门班级',
  columns: [
    { key: 'name', title: '班级', kind: 'text' },
    { key: 'enrolments', title: '报名人数', kind: 'count' },
  ],
  rows: [{ name: '安全生产培训班', enrolments: 9 }],
  ...period,
};

beforeEach(() => {
  getDashboardMock.mockReset().mockResolvedValue(board());
  getDataMock.mockReset().mockImplementation(async (input): Promise<DashboardData> => {
    if (input.type === 'total')
      return {
        table: null,
        totals: {
          ...period,
          enrolments: 8,
          paidFen: 50000,
          refundedFen: 10000,
          revenueFen: 40000,
          orders: 4,
          studyHours: 12.5,
          activeToday: 2,
          active7: 5,
          active30: 9,
          waitingInvoices: 1,
          waitingRefunds: 2,
        },
      };
    return { totals: null, table: input.chart === 'channels' ? channels : enrolments };
  });
  getTopMock.mockReset().mockResolvedValue(top);
  getLastDateMock.mockReset().mockResolvedValue({
    projectId: 1,
    refreshedAt: '2026-12-06T02:00:00.000Z',
    lastDay: '2026-12-06',
    durationMs: 5,
  });
  recomputeMock.mockReset().mockResolvedValue({
    projectId: 1,
    refreshedAt: '2026-12-06T03:00:00.000Z',
    lastDay: '2026-12-06',
    durationMs: 9,
  });
  exportMock.mockReset().mockResolvedValue(new Blob(['x']));
  rateMock.mockReset().mockImplementation(async (rate: number) => ({ rate }));
});

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

describe('DashboardPage', () => {
  it('shows the totals and each chart, whose numbers open as a table and export', async () => {
    renderScreen(<DashboardPage />, buildAccountInfo(['/dashboard', '/dashboard/index']));
    expect(await screen.findByText('演示项目', {}, WAIT)).toBeTruthy();
    await waitFor(
      () => expect(document.querySelector('[data-total="收入（元）"]')?.textContent).toContain('400.00'),
      WAIT,
    );
    expect(screen.getByText('实收 500.00，退款 100.00')).toBeTruthy();
    expect(screen.getByText('近7日 5，近30日 9')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: '报名人数' }, WAIT);
    expect(chart.dataset.points).toBe('[3,5]');
    expect((await screen.findByRole('img', { name: '热门班级' }, WAIT)).dataset.points).toBe('[9]');

    const enrolCard = card('报名人数');
    fireEvent.click(within(enrolCard).getByRole('button', { name: '查看数据' }));
    expect(within(enrolCard).getByText('2026-12-06')).toBeTruthy();
    expect(within(enrolCard).getByText('5')).toBeTruthy();
    expect(within(enrolCard).queryByRole('img')).toBeNull();

    await screen.findByRole('img', { name: '订单渠道' }, WAIT);
    fireEvent.click(within(card('订单渠道')).getByRole('button', { name: '导出' }));
    await waitFor(
      () =>
        expect(exportMock).toHaveBeenCalledWith(expect.objectContaining({ chart: 'channels', projectId: 1 })),
      WAIT,
    );
  });

  it('刷新看板数据 recomputes and reloads; without the grant it is not offered', async () => {
    const { unmount } = renderScreen(<DashboardPage />, buildAccountInfo(['/dashboard', '/dashboard/index']));
    fireEvent.click(await screen.findByRole('button', { name: '刷新看板数据' }, WAIT));
    await waitFor(() => expect(recomputeMock).toHaveBeenCalledWith(1), WAIT);
    await waitFor(() => expect(getTopMock).toHaveBeenCalledTimes(2), WAIT);
    unmount();
    getDashboardMock.mockResolvedValue(
      board({ abilities: { canRefresh: false, refreshRefusal: '没有刷新看板数据的权限' } }),
    );
    renderScreen(<DashboardPage />, buildAccountInfo(['/dashboard', '/dashboard/index']));
    expect(await screen.findByText('演示项目', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '刷新看板数据' })).toBeNull();
  });

  it('says how fresh the figures are and reloads them at the account’s interval, which it saves', async () => {
    getDashboardMock.mockResolvedValue(board({ rate: 30 }));
    const intervals = jest.spyOn(window, 'setInterval');
    try {
      renderScreen(<DashboardPage />, buildAccountInfo(['/dashboard', '/dashboard/index']));
      expect(await screen.findByText(/^数据更新于 /, {}, WAIT)).toBeTruthy();
      await waitFor(() => expect(intervals).toHaveBeenCalledWith(expect.any(Function), 30_000), WAIT);
      const totalCalls = () => getDataMock.mock.calls.filter(([input]) => input.type === 'total').length;
      await waitFor(() => expect(totalCalls()).toBe(1), WAIT);
      const tick = intervals.mock.calls.find(([, ms]) => ms === 30_000)?.[0] as () => void;
      act(() => tick());
      await waitFor(() => expect(totalCalls()).toBe(2), WAIT);
      await waitFor(() => expect(getLastDateMock).toHaveBeenCalledTimes(2), WAIT);

      fireEvent.mouseDown(screen.getByRole('combobox', { name: '自动刷新' }));
      fireEvent.click(
        await screen.findByText('每 5 分钟', { selector: '.ant-select-item-option-content' }, WAIT),
      );
      await waitFor(() => expect(rateMock).toHaveBeenCalledWith(300), WAIT);
      await waitFor(() => expect(intervals).toHaveBeenCalledWith(expect.any(Function), 300_000), WAIT);
    } finally {
      intervals.mockRestore();
    }
  });

  it('platform staff choose the project', async () => {
    getDashboardMock.mockImplementation(async (projectId) =>
      board({
        projectId: projectId ?? 1,
        projectName: projectId === 2 ? '第二项目' : '演示项目',
        projects: [
          { id: 1, name: '演示项目' },
          { id: 2, name: '第二项目' },
        ],
      }),
    );
    renderScreen(<DashboardPage />, buildAccountInfo(['/dashboard', '/dashboard/index']));
    const picker = await screen.findByRole('combobox', { name: '项目' }, WAIT);
    fireEvent.mouseDown(picker);
    fireEvent.click(
      await screen.findByText('第二项目', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    await waitFor(() => expect(getDashboardMock).toHaveBeenLastCalledWith(2), WAIT);
    await waitFor(
      () =>
        expect(getTopMock).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 2 }), {
          quiet: true,
        }),
      WAIT,
    );
  });
});

describe('chart options', () => {
  it('plots money in yuan and tops from the largest down', () => {
    const revenue: DashboardTable = {
      ...enrolments,
      chart: 'revenue',
      columns: [
        { key: 'period', title: '日期', kind: 'text' },
        { key: 'revenue', title: '收入', kind: 'fen' },
      ],
      rows: [{ period: '2026-12-06', revenue: 12345 }],
    };
    expect(chartOption(revenue)).toMatchObject({
      series: [{ name: '收入（元）', type: 'line', data: [123.45] }],
    });
    const tops = { ...top, rows: [...top.rows, { name: '第二', enrolments: 3 }] };
    expect(chartOption(tops)).toMatchObject({
      yAxis: { data: ['第二', '安全生产培训班'] },
      series: [{ data: [3, 9] }],
    });
    expect(formatCell({ kind: 'fen' }, 12345)).toBe('¥123.45');
    expect(formatCell({ kind: 'percent' }, 12.5)).toBe('12.5%');
  });
});
