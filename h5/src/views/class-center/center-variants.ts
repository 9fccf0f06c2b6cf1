import type { ClassBaseType } from '@px/api/contract';
import {
  CLASS_CENTER_PATH,
  CLASS_SELECT_CENTER_PATH,
  CLASS_SELECT_CENTER2_PATH,
  DETAIL_PUBLIC_PATH,
  DETAIL_PUBLIC2_PATH,
  PROFESSIONAL_PATH,
  PUBLIC_CLASS_PATH,
  SPECIALIZED_PATH,
  V2_CLASS_SELECT_CENTER_PATH,
  V2_DETAIL_PUBLIC_PATH,
  VOCATIONAL_PATH,
} from '../../router/paths';

/**
 * How the class types are offered:
 * - `setting`: as `showClassTypeModel` says (1 base type tabs, 2 base tabs plus the major rows);
 * - `tree`: base tabs plus the major rows whatever the setting (the hide flags still apply).
 */
export type TypeModel = 'setting' | 'tree';

export type CenterVariantName =
  | 'classSelectCenter'
  | 'classSelectCenter2'
  | 'v2ClassSelectCenter'
  | 'classCenter'
  | 'publicClass'
  | 'specialized'
  | 'professional'
  | 'vocational';

export interface CenterVariant {
  path: string;
  /** The page title (route meta and heading). */
  title: string;
  /** Reachable without signing in (spec section 2's whitelist). */
  public: boolean;
  /** `list`: one card a row; `grid`: two cards a row. */
  layout: 'list' | 'grid';
  /** `pick`: a year picker (default the newest offered year); `all`: every offered year at once. */
  years: 'pick' | 'all';
  typeModel: TypeModel;
  /** The one base type the page lists (no base type tabs). */
  baseType?: ClassBaseType;
  /** The major type preselected when one's name matches (the rows show it; 全部 stays one tap away). */
  preferredMajor?: RegExp;
  /** Where a card leads (`?id=` is added). */
  detailPath: string;
}

const centre = (overrides: Partial<CenterVariant> & Pick<CenterVariant, 'path' | 'title' | 'public'>) => ({
  layout: 'list' as const,
  years: 'pick' as const,
  typeModel: 'setting' as const,
  detailPath: DETAIL_PUBLIC_PATH,
  ...overrides,
});

/**
 * The class centre routes of spec section 2 are one list page with these variants (product
 * decision, docs/product-decisions.md "Class centre"):
 * - classSelectCenter (public): year picker, class types as `showClassTypeModel` says.
 * - classSelectCenter2 (signed in): the three-level tree whatever the setting; cards open /detail-public2.
 * - v2/classSelectCenter (public): the same as classSelectCenter in a two-column card grid; cards open /v2/detail-public.
 * - classCenter (signed in) 班级中心: every offered class of every year (no year picker).
 * - publicClass / specialized: fixed to the base type; the major rows follow `showClassTypeModel`.
 * - professional (专业技术人员): specialized with the major type rows whatever the setting.
 * - vocational (职业技能): specialized with the major type rows, preselecting the major type whose
 *   name contains 技能 (e.g. 职业技能) when the project has one; otherwise every specialized class.
 */
export const CENTER_VARIANTS: Record<CenterVariantName, CenterVariant> = {
  classSelectCenter: centre({ path: CLASS_SELECT_CENTER_PATH, title: '选课中心', public: true }),
  classSelectCenter2: centre({
    path: CLASS_SELECT_CENTER2_PATH,
    title: '选课中心',
    public: false,
    typeModel: 'tree',
    detailPath: DETAIL_PUBLIC2_PATH,
  }),
  v2ClassSelectCenter: centre({
    path: V2_CLASS_SELECT_CENTER_PATH,
    title: '选课中心',
    public: true,
    layout: 'grid',
    detailPath: V2_DETAIL_PUBLIC_PATH,
  }),
  classCenter: centre({ path: CLASS_CENTER_PATH, title: '班级中心', public: false, years: 'all' }),
  publicClass: centre({ path: PUBLIC_CLASS_PATH, title: '公需课', public: true, baseType: 'public' }),
  specialized: centre({ path: SPECIALIZED_PATH, title: '专业课', public: true, baseType: 'specialized' }),
  professional: centre({
    path: PROFESSIONAL_PATH,
    title: '专业技术人员',
    public: true,
    baseType: 'specialized',
    typeModel: 'tree',
  }),
  vocational: centre({
    path: VOCATIONAL_PATH,
    title: '职业技能',
    public: true,
    baseType: 'specialized',
    typeModel: 'tree',
    preferredMajor: /技能/,
  }),
};
