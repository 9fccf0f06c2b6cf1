import type { AboutUs, Agreement, CheckAccountAnswer, Index2Info, LoginRefusal } from '../../contract/login';
import { LOGIN_ROLE_TYPE } from '../../contract/login';
import type { TenantProject } from '../../core/action';
import { agreementTexts } from './agreement';
import type { LoginRoleType } from './login.service';
import type { AttemptStatus } from './sign-in-limits.service';

/** How the sign-in calls' answers are shaped: a refused attempt, /index2, the agreement, about us. */

/** The captcha each door shows: the image code in the back office, the slider on the H5. */
export function captchaTypeFor(roleType: LoginRoleType): CheckAccountAnswer['captchaType'] {
  return roleType === LOGIN_ROLE_TYPE.BACK_OFFICE ? 'image' : 'slider';
}

export function presentStatus(status: AttemptStatus, roleType: LoginRoleType): LoginRefusal {
  return {
    needCaptcha: status.needCaptcha,
    captchaType: captchaTypeFor(roleType),
    lockedUntil: status.lockedUntil?.toISOString() ?? null,
  };
}

/** Whether the project's /index2 entry is open, and its title. */
export function presentIndex2(project: TenantProject): Index2Info {
  const { index2Open, title } = project.settings;
  return { open: index2Open === 1, title };
}

/** The user agreement and privacy policy with the project's H5 title. */
export function presentAgreement(project: TenantProject): Agreement {
  const { title } = project.settings;
  return { title, ...agreementTexts(title) };
}

/** About us: the project's titles, customer phone and version. */
export function presentAboutUs(project: TenantProject): AboutUs {
  const { title, shortTitle, customerPhone, versionCode } = project.settings;
  return { title, shortTitle, customerPhone, versionCode };
}
