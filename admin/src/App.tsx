import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from './components/PageLoading';
import { ScrollToTop } from './components/ScrollToTop';
import { BasicLayout } from './layout/BasicLayout';
import { ROUTER_BASENAME } from './router-base';
import { AppConfigProvider } from './theme';

// Route-level code splitting: each screen is its own chunk.
const HomePage = lazy(() => import('./views/home/HomePage').then((module) => ({ default: module.HomePage })));
const NotFoundPage = lazy(() =>
  import('./views/not-found/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** The route table of the back office (paths below /admin); unknown paths go to /404. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<BasicLayout />}>
            <Route index element={<Navigate to="/home" replace />} />
            <Route path="home" element={<HomePage />} />
          </Route>
          <Route path="404" element={<NotFoundPage />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
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
