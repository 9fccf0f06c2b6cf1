import type { AccountInfo } from '@px/api/contract';
import { RESP_DESC } from '@px/config';
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { getAccountInfo, loginOut } from '../api/login';
import type { AccountState } from '../router/guard';
import { readToken, removeToken, writeToken } from '../session/token';

/** The session token: read from the `token` cookie when the store is created, kept in sync with it. */
export const tokenAtom = atomWithDefault<string | undefined>(() => readToken());

/** The signed-in account's info, loaded once per token (spec section 2). */
export const accountStateAtom = atom<AccountState>({ status: 'idle' });

/**
 * Starts a session with a new token (sign-in, `?token=`) or ends it (undefined): the cookie follows,
 * and the account info is loaded again for the new token.
 */
export const setTokenAtom = atom(null, (_get, set, token: string | undefined) => {
  if (token) writeToken(token);
  else removeToken();
  set(tokenAtom, token);
  set(accountStateAtom, { status: 'idle' });
});

/**
 * Loads the account info unless it is loaded or loading. Never rejects: a failure is kept in the
 * state (the request client has already shown it). A result that arrives after the token changed
 * is dropped.
 */
export const loadAccountInfoAtom = atom(null, async (get, set) => {
  if (get(accountStateAtom).status !== 'idle') return;
  const token = get(tokenAtom);
  set(accountStateAtom, { status: 'loading' });
  let next: AccountState;
  try {
    next = { status: 'ready', info: await getAccountInfo() };
  } catch (error) {
    next = {
      status: 'failed',
      message: error instanceof Error && error.message ? error.message : RESP_DESC.ROUTE_GUARD,
    };
  }
  if (get(tokenAtom) === token && get(accountStateAtom).status === 'loading') set(accountStateAtom, next);
});

/** The signed-in account's info once loaded, otherwise null. */
export const accountInfoAtom = atom<AccountInfo | null>((get) => {
  const state = get(accountStateAtom);
  return state.status === 'ready' ? (state.info ?? null) : null;
});

/**
 * Signs out (spec section 4, a student's logout returns to /login): tells the server (whatever it
 * answers) and clears the token and account. Never rejects.
 */
export const logoutAtom = atom(null, async (_get, set) => {
  try {
    await loginOut();
  } catch {
    // The session ends on this side whatever the server answered.
  }
  set(setTokenAtom, undefined);
});
