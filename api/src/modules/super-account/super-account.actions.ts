import { superAccountCalls } from '../../contract/super-account';
import { implement } from '../../core/action';
import { listEnabledProjects, listTargetAccounts, signInAs } from './super-account.service';

/** Platform staff signing in as project staff or unit managers (`super-account/...`). */
export const superAccountActions = implement(superAccountCalls, {
  projects: () => listEnabledProjects(),
  accounts: (_ctx, input) => listTargetAccounts(input),
  'sign-in-as': (ctx, input) => signInAs(ctx, input.accountId),
});
