import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, screen } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import { getAccountInfo } from '../../../api/login';
import { findClassOptions, listOrders } from '../../../api/order';
import { getSystemInfo } from '../../../api/project';
import { showAllListColumns } from '../../../testing/list-columns';
import { renderApp, setTokenCookie } from '../../../testing/render-app';
import { stubComputedStyles } from '../../../testing/render-screen';
import { buildOrderRow, ORDER_READER, ORDER_STAFF } from './order-test-data';

// Button-level access on 订单列表 follows the grants the route guard and the API check: 免费开通 is
// an operation grant (/order-manage/free-order), shown only to roles holding it and never a route.

jest.mock('../../../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));
jest.mock('../../../api/order', () => ({ listOrders: jest.fn(), findClassOptions: jest.fn() }));

configure({ defaultHidden: true });
stubComputedStyles();

const ORDER = buildOrderRow();
const location = () => screen.getByTestId('location').textContent;
const freeOrderButton = () => screen.queryByRole('button', { name: /免费开通/ });

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('order-manage/list');
  setTokenCookie('tok');
  jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo());
  jest.mocked(listOrders).mockResolvedValue({ list: [ORDER], total: 1, pageNum: 1, pageSize: 10 });
  jest.mocked(getUnitOptions).mockResolvedValue([]);
  jest.mocked(findClassOptions).mockResolvedValue([]);
});

afterEach(() => setTokenCookie(undefined));

it('a role with the list but without the grant (finance) reads, filters and exports orders without 免费开通', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(ORDER_READER);
  renderApp('/order-manage/list');
  expect(await screen.findByText(ORDER.orderNo)).toBeTruthy();
  expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  expect(screen.getByLabelText('班级')).toBeTruthy();
  expect(freeOrderButton()).toBeNull();
});

it('a role holding the grant sees 免费开通', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(ORDER_STAFF);
  renderApp('/order-manage/list');
  expect(await screen.findByText(ORDER.orderNo)).toBeTruthy();
  expect(freeOrderButton()).toBeTruthy();
});

it('the grant is no page: its URL is not found even for a role holding it', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(ORDER_STAFF);
  renderApp('/order-manage/free-order');
  expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
  expect(location()).toBe('/404');
});
