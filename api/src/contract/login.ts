import type { MenuRP, RoleSystem } from '@px/config';
import { z } from 'zod';
import { zInput } from './common';

/**
 * Which door a person signs in at: `1` the back office (/admin-login: role systems 1, 2 and 4),
 * `3` the student H5 (/login: role system 3). An account of another role system is refused there.
 */
export const LOGIN_ROLE_TYPE = { BACK_OFFICE: 1, STUDENT: 3 } as const;
export const zRoleType = z.coerce.number<unknown>().pipe(z.union([z.literal(1), z.literal(3)]));

/** RSA-OAEP (SHA-256) cipher text, base64, of a trimmed value; see `loginPublicKey` in system-info. */
const zEncrypted = z.string().min(16).max(1024);

/** Slider captcha solved through `captcha/check`: its token, single use. */
export const captchaVOSchema = z.object({ token: z.string().uuid() });

/** `login/check-account-before-login`: step one of the two-step login. */
export const checkAccountInput = z.object({
  account: zEncrypted,
  roleType: zRoleType,
  unitId: zInput.optionalId(),
});
export interface CheckAccountAnswer {
  /** A captcha must accompany the password (after 3 failed passwords). */
  needCaptcha: boolean;
  /** Which captcha: the image code on the back office, the slider on the H5. */
  captchaType: 'image' | 'slider';
  /** Sign-in is locked for this account from this address until then (ISO time), else null. */
  lockedUntil: string | null;
}

/** `login/login`: step two. */
export const loginInput = z.object({
  account: zEncrypted,
  password: zEncrypted,
  roleType: zRoleType,
  vcode: z.string().trim().max(10).optional(),
  codeToken: z.string().uuid().optional(),
  unitId: zInput.optionalId(),
  captchaVO: captchaVOSchema.optional(),
});
export interface LoginAnswer {
  tokenCode: string;
  roleSystem: RoleSystem;
}

/** `login/get-account-info` (spec section 3, account info). */
export interface AccountInfo {
  accountId: number;
  userName: string;
  imagePath: string | null;
  projectId: number | null;
  unitId: number | null;
  roleRP: { roleName: string; roleSystem: RoleSystem; menu: MenuRP[] };
  /** Set while platform staff are signed in as this account (super account). */
  impersonatedBy: string | null;
}
