import type { RoleSystem } from '@px/config';
import { z } from 'zod';
import { platform } from './access';
import { answer, defineCalls } from './call';
import { type PageAnswer, zInput, zOptionalText, zPage } from './common';
import type { LoginAnswer } from './login';

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

/** Platform staff signing in as project staff or unit managers (`super-account/...`). */
export const superAccountCalls = defineCalls('super-account', {
  /** The enabled projects to choose from. */
  projects: {
    input: superAccountProjectsInput,
    answer: answer<SuperAccountProjectList>(),
    access: platform('/super-account/index'),
  },
  /** The project staff and unit managers of a chosen project, searchable, paged. */
  accounts: {
    input: superAccountAccountsInput,
    answer: answer<SuperAccountAccountPage>(),
    access: platform('/super-account/index'),
  },
  /** Signs in as the chosen account for two hours (audited); answers its token like a login. */
  'sign-in-as': {
    input: signInAsInput,
    answer: answer<LoginAnswer>(),
    access: platform('/super-account/index'),
  },
});
