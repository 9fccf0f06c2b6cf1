import { buildSystemInfo } from '@px/test/jest/system-info';
import { createStore } from 'jotai';
import { getSystemInfo } from '../api/project';
import { loadSystemInfoAtom, projectSettingsAtom, systemInfoStateAtom } from './project';

jest.mock('../api/project', () => ({ getSystemInfo: jest.fn() }));

const getSystemInfoMock = jest.mocked(getSystemInfo);

beforeEach(() => getSystemInfoMock.mockReset());

describe('loadSystemInfoAtom', () => {
  it('loads the settings once, however often it is asked', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const store = createStore();
    const first = store.set(loadSystemInfoAtom);
    const second = store.set(loadSystemInfoAtom);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'loading' });
    expect(store.get(projectSettingsAtom)).toBeNull();
    await Promise.all([first, second]);
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    expect(store.get(projectSettingsAtom)?.projectTitle).toBe('山东职业技能培训管理后台');
  });

  it('keeps a failure in the state and loads again when forced', async () => {
    getSystemInfoMock.mockRejectedValueOnce(new Error('请求超时，请刷新页面'));
    getSystemInfoMock.mockRejectedValueOnce('no Error object');
    getSystemInfoMock.mockResolvedValueOnce(buildSystemInfo({ projectTitle: '恢复' }));
    const store = createStore();
    await store.set(loadSystemInfoAtom);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: '请求超时，请刷新页面' });
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: 'Error' });
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(projectSettingsAtom)?.projectTitle).toBe('恢复');
  });
});
