import type { AccountInfo } from '@px/api/contract';
import { createSessionStore } from '@px/config/react';
import { getAccountInfo, loginOut } from '../api/login';
import { readToken, removeToken, writeToken } from '../session/token';

/**
 * The student's session (`@px/config/react` createSessionStore): the token of the `token` cookie
 * (path `/`), the account info loaded once per token, sign-in and sign-out (a student's logout
 * returns to /login, spec section 4).
 */
export const { tokenAtom, accountStateAtom, setTokenAtom, loadAccountInfoAtom, accountInfoAtom, logoutAtom } =
  createSessionStore<AccountInfo>({
    tokens: { read: readToken, write: writeToken, remove: removeToken },
    getAccountInfo: () => getAccountInfo(),
    loginOut: () => loginOut(),
  });
