import type { RoleSystem } from '@px/config';
import { z } from 'zod';
import { type PageAnswer, zInput, zOptionalText, zPage } from './common';

/** `super-account/projects`: the enabled projects a platform staff member may enter. */
export const superAccountProjectsInput = z.object({});
export interface SuperAccountProject {
  id: number;
  name: string;
  code: string;
}
export interface SuperAccountProjectList {
  list: SuperAccountProject[];
}

/** `super-account/accounts`: enabled back-office accounts (role systems 2 and 4) of one project. */
export const superAccountAccountsInput = z.object({
  ...zPage,
  projectId: zInput.id(),
  /** Part of the real name or of the account name. */
  keyword: zOptionalText(50),
});
export interface SuperAccountAccount {
  accountId: number;
  accountName: string | null;
  realName: string;
  roleSystem: RoleSystem;
  roleName: string;
  unitName: string | null;
}
export type SuperAccountAccountPage = PageAnswer<SuperAccountAccount>;

/**
 * `super-account/sign-in-as`: opens a session as the account (2 hours, audited) and answers like
 * `login/login`. The caller's own session stays open.
 */
export const signInAsInput = z.object({ accountId: zInput.id() });
