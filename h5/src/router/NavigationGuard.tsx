import { readUnitIdParam } from '@px/config';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback';
import { PageLoading } from '../components/PageState';
import { TabBar } from '../components/TabBar';
import { readEmbedded } from '../session/embedded';
import { onUnauthorized } from '../session/unauthorized';
import { loadSystemInfoAtom, systemInfoStateAtom, unitIdAtom } from '../store/project';
import { accountStateAtom, loadAccountInfoAtom, setTokenAtom, tokenAtom } from '../store/session';
import { isWechatBrowser } from '../wechat/is-wechat-browser';
import { startWechatOauth } from '../wechat/oauth';
import { decideNavigation, documentTitleFor, type ProjectLoginState } from './guard';
import { EmbeddedEnded, findRoute } from './routes';

/**
 * The navigation guard of spec section 2 around every route: decides with the pure
 * `decideNavigation` and carries the decision out (token, account info, messages, redirects,
 * WeChat OAuth), sets the document title from the route meta and the project title, and shows the
 * route (with the tab bar when its meta asks for it) only when it may be shown.
 */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const account = useAtomValue(accountStateAtom);
  const systemInfo = useAtomValue(systemInfoStateAtom);
  const setToken = useSetAtom(setTokenAtom);
  const loadAccount = useSetAtom(loadAccountInfoAtom);
  const loadSystemInfo = useSetAtom(loadSystemInfoAtom);
  const wechatBrowser = useMemo(() => isWechatBrowser(), []);
  const route = findRoute(location.pathname);
  // The OAuth journey started (StrictMode runs effects twice; the page is leaving anyway).
  const oauthStarted = useRef<string | null>(null);

  const project: ProjectLoginState =
    systemInfo.status === 'ready'
      ? { status: 'ready', loginType: systemInfo.settings.loginType }
      : systemInfo.status === 'error'
        ? { status: 'error' }
        : { status: 'loading' };
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    route: route?.meta,
    token,
    account,
    wechatBrowser,
    project,
    embedded: readEmbedded() !== null,
  });
  const decisionKey = JSON.stringify(decision);

  // Any call answered with 401 ends the session; the guard then sends the student to sign in.
  useEffect(() => onUnauthorized(() => setToken(undefined)), [setToken]);

  // `unitId` of the address selects the unit (and so the project) whose settings are shown; set
  // before the screens' own effects ask for the settings.
  useLayoutEffect(() => {
    const unitId = readUnitIdParam(location.search);
    if (unitId !== undefined && unitId !== store.get(unitIdAtom)) {
      store.set(unitIdAtom, unitId);
      if (store.get(systemInfoStateAtom).status !== 'idle') {
        void loadSystemInfo({ force: true });
        return;
      }
    }
    void loadSystemInfo();
  }, [location.search, store, loadSystemInfo]);

  // The title WeChat shows: the page's, then the project's.
  const projectTitle = systemInfo.status === 'ready' ? systemInfo.settings.title : undefined;
  useEffect(() => {
    if (route) document.title = documentTitleFor(route.meta.title, projectTitle);
  }, [route, projectTitle]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the decision (by value) is what changed
  useEffect(() => {
    switch (decision.kind) {
      case 'adopt-token':
        setToken(decision.token ?? undefined);
        navigate(decision.to, { replace: true });
        return;
      case 'load-account':
        void loadAccount();
        return;
      case 'redirect':
        navigate(decision.to, { replace: true });
        return;
      case 'sign-in':
        navigate(decision.to, { replace: true });
        return;
      case 'wechat-oauth': {
        const fallback = decision.fallback;
        if (oauthStarted.current === decision.redirect) return;
        oauthStarted.current = decision.redirect;
        startWechatOauth(decision.redirect, store.get(unitIdAtom)).catch(() => {
          oauthStarted.current = null;
          navigate(fallback, { replace: true });
        });
        return;
      }
      case 'end-session':
        if (decision.message) feedback.showErrorMessage(decision.message);
        setToken(undefined);
        return;
      case 'proceed':
      case 'wait':
      case 'embedded-ended':
        return;
    }
  }, [decisionKey, location.key]);

  // Inside a partner's frame a visit without a session ends here (and the parent hears `goHome`).
  if (decision.kind === 'embedded-ended')
    return (
      <Suspense fallback={<PageLoading />}>
        <EmbeddedEnded reason="SESSION_ENDED" />
      </Suspense>
    );
  if (decision.kind !== 'proceed') return <PageLoading />;
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {route?.meta.tabBar && <TabBar />}
    </>
  );
}
