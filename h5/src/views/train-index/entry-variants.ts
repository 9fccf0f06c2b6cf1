import { INDEX2_PATH, TRAIN_INDEX_PATH } from '../../router/paths';

export type EntryVariantName = 'index2' | 'trainIndex';

export interface EntryVariant {
  path: string;
  /** The page title (route meta). */
  title: string;
  /** Shown only when the project's `index2Open` is 1; otherwise the page sends visitors to /login. */
  needsIndex2Open: boolean;
}

/**
 * The two public entry pages of spec section 2 are one page (banners, entry tiles, 推荐班级):
 * - index2: the project's alternative entry page, open only with `index2Open` (spec "Navigation guard":
 *   /index2 redirects to /login when index2Open is 0);
 * - trainIndex: the training entry page, always open.
 */
export const ENTRY_VARIANTS: Record<EntryVariantName, EntryVariant> = {
  index2: { path: INDEX2_PATH, title: '学习首页', needsIndex2Open: true },
  trainIndex: { path: TRAIN_INDEX_PATH, title: '培训首页', needsIndex2Open: false },
};
