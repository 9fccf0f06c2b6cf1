import { readUnitIdParam } from '@px/config';
import { Result } from 'antd';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback';
import { PageLoading } from '../components/PageLoading';
import { isEmbedded } from '../session/embedded';
import { onUnauthorized } from '../session/unauthorized';
import { loadSystemInfoAtom, unitIdAtom } from '../store/project';
import {
  accountStateAtom,
  loadAccountInfoAtom,
  permittedRoutesAtom,
  setTokenAtom,
  signedOutAtom,
  tokenAtom,
} from '../store/session';
import { decideNavigation, type GuardDecision, type SignInStep } from './guard';
import { LOGIN_PATH } from './paths';
import { ROUTE_TABLE } from './route-table';
import { normalizePath } from './route-tree';

/** How long an embedded back office waits before asking its parent frame to go home. */
export const GO_HOME_DELAY_MS = 2000;
/** The message posted to the parent frame instead of showing the sign-in page. */
export const GO_HOME_MESSAGE = 'goHome';

/**
 * The navigation guard of spec section 2 around every route: decides with the pure
 * `decideNavigation` and carries the decision out (token, account info, messages, redirects,
 * the `goHome` message to a parent frame). Renders the route only when it may be shown.
 */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const account = useAtomValue(accountStateAtom);
  const permitted = useAtomValue(permittedRoutesAtom);
  const [signedOut, setSignedOut] = useAtom(signedOutAtom);
  const setToken = useSetAtom(setTokenAtom);
  const loadAccount = useSetAtom(loadAccountInfoAtom);
  const embedded = useMemo(isEmbedded, []);

  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    token,
    account,
    routes: ROUTE_TABLE,
    permitted,
    embedded,
    signedOut,
  });
  const decisionKey = JSON.stringify(decision);

  // Any call answered with 401 ends the session; the guard then sends the person to sign in.
  useEffect(() => onUnauthorized(() => setToken(undefined)), [setToken]);

  // Signing out leads to the sign-in page without `redirect`; once there, later visits ask for it again.
  useEffect(() => {
    if (signedOut && normalizePath(location.pathname) === LOGIN_PATH) setSignedOut(false);
  }, [signedOut, location.pathname, setSignedOut]);

  // `unitId` of the address selects the project whose settings are shown.
  useEffect(() => {
    const unitId = readUnitIdParam(location.search);
    if (unitId === undefined || unitId === store.get(unitIdAtom)) return;
    store.set(unitIdAtom, unitId);
    void store.set(loadSystemInfoAtom, { force: true });
  }, [location.search, store]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the decision (by value) is what changed
  useEffect(() => {
    const follow = (step: SignInStep | { kind: 'proceed' }) => {
      if (step.kind === 'login') navigate(step.to, { replace: true });
      if (step.kind !== 'parent-go-home') return undefined;
      const timer = window.setTimeout(
        () => window.parent.postMessage(GO_HOME_MESSAGE, '*'),
        GO_HOME_DELAY_MS,
      );
      return () => window.clearTimeout(timer);
    };
    switch (decision.kind) {
      case 'adopt-token':
        setToken(decision.token ?? undefined);
        navigate(decision.to, { replace: true });
        return undefined;
      case 'load-account':
        void loadAccount();
        return undefined;
      case 'redirect':
        navigate(decision.to, { replace: true });
        return undefined;
      case 'sign-in':
        return follow(decision.step);
      case 'end-session':
        if (decision.message) feedback.showErrorMessage(decision.message);
        setToken(undefined);
        return follow(decision.next);
      case 'proceed':
      case 'wait':
        return undefined;
    }
  }, [decisionKey, location.key]);

  return renderDecision(decision);
}

function waitsForParent(decision: GuardDecision): boolean {
  return (
    (decision.kind === 'sign-in' && decision.step.kind === 'parent-go-home') ||
    (decision.kind === 'end-session' && decision.next.kind === 'parent-go-home')
  );
}

function renderDecision(decision: GuardDecision) {
  if (decision.kind === 'proceed') return <Outlet />;
  if (waitsForParent(decision))
    return <Result status="warning" title="登录状态已失效" subTitle="正在返回首页…" />;
  return <PageLoading />;
}
