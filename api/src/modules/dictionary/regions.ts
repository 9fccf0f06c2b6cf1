import { areaList } from '@vant/area-data';
import type { RegionNode } from '../../contract/dictionary';

/**
 * China's administrative divisions (province, city, county) from the maintained `@vant/area-data`
 * registry: six-digit codes, a province `XX0000`, a city `XXYY00`, a county `XXYYZZ`.
 */
export type RegionLevel = 'country' | 'province' | 'city' | 'county';

/** The code of the whole country: the root above the provinces. */
export const COUNTRY_CODE = '100000';

/** Which level a code is, or null when the registry does not know it. */
export function regionLevel(code: string): RegionLevel | null {
  if (code === COUNTRY_CODE) return 'country';
  if (code in areaList.province_list) return 'province';
  if (code in areaList.city_list) return 'city';
  if (code in areaList.county_list) return 'county';
  return null;
}

/** The name of a known code (`济南市`), or null. */
export function regionName(code: string): string | null {
  return areaList.province_list[code] ?? areaList.city_list[code] ?? areaList.county_list[code] ?? null;
}

/** The codes from the province down to the code itself: `370102` -> `370000`, `370100`, `370102`. */
export function regionPath(code: string): string[] {
  const level = regionLevel(code);
  if (level === null || level === 'country') return [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  if (level === 'province') return [province];
  if (level === 'city') return [province, city];
  return [province, city, code];
}

/** The full name of a code, levels separated by spaces (`山东省 济南市 历下区`); null when unknown. */
export function regionFullName(code: string | null | undefined): string | null {
  if (!code) return null;
  const path = regionPath(code);
  return path.length ? path.map((part) => regionName(part)).join(' ') : null;
}

/**
 * Whether `code` is `area` itself or lies under it (a city or county of a province, a county of a
 * city). Every known code lies within the country.
 */
export function isWithinRegion(code: string, area: string): boolean {
  if (regionLevel(code) === null || code === COUNTRY_CODE) return code === area;
  switch (regionLevel(area)) {
    case 'country':
      return true;
    case 'province':
      return code.slice(0, 2) === area.slice(0, 2);
    case 'city':
      return regionLevel(code) !== 'province' && code.slice(0, 4) === area.slice(0, 4);
    case 'county':
      return code === area;
    default:
      return false;
  }
}

/** The prefix that every code within a region starts with (`370000` -> `37`, `370100` -> `3701`). */
export function regionPrefix(code: string): string {
  if (code === COUNTRY_CODE) return '';
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

const childrenCache = new Map<string, RegionNode[]>();

/**
 * The regions under a code, nested to the counties: the country gives provinces, a province its
 * cities, a city its counties, a county none. Null for a code the registry does not know.
 */
export function regionChildren(code: string): RegionNode[] | null {
  const level = regionLevel(code);
  if (level === null) return null;
  const cached = childrenCache.get(code);
  if (cached) return cached;
  const nodes = (list: Record<string, string>, prefix: string): RegionNode[] =>
    Object.keys(list)
      .filter((child) => child.startsWith(prefix))
      .sort()
      .map((child) => ({ code: child, name: list[child], children: regionChildren(child) ?? [] }));
  let children: RegionNode[];
  if (level === 'country') children = nodes(areaList.province_list, '');
  else if (level === 'province') children = nodes(areaList.city_list, code.slice(0, 2));
  else if (level === 'city') children = nodes(areaList.county_list, code.slice(0, 4));
  else children = [];
  childrenCache.set(code, children);
  return children;
}
