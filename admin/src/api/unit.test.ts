import { request } from './request';
import { batchUpdateTrainTypes, getUnit, listUnits, saveUnit, setUnitStatus } from './unit';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

describe('unit calls', () => {
  it('post their inputs in the body', async () => {
    await listUnits({ pageNum: 1, pageSize: 10, regionCode: '370100' });
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/unit/list.action',
      method: 'post',
      data: { pageNum: 1, pageSize: 10, regionCode: '370100' },
    });
    await saveUnit({ name: '单位', regionCode: '370102' });
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/unit/add-or-update.action',
      method: 'post',
      data: { name: '单位', regionCode: '370102' },
    });
    await getUnit(5);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/unit/base.action',
      method: 'post',
      data: { id: 5 },
    });
    await setUnitStatus(5, 'ENABLED');
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/unit/disable.action',
      method: 'post',
      data: { id: 5, status: 'ENABLED' },
    });
    await batchUpdateTrainTypes([1, 2], ['public']);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/unit/batch-update-train-type.action',
      method: 'post',
      data: { ids: [1, 2], trainTypes: ['public'] },
    });
  });
});
