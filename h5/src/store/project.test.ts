import { buildSystemInfo } from '@px/test/jest/system-info';
import { createStore } from 'jotai';
import { getSystemInfo } from '../api/project';
import {
  loadSystemInfoAtom,
  parseUnitId,
  projectSettingsAtom,
  systemInfoStateAtom,
  unitIdAtom,
} from './project';

jest.mock('../api/project', () => ({ getSystemInfo: jest.fn() }));

const getSystemInfoMock = jest.mocked(getSystemInfo);

beforeEach(() => getSystemInfoMock.mockReset());

describe('loadSystemInfoAtom', () => {
  it('loads the settings once for the unit, however often it is asked', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const store = createStore();
    store.set(unitIdAtom, 5);
    const first = store.set(loadSystemInfoAtom);
    const second = store.set(loadSystemInfoAtom);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'loading' });
    expect(store.get(projectSettingsAtom)).toBeNull();
    await Promise.all([first, second]);
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    expect(getSystemInfoMock).toHaveBeenCalledWith(5);
    expect(store.get(projectSettingsAtom)?.title).toBe('山东职业技能培训平台');
  });

  it('keeps a failure in the state and loads again when forced', async () => {
    getSystemInfoMock.mockRejectedValueOnce(new Error('请求超时，请刷新页面'));
    getSystemInfoMock.mockRejectedValueOnce('no Error object');
    getSystemInfoMock.mockResolvedValueOnce(buildSystemInfo({ title: '恢复' }));
    const store = createStore();
    await store.set(loadSystemInfoAtom);
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: '请求超时，请刷新页面' });
    await store.set(loadSystemInfoAtom);
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(systemInfoStateAtom)).toEqual({ status: 'error', message: 'Error' });
    await store.set(loadSystemInfoAtom, { force: true });
    expect(store.get(projectSettingsAtom)?.title).toBe('恢复');
  });
});

describe('parseUnitId', () => {
  it('reads a positive integer unitId', () => {
    expect(parseUnitId('?unitId=12&token=x')).toBe(12);
  });

  it.each(['', '?unitId=', '?unitId=0', '?unitId=-3', '?unitId=1.5', '?unitId=abc', '?unitId=null'])(
    'ignores %p',
    (search) => {
      expect(parseUnitId(search)).toBeUndefined();
    },
  );
});
