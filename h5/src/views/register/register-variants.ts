import {
  INDUSTRY_REGISTER_PATH,
  REGISTER_NEW_PATH,
  REGISTER_PATH,
  VOC_REGISTER_PATH,
} from '../../router/paths';

/** How a registration variant treats an optional part of the form. */
export type FieldMode = 'required' | 'optional' | 'hidden';

export type RegisterVariantName = 'register' | 'industryRegister' | 'vocRegister' | 'registerNew';

export interface RegisterVariant {
  path: string;
  /** The page title (route meta and heading). */
  title: string;
  /** What the page says under the title. */
  intro: string;
  /** The e-mail field. */
  email: FieldMode;
  /**
   * The unit the registration records (`?unitId=`, shown as 报名单位). `required`: the page only
   * works when opened for a unit (a unit's QR code / link); without it the page says so.
   */
  unit: Exclude<FieldMode, 'hidden'>;
}

/**
 * The four registration routes of spec section 2 are one form with these variants (product
 * decision, docs/product-decisions.md): every variant asks name, ID number, mobile + SMS code and password.
 * - register: the standard form; e-mail optional; unit when the link carries one.
 * - industryRegister: employees of an employer registering through their unit's link: the unit
 *   is required, so the page is only usable with `?unitId=`.
 * - vocRegister: vocational-school students; e-mail required (schools reach students by mail).
 * - registerNew: the short form (no e-mail at all).
 */
export const REGISTER_VARIANTS: Record<RegisterVariantName, RegisterVariant> = {
  register: {
    path: REGISTER_PATH,
    title: '学员注册',
    intro: '注册后即可报名课程、在线学习',
    email: 'optional',
    unit: 'optional',
  },
  industryRegister: {
    path: INDUSTRY_REGISTER_PATH,
    title: '企业职工注册',
    intro: '请使用单位提供的报名链接或二维码注册',
    email: 'optional',
    unit: 'required',
  },
  vocRegister: {
    path: VOC_REGISTER_PATH,
    title: '职业院校学生注册',
    intro: '职业院校在校学生请填写以下信息注册',
    email: 'required',
    unit: 'optional',
  },
  registerNew: {
    path: REGISTER_NEW_PATH,
    title: '快速注册',
    intro: '只需填写基本信息即可完成注册',
    email: 'hidden',
    unit: 'optional',
  },
};
