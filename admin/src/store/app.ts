import { DEFAULT_SIZE, DEFAULT_THEME_COLOR, SIZES, type Size, THEME_COLORS } from '@px/config';
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';

/** localStorage keys of the shell's remembered choices. */
export const STORAGE_KEYS = {
  sidebar: 'sidebarStatus',
  size: 'size',
  themeColor: 'themeColor',
} as const;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the choice holds for this visit only.
  }
}

/** A stored size, or DEFAULT_SIZE (medium) when it is missing or unknown. */
export function parseSize(raw: string | null): Size {
  return SIZES.find((size) => size === raw) ?? DEFAULT_SIZE;
}

/**
 * A theme colour, or undefined when it is not one (spec section 5: the theme colour must be a
 * string); only the eight predefined colours are accepted.
 */
export function parseThemeColor(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  return THEME_COLORS.find((color) => color.toLowerCase() === raw.trim().toLowerCase());
}

/** Desktop or mobile (narrower than MOBILE_BREAKPOINT_PX); desktop until measured. */
export type Device = 'desktop' | 'mobile';
export const deviceAtom = atom<Device>('desktop');

/** Whether the person chose the sidebar open (remembered; open by default). */
export const sidebarOpenedAtom = atomWithDefault<boolean>(() => readStorage(STORAGE_KEYS.sidebar) !== '0');

/** Opens or closes the sidebar by the person's choice, and remembers it. */
export const setSidebarOpenedAtom = atom(null, (_get, set, opened: boolean) => {
  writeStorage(STORAGE_KEYS.sidebar, opened ? '1' : '0');
  set(sidebarOpenedAtom, opened);
});

/**
 * On a mobile device the sidebar is a drawer, closed until opened and closed again on every
 * navigation; this is not remembered, so the desktop keeps the person's choice.
 */
export const mobileDrawerOpenAtom = atom(false);

/** The global component size (remembered; medium by default). */
export const sizeAtom = atomWithDefault<Size>(() => parseSize(readStorage(STORAGE_KEYS.size)));

export const setSizeAtom = atom(null, (_get, set, size: Size) => {
  writeStorage(STORAGE_KEYS.size, size);
  set(sizeAtom, size);
});

/** The theme colour (remembered; #409EFF by default). */
export const themeColorAtom = atomWithDefault<string>(
  () => parseThemeColor(readStorage(STORAGE_KEYS.themeColor)) ?? DEFAULT_THEME_COLOR,
);

/** Sets the theme colour; anything but one of the eight colours is ignored. Returns whether it changed. */
export const setThemeColorAtom = atom(null, (get, set, value: unknown): boolean => {
  const color = parseThemeColor(value);
  if (!color || color === get(themeColorAtom)) return false;
  writeStorage(STORAGE_KEYS.themeColor, color);
  set(themeColorAtom, color);
  return true;
});
