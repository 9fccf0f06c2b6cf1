import { getSystemInfo } from './project';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve({ title: '平台' })) } }));

const callMock = jest.mocked(api.call);

describe('getSystemInfo', () => {
  beforeEach(() => callMock.mockClear());

  it('makes the system-info call and resolves to its answer', async () => {
    await expect(getSystemInfo()).resolves.toEqual({ title: '平台' });
    expect(callMock).toHaveBeenCalledWith('project/system-info', {});
  });

  it('passes unitId', async () => {
    await getSystemInfo(12);
    expect(callMock).toHaveBeenCalledWith('project/system-info', { unitId: 12 });
  });
});
