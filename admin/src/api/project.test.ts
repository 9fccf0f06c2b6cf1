import { getSystemInfo } from './project';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve({ title: '平台' })) }));

describe('getSystemInfo', () => {
  beforeEach(() => jest.mocked(request).mockClear());

  it('posts the system-info call and resolves to its answer', async () => {
    await expect(getSystemInfo()).resolves.toEqual({ title: '平台' });
    expect(request).toHaveBeenCalledWith({
      url: '/project/system-info.action',
      method: 'post',
      params: undefined,
    });
  });

  it('passes unitId as a query parameter', async () => {
    await getSystemInfo(12);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ params: { unitId: 12 } }));
  });
});
