import type { Transaction } from 'sequelize';
import type { LoginAnswer } from '../../contract/login';
import type { Scope } from '../../core/action';
import { openSession } from '../session/session.service';
import type { Account } from './account.model';

/**
 * Work done in a sign-in's transaction once the account is known (binding a WeChat openid);
 * throwing refuses the sign-in.
 */
export type AfterSignIn = (account: Account, transaction: Transaction) => Promise<void>;

/**
 * Signs in an account that has just proved who it is (password, SMS code, WeChat, switching
 * accounts): records the sign-in time and opens a session for the scope's client, in the caller's
 * transaction. Answers the token as `login/login` does.
 */
export async function signInAccount(
  scope: Pick<Scope, 'request'>,
  account: Account,
  transaction: Transaction,
): Promise<LoginAnswer> {
  await account.update({ lastLoginAt: new Date() }, { transaction });
  const tokenCode = await openSession(
    {
      accountId: account.id,
      projectId: account.projectId,
      roleSystem: account.roleSystem,
      ip: scope.request.ip,
      userAgent: scope.request.userAgent,
    },
    transaction,
  );
  return { tokenCode, roleSystem: account.roleSystem };
}
