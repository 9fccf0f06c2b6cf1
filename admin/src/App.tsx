import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from './components/PageLoading';
import { ScrollToTop } from './components/ScrollToTop';
import { NavigationGuard } from './router/NavigationGuard';
import { HOME_PATH, NOT_FOUND_PATH } from './router/paths';
import { flattenPages } from './router/route-tree';
import { ForbiddenPage, LoginPage, NotFoundPage, RedirectPage, ROUTE_TREE } from './router/routes';
import { ROUTER_BASENAME } from './router-base';
import { AppConfigProvider } from './theme';

/** The shell is its own chunk: the sign-in page does not load the layout, menu and route search. */
const BasicLayout = lazy(() =>
  import('./layout/BasicLayout').then((module) => ({ default: module.BasicLayout })),
);

/** Every page of the route table, as routes of the layout (the guard decides who may open them). */
const pageRoutes = flattenPages(ROUTE_TREE).map(({ path, screen: Screen }) => (
  <Route key={path} path={path.slice(1)} element={Screen ? <Screen /> : null} />
));

/**
 * The route table of the back office (paths below /admin), behind the navigation guard: sign-in,
 * the error pages, and the layout with the refresh helper and every page; unknown paths go to /404.
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<NavigationGuard />}>
            <Route path="admin-login" element={<LoginPage />} />
            <Route path="401" element={<ForbiddenPage />} />
            <Route path="404" element={<NotFoundPage />} />
            <Route element={<BasicLayout />}>
              <Route index element={<Navigate to={HOME_PATH} replace />} />
              <Route path="redirect/*" element={<RedirectPage />} />
              {pageRoutes}
            </Route>
            <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}

/** The back office in history mode under /admin. */
export function App() {
  return (
    <AppConfigProvider>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </AppConfigProvider>
  );
}
