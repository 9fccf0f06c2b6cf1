import { api } from './request';
import { batchUpdateTrainTypes, getUnit, listUnits, saveUnit, setUnitStatus } from './unit';

jest.mock('./request', () => ({
  api: { call: jest.fn(() => Promise.resolve(null)) },
  request: jest.fn(() => Promise.resolve(null)),
}));

const callMock = jest.mocked(api.call);

beforeEach(() => callMock.mockClear());

describe('unit calls', () => {
  it('send their inputs', async () => {
    await listUnits({ pageNum: 1, pageSize: 10, regionCode: '370100' });
    expect(callMock).toHaveBeenLastCalledWith(
      'unit/list',
      { pageNum: 1, pageSize: 10, regionCode: '370100' },
      undefined,
    );
    await saveUnit({ name: '单位', regionCode: '370102' });
    expect(callMock).toHaveBeenLastCalledWith('unit/add-or-update', { name: '单位', regionCode: '370102' });
    await getUnit(5);
    expect(callMock).toHaveBeenLastCalledWith('unit/base', { id: 5 }, undefined);
    await setUnitStatus(5, 'ENABLED');
    expect(callMock).toHaveBeenLastCalledWith('unit/disable', { id: 5, status: 'ENABLED' });
    await batchUpdateTrainTypes([1, 2], ['public']);
    expect(callMock).toHaveBeenLastCalledWith('unit/batch-update-train-type', {
      ids: [1, 2],
      trainTypes: ['public'],
    });
  });
});
