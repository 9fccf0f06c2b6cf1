import { RESP_DESC } from '../constants';

/**
 * The session pieces both apps' navigation guards share (spec section 2): the `token` and `unitId`
 * query parameters, where loading the signed-in account stands, and what a guard makes of it.
 * Generic over the account info (the API's `AccountInfo`), which config does not know.
 */

/** Where loading the signed-in account stands (loaded once per token). */
export type AccountState<I> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; info: I | null | undefined }
  | { status: 'failed'; message: string };

/** Text shown when the account info came back empty (spec section 8). */
export const EMPTY_ACCOUNT_MESSAGE = '请重新登录';

/** The `token` query parameter: null when absent; `{ token: null }` for the literal `null` (clears it). */
export function readTokenParam(search: string): { token: string | null; rest: string } | null {
  const params = new URLSearchParams(search);
  const value = params.get('token');
  if (value === null) return null;
  params.delete('token');
  const rest = params.toString();
  return {
    token: value === 'null' || value.trim() === '' ? null : value.trim(),
    rest: rest ? `?${rest}` : '',
  };
}

/** The `unitId` query parameter (`?unitId=12`) as a positive safe integer; anything else is undefined. */
export function readUnitIdParam(search: string): number | undefined {
  const value = new URLSearchParams(search).get('unitId')?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  const unitId = Number(value);
  return Number.isSafeInteger(unitId) && unitId > 0 ? unitId : undefined;
}

/** The decisions both apps' navigation guards make (each adds its own ways to sign in and end a session). */
export type SharedGuardDecision =
  /** A `token` query parameter: keep it (or clear it for the text `null`), then go on without it. */
  | { kind: 'adopt-token'; token: string | null; to: string }
  | { kind: 'proceed' }
  | { kind: 'redirect'; to: string }
  /** Load the account info (once), then decide again. */
  | { kind: 'load-account' }
  /** The account info (or what else the guard needs) is on its way. */
  | { kind: 'wait' };

/** The first rule of both guards: a `token` query parameter is adopted, then `path` opens without it. */
export function tokenAdoption(
  path: string,
  search: string,
): Extract<SharedGuardDecision, { kind: 'adopt-token' }> | null {
  const param = readTokenParam(search);
  return param && { kind: 'adopt-token', token: param.token, to: `${path}${param.rest}` };
}

/** What a guard does about the account of a token: load it, wait, end the session, or look at it. */
export type AccountStep<I extends { roleRP?: unknown }> =
  | { kind: 'load-account' }
  | { kind: 'wait' }
  /** Loading failed: the session ends with `message` (respDesc, else `Has Error`). */
  | { kind: 'failed'; message: string }
  /** The info (or its role) came back empty: the session ends with EMPTY_ACCOUNT_MESSAGE. */
  | { kind: 'empty' }
  | { kind: 'ready'; info: I & { roleRP: NonNullable<I['roleRP']> } };

/**
 * The account step of both guards once a token is held: an unloaded account is loaded (once), a
 * loading one waited for, a failed or empty one ends the session; a loaded one with a role is ready.
 */
export function accountStep<I extends { roleRP?: unknown }>(account: AccountState<I>): AccountStep<I> {
  switch (account.status) {
    case 'idle':
      return { kind: 'load-account' };
    case 'loading':
      return { kind: 'wait' };
    case 'failed':
      return { kind: 'failed', message: account.message || RESP_DESC.ROUTE_GUARD };
    case 'ready': {
      const { info } = account;
      if (!info?.roleRP) return { kind: 'empty' };
      return { kind: 'ready', info: info as I & { roleRP: NonNullable<I['roleRP']> } };
    }
  }
}
