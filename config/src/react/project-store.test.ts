import { atom, createStore } from 'jotai';
import { createProjectStore } from './project-store';

interface Settings {
  title: string;
}

const unitIdAtom = atom<number | undefined>(undefined);
const getSystemInfo = jest.fn<Promise<Settings>, [number | undefined]>();
const { systemInfoStateAtom, projectSettingsAtom, loadSystemInfoAtom } = createProjectStore<Settings>({
  unitIdAtom,
  getSystemInfo,
});

beforeEach(() => getSystemInfo.mockReset());

describe('loadSystemInfoAtom', () => {
  it('loads the settings once for the unit, however often it is asked', async () => {
    getSystemInfo.mockResolvedValue({ title: '山东职业技能培训平台' });
    const store = createStore();
    store.set(unitIdAtom, 5);
    const first = store.set(loadSystemInfoAtom);
    const second = store.set(loadSystemInfoAtom);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'loading' });
    expect(store.get(projectSettingsAtom)).toBeNull();
    await Promise.all([first, second]);
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfo).toHaveBeenCalledTimes(1);
    expect(getSystemInfo).toHaveBeenCalledWith(5);
    expect(store.get(projectSettingsAtom)?.title).toBe('山东职业技能培训平台');
  });

  it('keeps a failure in the state and loads again when forced', async () => {
    getSystemInfo.mockRejectedValueOnce(new Error('请求超时，请刷新页面'));
    getSystemInfo.mockRejectedValueOnce('no Error object');
    getSystemInfo.mockResolvedValueOnce({ title: '恢复' });
    const store = createStore();
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfo).toHaveBeenCalledWith(undefined);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: '请求超时，请刷新页面' });
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfo).toHaveBeenCalledTimes(1);
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: 'Error' });
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(projectSettingsAtom)?.title).toBe('恢复');
  });
});
