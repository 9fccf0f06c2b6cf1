import { callUrl } from '@px/config';
import {
  createFreeOrders,
  exportOrders,
  findClassOptions,
  findStudentOptions,
  getOrder,
  listOrders,
  queryOrderWechat,
} from './order';
import { api } from './request';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    download: jest.fn(() => Promise.resolve(new Blob(['xlsx']))),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
/** The URL of the last call of `mock` and what it sent. */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => {
  callMock.mockClear();
  downloadMock.mockClear();
});

describe('order calls', () => {
  it('post their inputs in the body', async () => {
    await listOrders({ pageNum: 2, pageSize: 10, status: 'PAID', classId: 4 });
    expect(sent()).toEqual(['/order/page.action', { pageNum: 2, pageSize: 10, status: 'PAID', classId: 4 }]);
    await getOrder(3);
    expect(sent()).toEqual(['/order/detail.action', { id: 3 }]);
    await queryOrderWechat(3);
    expect(sent()).toEqual(['/order/query-wechat.action', { id: 3 }]);
    await findStudentOptions('张三');
    expect(sent()).toEqual(['/order/student-options.action', { keyword: '张三' }]);
    await findClassOptions('安全');
    expect(sent()).toEqual(['/order/class-options.action', { name: '安全' }]);
    await findClassOptions('');
    expect(sent()).toEqual(['/order/class-options.action', {}]);
  });

  it('export the filters without paging', async () => {
    await exportOrders({ status: 'UNPAID', createdFrom: '2025-03-01' });
    expect(sent(downloadMock)).toEqual([
      '/order/export.action',
      { status: 'UNPAID', createdFrom: '2025-03-01' },
    ]);
  });

  it('free-order one student, batch-free-order several', async () => {
    await createFreeOrders({ accountIds: [7], classIds: [1, 2], reason: '补贴' });
    expect(sent()).toEqual(['/order/free-order.action', { accountId: 7, classIds: [1, 2], reason: '补贴' }]);
    await createFreeOrders({ accountIds: [7, 8], classIds: [1], reason: '补贴' });
    expect(sent()).toEqual([
      '/order/batch-free-order.action',
      { accountIds: [7, 8], classIds: [1], reason: '补贴' },
    ]);
  });
});
