import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * The refresh helper `/redirect/<path>`: goes straight back to `<path>` (with the query), so the
 * page there is mounted afresh. Used by "refresh" on a tab.
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
