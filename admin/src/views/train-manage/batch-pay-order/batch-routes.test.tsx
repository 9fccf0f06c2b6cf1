import type { AccountInfo } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, screen } from '@testing-library/react';
import { getAccountInfo } from '../../../api/login';
import { getSystemInfo } from '../../../api/project';
import { getUnitClass } from '../../../api/unit-class';
import {
  getBatchOrder,
  pageBatchOrderChildren,
  pageBatchOrders,
  pageUnitImports,
} from '../../../api/unit-import';
import { buildAccountInfo, renderApp, setTokenCookie } from '../../../testing/render-app';
import { stubComputedStyles } from '../../../testing/render-screen';
import { buildBatchOrder, pageOf } from './batch-order-test-data';

// The three hidden pages are routes of the app: a role holding them opens them by address (from the
// unit class detail, an import or the order list), a role without them is refused.

jest.mock('../../../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../../api/unit-class', () => ({ getUnitClass: jest.fn() }));
jest.mock('../../../api/unit-import', () => ({
  pageUnitImports: jest.fn(),
  pageBatchOrders: jest.fn(),
  getBatchOrder: jest.fn(),
  pageBatchOrderChildren: jest.fn(),
}));

configure({ defaultHidden: true });
stubComputedStyles();

const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(
    [
      '/home',
      '/train-manage/unit-class',
      '/train-manage/unit-class-detail',
      '/train-manage/import-student',
      '/train-manage/batch-pay-order',
      '/order-manage/detail',
    ],
    { roleSystem: 4, roleName: '单位管理员' },
  ),
  unitId: 5,
};
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(() => {
  jest.clearAllMocks();
  setTokenCookie('tok');
  jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo());
  jest.mocked(getAccountInfo).mockResolvedValue(UNIT_MANAGER);
  jest.mocked(getUnitClass).mockResolvedValue({
    id: 4,
    unitId: 5,
    unitName: '演示培训单位',
    classId: 9,
    className: '安全生产培训班',
    year: 2026,
    name: '演示单位安全班',
    plannedStudents: 20,
    studentCount: 0,
    contactName: null,
    contactMobile: null,
    remark: null,
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
  });
  jest.mocked(pageUnitImports).mockResolvedValue(pageOf([]));
  jest.mocked(pageBatchOrders).mockResolvedValue(pageOf([buildBatchOrder()]));
  jest.mocked(getBatchOrder).mockResolvedValue(buildBatchOrder());
  jest.mocked(pageBatchOrderChildren).mockResolvedValue(pageOf([]));
});

afterEach(() => setTokenCookie(undefined));

it('opens 导入学员 of a unit class', async () => {
  renderApp('/train-manage/import-student?unitClassId=4');
  expect(await screen.findByText('上传名单')).toBeTruthy();
  expect(jest.mocked(getUnitClass)).toHaveBeenCalledWith(4);
});

it('opens 批量缴费 as the list of batch orders and as one batch order', async () => {
  const { unmount } = renderApp('/train-manage/batch-pay-order');
  expect(await screen.findByText('B20261126093000123456')).toBeTruthy();
  unmount();
  renderApp('/train-manage/batch-pay-order?id=31');
  expect(await screen.findByText('学员订单')).toBeTruthy();
  expect(jest.mocked(getBatchOrder)).toHaveBeenCalledWith(31);
});

it('opens 团体缴费订单详情', async () => {
  renderApp('/order-manage/detail?id=31');
  expect(await screen.findByText('学员订单')).toBeTruthy();
  expect(location()).toBe('/order-manage/detail?id=31');
});

it('refuses the pages to a role without them', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(buildAccountInfo(['/home', '/train-manage/unit-class']));
  renderApp('/train-manage/batch-pay-order?id=31');
  expect(await screen.findByText('抱歉，您没有访问该页面的权限，如需开通请联系管理员')).toBeTruthy();
  expect(jest.mocked(getBatchOrder)).not.toHaveBeenCalled();
});
