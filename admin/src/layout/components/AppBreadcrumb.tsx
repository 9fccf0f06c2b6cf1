import { Breadcrumb } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buildBreadcrumbs } from '../../router/access';
import { HOME_PATH } from '../../router/paths';
import { permittedRoutesAtom } from '../../store/session';

/** Where the current page sits: 首页 / section / page. */
export function AppBreadcrumb() {
  const routes = useAtomValue(permittedRoutesAtom);
  const { pathname, search } = useLocation();
  const items = useMemo(
    () =>
      buildBreadcrumbs(routes, pathname, HOME_PATH, search).map((crumb) => ({
        key: crumb.path ?? crumb.title,
        title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      })),
    [routes, pathname, search],
  );
  return <Breadcrumb className="app-navbar__breadcrumb" items={items} />;
}
