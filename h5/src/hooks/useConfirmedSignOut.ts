import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from 'react-vant';
import { LOGIN_PATH } from '../router/paths';
import { logoutAtom } from '../store/session';

export interface SignOutQuestion {
  /** The confirmation dialog's title. */
  title: string;
  /** What the student is asked to confirm. */
  message: string;
}

/**
 * Signing out after a confirmation: the returned function asks `question`; once confirmed it ends
 * the session (`login/login-out`, token removed) and opens /login. Cancelling leaves everything as
 * it is. Never rejects.
 */
export function useConfirmedSignOut(): (question: SignOutQuestion) => Promise<void> {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  return useCallback(
    async (question: SignOutQuestion) => {
      try {
        await Dialog.confirm(question);
      } catch {
        return;
      }
      await logout();
      navigate(LOGIN_PATH, { replace: true });
    },
    [logout, navigate],
  );
}
