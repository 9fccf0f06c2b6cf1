import { getOauthUrl } from '../api/wechat';

/** Leaving the site for another address; a seam so tests can watch where the page would go. */
export const browserLocation = {
  /** Replaces the current page with `url` (no history entry, as WeChat OAuth expects). */
  replace(url: string): void {
    window.location.replace(url);
  },
};

/**
 * Sends the visitor through WeChat OAuth: asks the API for the authorize URL that returns to
 * `redirect` (a same-site path with its query) and leaves for it with `location.replace`.
 * Rejects with an ApiError when the URL cannot be had (the request client has shown why).
 */
export async function startWechatOauth(redirect: string, unitId?: number): Promise<void> {
  const { url } = await getOauthUrl({ redirect, ...(unitId ? { unitId } : {}) });
  browserLocation.replace(url);
}
