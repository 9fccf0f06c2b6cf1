import type { AccountInfo, UnitClassItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { getUnitClass, pageUnitClassStudents } from '../../../api/unit-class';
import { pageBatchOrders } from '../../../api/unit-import';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { buildBatchOrder, pageOf } from '../batch-pay-order/batch-order-test-data';
import { UnitClassDetailPage } from './UnitClassDetailPage';

jest.mock('../../../api/unit-class', () => ({ getUnitClass: jest.fn(), pageUnitClassStudents: jest.fn() }));
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
  createdBy: 3,
  createdAt: '2026-05-01T02:03:04.000Z',
  updatedAt: '2026-05-01T02:03:04.000Z',
};

const getMock = jest.mocked(getUnitClass);
const studentsMock = jest.mocked(pageUnitClassStudents);

beforeEach(() => {
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
});
