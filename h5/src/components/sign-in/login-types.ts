import type { LoginType } from '@px/config';

/** The sign-in methods that have a form (WeChat is a button). */
export type FormLoginType = Exclude<LoginType, 'wechat'>;

/** The project's sign-in methods that have a form, in the project's order. */
export function formLoginTypes(loginType: readonly LoginType[]): FormLoginType[] {
  return loginType.filter((type): type is FormLoginType => type !== 'wechat');
}
