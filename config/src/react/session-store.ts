import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import type { AccountState } from '../client/session';
import { RESP_DESC } from '../constants';

/** Where an app keeps its session token (its own cookie). */
export interface TokenStorage {
  read(): string | undefined;
  write(token: string): void;
  remove(): void;
}

/** What an app plugs into its session store. */
export interface SessionStoreOptions<I> {
  tokens: TokenStorage;
  /** Loads the signed-in account's info (`login/get-account-info`); rejects after the failure was shown. */
  getAccountInfo: () => Promise<I | null | undefined>;
  /** Tells the server the session ends (`login/login-out`). */
  loginOut: () => Promise<unknown>;
}

/**
 * The session store both apps share (spec sections 2 and 4): the token (in the app's cookie), the
 * account info loaded once per token, sign-in and sign-out. A new token makes the account load
 * again, and a load that succeeds writes the token again (the cookie's lifetime starts over, as the
 * server's sliding session does); a load that fails keeps the failure (the request client has already shown it) with its
 * text, else `Has Error`; an answer that arrives after the token changed is dropped.
 */
export function createSessionStore<I>(options: SessionStoreOptions<I>) {
  /** The session token: read from the app's cookie when the jotai store is created, kept in sync with it. */
  const tokenAtom = atomWithDefault<string | undefined>(() => options.tokens.read());
  /** Set when the person signed out, until the next token (the back office's guard then asks no `redirect`). */
  const signedOutAtom = atom(false);
  /** The signed-in account's info, loaded once per token (spec section 2). */
  const accountStateAtom = atom<AccountState<I>>({ status: 'idle' });

  /** Starts a session with a new token (sign-in, `?token=`) or ends it (undefined); the cookie follows. */
  const setTokenAtom = atom(null, (_get, set, token: string | undefined) => {
    if (token) options.tokens.write(token);
    else options.tokens.remove();
    set(tokenAtom, token);
    set(accountStateAtom, { status: 'idle' });
    if (token) set(signedOutAtom, false);
  });

  /** Loads the account info unless it is loaded or loading. Never rejects. */
  const loadAccountInfoAtom = atom(null, async (get, set) => {
    if (get(accountStateAtom).status !== 'idle') return;
    const token = get(tokenAtom);
    set(accountStateAtom, { status: 'loading' });
    let next: AccountState<I>;
    try {
      next = { status: 'ready', info: await options.getAccountInfo() };
    } catch (error) {
      next = {
        status: 'failed',
        message: error instanceof Error && error.message ? error.message : RESP_DESC.ROUTE_GUARD,
      };
    }
    if (get(tokenAtom) !== token || get(accountStateAtom).status !== 'loading') return;
    set(accountStateAtom, next);
    // The server has just seen the session (and extended it when it was past half its life): the
    // cookie is written again so it lives as long (an app whose cookie has a lifetime).
    if (next.status === 'ready' && next.info && token) options.tokens.write(token);
  });

  /** The signed-in account's info once loaded, otherwise null. */
  const accountInfoAtom = atom<I | null>((get) => {
    const state = get(accountStateAtom);
    return state.status === 'ready' ? (state.info ?? null) : null;
  });

  /** Signs out: tells the server (whatever it answers), marks the sign-out, clears the session. Never rejects. */
  const logoutAtom = atom(null, async (_get, set) => {
    try {
      await options.loginOut();
    } catch {
      // The session ends on this side whatever the server answered.
    }
    set(signedOutAtom, true);
    set(setTokenAtom, undefined);
  });

  return {
    tokenAtom,
    signedOutAtom,
    accountStateAtom,
    setTokenAtom,
    loadAccountInfoAtom,
    accountInfoAtom,
    logoutAtom,
  };
}

/** The session atoms of an app. */
export type SessionStore<I> = ReturnType<typeof createSessionStore<I>>;
