import { HOME_PATH, INDEX2_PATH, TRAIN_INDEX_PATH } from '../../router/paths';

export type EntryVariantName = 'home' | 'index2' | 'trainIndex';

export interface EntryVariant {
  path: string;
  /** The page title (route meta). */
  title: string;
  /** Shown only when the project's `index2Open` is 1; otherwise the page sends visitors to /login. */
  needsIndex2Open: boolean;
  /** Reachable without signing in (spec section 2's whitelist; home is not on it). */
  public: boolean;
  /** Shows the bottom tab bar (home does). */
  tabBar: boolean;
}

/**
 * Home and the two public entry pages of spec section 2 are one page (banners, entry tiles, 推荐班级):
 * - home (`/`, signed in, with the tab bar): the student's first screen;
 * - index2: the project's alternative entry page, open only with `index2Open` (spec "Navigation guard":
 *   /index2 redirects to /login when index2Open is 0);
 * - trainIndex: the training entry page, always open.
 */
export const ENTRY_VARIANTS: Record<EntryVariantName, EntryVariant> = {
  home: { path: HOME_PATH, title: '首页', needsIndex2Open: false, public: false, tabBar: true },
  index2: { path: INDEX2_PATH, title: '学习首页', needsIndex2Open: true, public: true, tabBar: false },
  trainIndex: {
    path: TRAIN_INDEX_PATH,
    title: '培训首页',
    needsIndex2Open: false,
    public: true,
    tabBar: false,
  },
};
