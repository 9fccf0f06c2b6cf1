import { api } from './request';
import {
  deleteAffiliations,
  listAffiliationOptions,
  listAffiliationStudents,
  queryAffiliations,
  saveAffiliations,
} from './unit-affiliation';

jest.mock('./request', () => ({
  api: { call: jest.fn(() => Promise.resolve(null)) },
  request: jest.fn(() => Promise.resolve(null)),
}));

const callMock = jest.mocked(api.call);

beforeEach(() => callMock.mockClear());

describe('unit affiliation calls', () => {
  it('send their inputs', async () => {
    await queryAffiliations({ unitId: 5, pageNum: 1, pageSize: 100 });
    expect(callMock).toHaveBeenLastCalledWith(
      'unit/affiliation-query',
      { unitId: 5, pageNum: 1, pageSize: 100 },
      undefined,
    );
    await saveAffiliations({ unitId: 5, affiliatedUnitIds: [6, 7] });
    expect(callMock).toHaveBeenLastCalledWith('unit/affiliation-save', {
      unitId: 5,
      affiliatedUnitIds: [6, 7],
    });
    await deleteAffiliations(5, [6]);
    expect(callMock).toHaveBeenLastCalledWith('unit/affiliation-delete', {
      unitId: 5,
      affiliatedUnitIds: [6],
    });
    await listAffiliationOptions(5);
    expect(callMock).toHaveBeenLastCalledWith('unit/affiliation-options', { unitId: 5 });
    await listAffiliationStudents({ unitId: 5, pageNum: 2, pageSize: 10, name: '王' });
    expect(callMock).toHaveBeenLastCalledWith(
      'unit/affiliation-students',
      { unitId: 5, pageNum: 2, pageSize: 10, name: '王' },
      undefined,
    );
  });
});
