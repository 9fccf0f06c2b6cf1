import { getRegionalTree, listDictionary } from './dictionary';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

describe('dictionary calls', () => {
  it('ask for a type and for a region tree from a code or the project area', async () => {
    await listDictionary('train-type');
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/dictionary/list.action',
      method: 'post',
      data: { type: 'train-type' },
    });
    await getRegionalTree('100000');
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/dictionary/regional-tree.action',
      method: 'post',
      data: { code: '100000' },
    });
    await getRegionalTree();
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/dictionary/regional-tree.action',
      method: 'post',
      data: {},
    });
  });
});
