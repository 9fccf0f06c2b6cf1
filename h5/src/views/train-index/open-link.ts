import { isSameSitePath } from '../../router/paths';

/** Where a banner link leads: a page of this site (through the router) or another site (the window). */
export type BannerTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string } | null;

/** Sorts a banner's link (an H5 path such as `/detail-public?id=1`, or an https URL); null without one. */
export function bannerTarget(link: string | null): BannerTarget {
  if (!link) return null;
  if (isSameSitePath(link)) return { kind: 'route', path: link };
  return /^https:\/\//i.test(link) ? { kind: 'external', url: link } : null;
}

/** Opens another site's address in this window (kept apart so screen tests can watch it). */
export function openExternal(url: string): void {
  window.location.assign(url);
}
