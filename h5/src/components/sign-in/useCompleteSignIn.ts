import type { LoginAnswer } from '@px/api/contract';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { setTokenAtom } from '../../store/session';

/**
 * What every way of signing in ends with: the token is kept (cookie + store; the guard loads the
 * account) and the student goes on to `target`, replacing the sign-in page in the history.
 */
export function useCompleteSignIn(): (answer: Pick<LoginAnswer, 'tokenCode'>, target: string) => void {
  const setToken = useSetAtom(setTokenAtom);
  const navigate = useNavigate();
  return useCallback(
    (answer, target) => {
      setToken(answer.tokenCode);
      navigate(target, { replace: true });
    },
    [setToken, navigate],
  );
}
