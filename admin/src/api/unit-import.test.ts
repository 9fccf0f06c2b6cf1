import { callUrl } from '@px/config';
import { api } from './request';
import {
  cancelBatchOrder,
  downloadUnitImportErrors,
  downloadUnitImportTemplate,
  fetchBatchPayQr,
  getBatchOrder,
  getBatchOrderPaid,
  getUnitImportProgress,
  pageBatchOrderChildren,
  pageBatchOrders,
  pageUnitImports,
  passBatchOrder,
  payBatchOrder,
  removeBatchOrderChildren,
  startUnitImport,
} from './unit-import';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    download: jest.fn(() => Promise.resolve(new Blob(['file']))),
    upload: jest.fn(() => Promise.resolve(null)),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
const uploadMock = jest.mocked(api.upload);
/** The URL of the last call of `mock` and what it sent. */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest.filter((arg) => arg !== undefined)];
};

describe('unit import calls', () => {
  it('upload the file as `file` with the unit class, and download the template and error file', async () => {
    const file = new File(['xlsx'], 'students.xlsx');
    await startUnitImport(4, file);
    const [url, form] = sent(uploadMock);
    expect(url).toBe('/batch-import-order/import.action');
    expect((form as FormData).get('file')).toBe(file);
    expect((form as FormData).get('unitClassId')).toBe('4');
    await downloadUnitImportTemplate();
    expect(sent(downloadMock)).toEqual(['/batch-import-order/template.action']);
    await downloadUnitImportErrors(8);
    expect(sent(downloadMock)).toEqual(['/batch-import-order/error-file.action', { id: 8 }]);
  });

  it('read progress and pages', async () => {
    await getUnitImportProgress(8, { quiet: true });
    expect(sent()).toEqual(['/batch-import-order/progress.action', { id: 8 }, { quiet: true }]);
    await pageUnitImports({ pageNum: 1, pageSize: 10, unitClassId: 4 });
    expect(sent()).toEqual(['/batch-import-order/page.action', { pageNum: 1, pageSize: 10, unitClassId: 4 }]);
  });
});

describe('batch order calls', () => {
  it('send their inputs to the batch-order group', async () => {
    await pageBatchOrders({ pageNum: 1, pageSize: 10, status: 'CREATED', batchNo: 'B1' });
    expect(sent()).toEqual([
      '/batch-order/page.action',
      { pageNum: 1, pageSize: 10, status: 'CREATED', batchNo: 'B1' },
    ]);
    await getBatchOrder(3);
    expect(sent()).toEqual(['/batch-order/detail.action', { id: 3 }]);
    await pageBatchOrderChildren({ pageNum: 2, pageSize: 10, id: 3, student: '张' });
    expect(sent()).toEqual([
      '/batch-order/children.action',
      { pageNum: 2, pageSize: 10, id: 3, student: '张' },
    ]);
    await payBatchOrder(3);
    expect(sent()).toEqual(['/batch-order/pay.action', { id: 3 }]);
    await getBatchOrderPaid(3, { quiet: true });
    expect(sent()).toEqual(['/batch-order/is-paid.action', { id: 3 }, { quiet: true }]);
    await passBatchOrder({ id: 3, channel: 'OFFLINE', remark: '已转账' });
    expect(sent()).toEqual(['/batch-order/pass.action', { id: 3, channel: 'OFFLINE', remark: '已转账' }]);
    await removeBatchOrderChildren(3, [11, 12]);
    expect(sent()).toEqual(['/batch-order/delete.action', { id: 3, orderIds: [11, 12] }]);
    await cancelBatchOrder(3);
    expect(sent()).toEqual(['/batch-order/cancel.action', { id: 3 }]);
    await fetchBatchPayQr(3);
    expect(sent(downloadMock)).toEqual(['/batch-order/pay-qr.action', { id: 3 }]);
  });
});
