import type {
  AccountInfo,
  UnitClassItem,
  UnitClassTransferRecord,
  UnitClassTransferView,
} from '@px/api/contract';
import { ApiError } from '@px/config';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  getUnitClass,
  getUnitClassTransferProgress,
  getUnitClassTransferTargets,
  pageUnitClassStudents,
  pageUnitClassTransferRecords,
  startUnitClassTransfer,
} from '../../../api/unit-class';
import { pageBatchOrders } from '../../../api/unit-import';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { buildBatchOrder, pageOf } from '../batch-pay-order/batch-order-test-data';
import { TRANSFER_POLL_MS } from './TransferStudentsModal';
import { UnitClassDetailPage } from './UnitClassDetailPage';

jest.mock('../../../api/unit-class', () => ({
  getUnitClass: jest.fn(),
  pageUnitClassStudents: jest.fn(),
  pageUnitClassTransferRecords: jest.fn(),
  getUnitClassTransferTargets: jest.fn(),
  startUnitClassTransfer: jest.fn(),
  getUnitClassTransferProgress: jest.fn(),
}));
jest.mock('../../../api/unit-import', () => ({ pageBatchOrders: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo([
  '/home',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
]);
const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(
    [
      '/home',
      '/train-manage/unit-class',
      '/train-manage/unit-class-detail',
      '/train-manage/import-student',
      '/train-manage/batch-pay-order',
    ],
    { roleSystem: 4, roleName: '单位管理员' },
  ),
  unitId: 5,
};

const ROW: UnitClassItem = {
  id: 4,
  unitId: 5,
  unitName: '演示培训单位',
  classId: 9,
  className: '安全生产培训班',
  year: 2026,
  name: '演示单位安全班',
  plannedStudents: 20,
  studentCount: 1,
  contactName: '王经理',
  contactMobile: '13912345678',
  remark: '第一期',
  state: 'OPEN',
  abilities: {
    canDelete: true,
    deleteRefusal: null,
    canClose: true,
    closeRefusal: null,
    canOpen: false,
    openRefusal: '该单位班级已开启',
  },
  createdBy: 3,
  createdAt: '2026-05-01T02:03:04.000Z',
  updatedAt: '2026-05-01T02:03:04.000Z',
};

const getMock = jest.mocked(getUnitClass);
const studentsMock = jest.mocked(pageUnitClassStudents);
const recordsMock = jest.mocked(pageUnitClassTransferRecords);
const startMock = jest.mocked(startUnitClassTransfer);
const progressMock = jest.mocked(getUnitClassTransferProgress);

function buildTransfer(overrides: Partial<UnitClassTransferView> = {}): UnitClassTransferView {
  return {
    id: 71,
    classId: 9,
    fromUnitClassId: 4,
    fromUnitClassName: '演示单位安全班',
    toUnitClassId: 6,
    toUnitClassName: '演示单位安全二班',
    status: 'RUNNING',
    total: 2,
    processed: 0,
    okCount: 0,
    failedCount: 0,
    message: null,
    finished: false,
    createdAt: '2026-11-26T01:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const RECORD: UnitClassTransferRecord = {
  id: 81,
  transferId: 71,
  myClassId: 11,
  accountId: 21,
  realName: '张三',
  mobile: '13800000000',
  fromUnitClassId: 4,
  fromUnitClassName: '演示单位安全班',
  fromUnitName: '演示培训单位',
  toUnitClassId: 6,
  toUnitClassName: '演示单位安全二班',
  toUnitName: '演示培训单位',
  direction: 'OUT',
  status: 'OK',
  reason: null,
  createdBy: 3,
  createdByName: '李专员',
  createdAt: '2026-11-26T01:00:00.000Z',
  processedAt: '2026-11-26T01:00:01.000Z',
};

/** Lets the poll timers run `ms` and the answers they wait for settle. */
async function elapse(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const button = (text: string, container: HTMLElement = document.body) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  recordsMock.mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  jest
    .mocked(getUnitClassTransferTargets)
    .mockReset()
    .mockResolvedValue([
      { id: 6, name: '演示单位安全二班', unitId: 5, unitName: '演示培训单位', studentCount: 0 },
    ]);
  startMock.mockReset().mockResolvedValue(buildTransfer());
  progressMock.mockReset();
  jest
    .mocked(pageBatchOrders)
    .mockReset()
    .mockResolvedValue(pageOf([buildBatchOrder()]));
  getMock.mockReset().mockResolvedValue(ROW);
  studentsMock.mockReset().mockResolvedValue({
    list: [
      {
        myClassId: 11,
        accountId: 21,
        realName: '张三',
        mobile: '13800000000',
        status: 'STUDYING',
        requiredHours: 8,
        electiveHours: 2,
        creditedRequiredHours: 1.5,
        creditedElectiveHours: 0,
        enrolledAt: '2026-05-02T02:03:04.000Z',
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 10,
  });
});

describe('UnitClassDetailPage', () => {
  it('shows the unit class and its students with study state and credited hours', async () => {
    renderScreen(<UnitClassDetailPage />, STAFF, '/train-manage/unit-class-detail?id=4');
    expect(await screen.findByText('演示单位安全班')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(4);
    for (const text of ['演示培训单位', '安全生产培训班', '1 / 20', '王经理', '第一期', '开启']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    expect(within(row).getByText('学习中')).toBeTruthy();
    expect(within(row).getByText('1.5 / 8')).toBeTruthy();
    expect(studentsMock).toHaveBeenCalledWith(expect.objectContaining({ id: 4, pageNum: 1 }));
  });

  it('says so when it has no students', async () => {
    studentsMock.mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    renderScreen(<UnitClassDetailPage />, STAFF, '/train-manage/unit-class-detail?id=4');
    expect(await screen.findByText('暂无学员')).toBeTruthy();
  });

  it('shows the refusal when the unit class cannot be read, and a warning without id', async () => {
    getMock
      .mockReset()
      .mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '单位班级不存在' }));
    const { unmount } = renderScreen(<UnitClassDetailPage />, STAFF, '/train-manage/unit-class-detail?id=99');
    expect(await screen.findByText('单位班级不存在')).toBeTruthy();
    unmount();
    renderScreen(<UnitClassDetailPage />, STAFF, '/train-manage/unit-class-detail');
    expect(await screen.findByText('未指定单位班级')).toBeTruthy();
  });

  it('offers 导入学员 for an open unit class and lists its batch orders to a role holding those pages', async () => {
    renderScreen(<UnitClassDetailPage />, UNIT_MANAGER, '/train-manage/unit-class-detail?id=4');
    await screen.findByText('演示单位安全班');
    const batchRow = (await screen.findByText('B20261126093000123456')).closest('tr') as HTMLElement;
    expect(jest.mocked(pageBatchOrders)).toHaveBeenCalledWith({ unitClassId: 4, pageNum: 1, pageSize: 10 });
    expect(within(batchRow).getByText('待支付')).toBeTruthy();
    expect(within(batchRow).getByText('查看').getAttribute('href')).toBe(
      '/train-manage/batch-pay-order?id=31',
    );
    fireEvent.click(
      screen.getByText((c) => c.replace(/\s/g, '') === '导入学员', { selector: 'button span' }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/import-student?unitClassId=4');
  });

  it('offers no import for a closed unit class, and no batch orders without 批量缴费', async () => {
    getMock.mockReset().mockResolvedValue({ ...ROW, state: 'CLOSED' });
    const { unmount } = renderScreen(
      <UnitClassDetailPage />,
      UNIT_MANAGER,
      '/train-manage/unit-class-detail?id=4',
    );
    await screen.findByText('演示单位安全班');
    expect(screen.queryByText('导入学员')).toBeNull();
    unmount();
    renderScreen(<UnitClassDetailPage />, STAFF, '/train-manage/unit-class-detail?id=4');
    await screen.findByText('演示单位安全班');
    expect(screen.queryByText('批量订单')).toBeNull();
    expect(screen.queryByText('导入学员')).toBeNull();
    expect(jest.mocked(pageBatchOrders)).toHaveBeenCalledTimes(1);
  });

  it('转移学员: moves the selected students to the chosen unit class, shows the progress until it ends, then the records', async () => {
    renderScreen(<UnitClassDetailPage />, UNIT_MANAGER, '/train-manage/unit-class-detail?id=4');
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    expect(await screen.findByText('暂无转移记录')).toBeTruthy();
    expect(recordsMock).toHaveBeenCalledWith(expect.objectContaining({ id: 4, pageNum: 1 }));
    fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLInputElement);
    expect(screen.getByText('已选 1 人')).toBeTruthy();
    fireEvent.click(button('转移学员'));
    const dialog = (await screen.findByText('开始转移', { selector: 'button span' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('已选学员（1 人）')).toBeTruthy();
    expect(within(dialog).getByText('全部学员（1 人）')).toBeTruthy();
    // The target is required.
    fireEvent.click(button('开始转移', dialog));
    expect(await within(dialog).findByText('请选择转入单位班级')).toBeTruthy();
    expect(startMock).not.toHaveBeenCalled();
    const select = document.querySelector<HTMLInputElement>(
      '#unit-class-transfer-form_toId',
    ) as HTMLInputElement;
    fireEvent.mouseDown(select);
    fireEvent.click(
      await screen.findByText('演示单位安全二班（本单位，0 人）', {
        selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
      }),
    );

    progressMock.mockResolvedValueOnce(buildTransfer({ processed: 1, okCount: 1 })).mockResolvedValue(
      buildTransfer({
        status: 'DONE',
        processed: 2,
        okCount: 2,
        finished: true,
        finishedAt: '2026-11-26T01:00:02.000Z',
      }),
    );
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(button('开始转移', dialog));
    });
    await waitFor(() => expect(startMock).toHaveBeenCalledWith({ fromId: 4, toId: 6, myClassIds: [11] }));
    const progress = await within(dialog).findByTestId('transfer-progress');
    expect(within(progress).getByText('转移中')).toBeTruthy();
    expect(within(progress).getByText('正在转移，请稍候；关闭本窗口不影响转移。')).toBeTruthy();

    recordsMock.mockResolvedValue({ list: [RECORD], total: 1, pageNum: 1, pageSize: 10 });
    getMock.mockResolvedValue({ ...ROW, studentCount: 0 });
    await elapse(TRANSFER_POLL_MS);
    expect(progressMock).toHaveBeenLastCalledWith(71, { quiet: true });
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await elapse(TRANSFER_POLL_MS);
    expect(within(progress).getByText('转移完成')).toBeTruthy();
    expect(within(progress).getByText('已将 2 名学员转入「演示单位安全二班」。')).toBeTruthy();
    // Polling stops once the transfer has ended.
    await elapse(TRANSFER_POLL_MS * 5);
    expect(progressMock).toHaveBeenCalledTimes(2);
    jest.useRealTimers();

    // The page reloads the unit class, its students and the records.
    await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
    expect(studentsMock.mock.calls.length).toBeGreaterThanOrEqual(2);
    const recordRow = (await screen.findByText('李专员', { selector: 'td .list-table__text' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(recordRow).getByText('转出')).toBeTruthy();
    expect(within(recordRow).getByText('成功')).toBeTruthy();
    expect(within(recordRow).getByText('演示单位安全二班')).toBeTruthy();
    fireEvent.click(button('完成', dialog));
  });

  it('转移学员 without a selection moves all; without a target it says so and offers no start', async () => {
    jest.mocked(getUnitClassTransferTargets).mockReset().mockResolvedValue([]);
    renderScreen(<UnitClassDetailPage />, UNIT_MANAGER, '/train-manage/unit-class-detail?id=4');
    await screen.findByText('张三');
    fireEvent.click(button('转移学员'));
    const dialog = (await screen.findByText('开始转移', { selector: 'button span' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(
      await within(dialog).findByText('没有可转入的单位班级：请先为该班级新建一个单位班级（须为开启状态）。'),
    ).toBeTruthy();
    expect(button('开始转移', dialog).disabled).toBe(true);
    const all = within(dialog).getByText('全部学员（1 人）').closest('label') as HTMLElement;
    expect(all.className).toContain('checked');
    const chosen = within(dialog).getByText('已选学员（0 人）').closest('label') as HTMLElement;
    expect(chosen.className).toContain('disabled');
  });
});
