import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ScrollToTop } from './components/ScrollToTop';
import { NavigationGuard } from './router/NavigationGuard';
import { NOT_FOUND_PATH } from './router/paths';
import { ROUTES } from './router/routes';

/** The route table of the site behind the navigation guard; unknown paths go to /404. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<NavigationGuard />}>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path} caseSensitive element={route.element} />
          ))}
          <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
        </Route>
      </Routes>
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
