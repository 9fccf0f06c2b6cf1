import { ROLE_SYSTEM } from '@px/config';
import {
  signInAsInput,
  superAccountAccountsInput,
  superAccountProjectsInput,
} from '../../contract/super-account';
import { defineAction } from '../../core/action';
import { listEnabledProjects, listTargetAccounts, signInAs } from './super-account.service';

/** The screen that grants these calls. */
const SCREEN = '/super-account/index';
const guard = () => ({ auth: 'signed-in' as const, roles: [ROLE_SYSTEM.PLATFORM], permission: [SCREEN] });

/** The enabled projects to choose from. */
export const superAccountProjects = defineAction({
  group: 'super-account',
  name: 'projects',
  ...guard(),
  input: superAccountProjectsInput,
  handler: () => listEnabledProjects(),
});

/** The project staff and unit managers of a chosen project, searchable, paged. */
export const superAccountAccounts = defineAction({
  group: 'super-account',
  name: 'accounts',
  ...guard(),
  input: superAccountAccountsInput,
  handler: (_ctx, input) => listTargetAccounts(input),
});

/** Signs in as the chosen account for two hours (audited); answers its token like a login. */
export const superAccountSignInAs = defineAction({
  group: 'super-account',
  name: 'sign-in-as',
  ...guard(),
  input: signInAsInput,
  handler: (ctx, input) => signInAs(ctx, input.accountId),
});

export const superAccountActions = [superAccountProjects, superAccountAccounts, superAccountSignInAs];
