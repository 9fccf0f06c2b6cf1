import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from 'react-vant';
import { ScrollToTop } from './components/ScrollToTop';

// Route-level code splitting: each screen is its own chunk.
const HomePage = lazy(() => import('./views/home/HomePage').then((module) => ({ default: module.HomePage })));
const NotFoundPage = lazy(() =>
  import('./views/not-found/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

function PageLoading() {
  return (
    <div className="page page--centered">
      <Loading />
    </div>
  );
}

/** The route table of the site; unknown paths go to /404. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

/** The site in history mode. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
