import { DETAIL_PUBLIC_PATH, DETAIL_PUBLIC2_PATH, V2_DETAIL_PUBLIC_PATH } from '../../router/paths';

export type DetailVariantName = 'detailPublic' | 'detailPublic2' | 'v2DetailPublic';

/** How a class detail route lays the page out. */
export interface DetailVariant {
  path: string;
  /** The route title. */
  title: string;
  /** Reachable without signing in (spec section 2's whitelist). */
  public: boolean;
  /** `sections`: one scrolling page; `tabs`: 介绍 / 课程 / 评价 tabs under the header. */
  layout: 'sections' | 'tabs';
  /** The student's enrolment state (报名状态) shows first, above the class header. */
  stateFirst: boolean;
}

/**
 * The three class detail routes of spec section 2 are one page with these variants (product
 * decision, like the registration variants):
 * - detailPublic: the public detail (links of the class centre, banners, shares), one scrolling page.
 * - detailPublic2: the signed-in detail: the enrolment state (已报名 / 已在购物车 / 未报名) first.
 * - v2DetailPublic: the public detail in tabs 介绍 / 课程 / 评价.
 */
export const DETAIL_VARIANTS: Record<DetailVariantName, DetailVariant> = {
  detailPublic: {
    path: DETAIL_PUBLIC_PATH,
    title: '班级详情',
    public: true,
    layout: 'sections',
    stateFirst: false,
  },
  detailPublic2: {
    path: DETAIL_PUBLIC2_PATH,
    title: '报名详情',
    public: false,
    layout: 'sections',
    stateFirst: true,
  },
  v2DetailPublic: {
    path: V2_DETAIL_PUBLIC_PATH,
    title: '班级详情',
    public: true,
    layout: 'tabs',
    stateFirst: false,
  },
};
