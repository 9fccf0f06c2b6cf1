import { getRegionalTree, listDictionary } from './dictionary';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);

beforeEach(() => callMock.mockClear());

describe('dictionary calls', () => {
  it('ask for a type and for a region tree from a code or the project area', async () => {
    await listDictionary('train-type');
    expect(callMock).toHaveBeenLastCalledWith('dictionary/list', { type: 'train-type' });
    await getRegionalTree('100000');
    expect(callMock).toHaveBeenLastCalledWith('dictionary/regional-tree', { code: '100000' });
    await getRegionalTree();
    expect(callMock).toHaveBeenLastCalledWith('dictionary/regional-tree', {});
  });
});
