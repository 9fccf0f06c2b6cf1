import { createStore } from 'jotai';
import {
  parseSize,
  parseThemeColor,
  STORAGE_KEYS,
  setSidebarOpenedAtom,
  setSizeAtom,
  setThemeColorAtom,
  sidebarOpenedAtom,
  sizeAtom,
  themeColorAtom,
} from './app';

beforeEach(() => window.localStorage.clear());

describe('parseSize', () => {
  it('accepts the four sizes and falls back to medium', () => {
    expect(['default', 'medium', 'small', 'mini'].map(parseSize)).toEqual([
      'default',
      'medium',
      'small',
      'mini',
    ]);
    expect(parseSize(null)).toBe('medium');
    expect(parseSize('huge')).toBe('medium');
  });
});

describe('parseThemeColor', () => {
  it('accepts the eight predefined colours as strings, whatever their case', () => {
    expect(parseThemeColor('#11a983')).toBe('#11a983');
    expect(parseThemeColor(' #6959cd ')).toBe('#6959CD');
  });

  it.each([undefined, null, 409, { color: '#409EFF' }, ['#409EFF'], '#123456', 'red'])(
    'refuses %p',
    (value) => {
      expect(parseThemeColor(value)).toBeUndefined();
    },
  );
});

describe('remembered choices', () => {
  it('start as open sidebar, medium size and #409EFF', () => {
    const store = createStore();
    expect(store.get(sidebarOpenedAtom)).toBe(true);
    expect(store.get(sizeAtom)).toBe('medium');
    expect(store.get(themeColorAtom)).toBe('#409EFF');
  });

  it('are stored in localStorage and read back by the next visit', () => {
    const first = createStore();
    first.set(setSidebarOpenedAtom, false);
    first.set(setSizeAtom, 'mini');
    expect(first.set(setThemeColorAtom, '#f5222d')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebar)).toBe('0');
    expect(window.localStorage.getItem(STORAGE_KEYS.size)).toBe('mini');
    expect(window.localStorage.getItem(STORAGE_KEYS.themeColor)).toBe('#f5222d');

    const next = createStore();
    expect(next.get(sidebarOpenedAtom)).toBe(false);
    expect(next.get(sizeAtom)).toBe('mini');
    expect(next.get(themeColorAtom)).toBe('#f5222d');
  });

  it('ignore a theme colour that is not a string of the list', () => {
    const store = createStore();
    expect(store.set(setThemeColorAtom, 0x409eff)).toBe(false);
    expect(store.set(setThemeColorAtom, '#000000')).toBe(false);
    expect(store.set(setThemeColorAtom, '#409EFF')).toBe(false);
    expect(store.get(themeColorAtom)).toBe('#409EFF');
    expect(window.localStorage.getItem(STORAGE_KEYS.themeColor)).toBeNull();
  });

  it('fall back to the defaults for stored values that are not valid', () => {
    window.localStorage.setItem(STORAGE_KEYS.size, 'gigantic');
    window.localStorage.setItem(STORAGE_KEYS.themeColor, 'javascript:alert(1)');
    const store = createStore();
    expect(store.get(sizeAtom)).toBe('medium');
    expect(store.get(themeColorAtom)).toBe('#409EFF');
  });
});
