import { ADMIN_MENU } from '@px/config';
import { type ComponentType, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type * as RouteTable from '../router/route-table';
import { buildRouteTree } from '../router/route-tree';
import type * as Routes from '../router/routes';

/**
 * A stand-in for `router/routes` and `router/route-table` in screen tests: the real shell screens
 * and home, plus simple screens for pages that other issues build, so the shell can be tested with
 * a full menu. Use with
 * `jest.mock('<path>/router/routes', () => jest.requireActual('<path>/testing/mock-routes'))` and
 * `jest.mock('<path>/router/route-table', () => jest.requireActual('<path>/testing/mock-routes'))`.
 */
const actual = jest.requireActual<typeof Routes>('../router/routes');
const actualTable = jest.requireActual<typeof RouteTable>('../router/route-table');

/** The pages given a stand-in screen. */
export const TEST_PAGES = [
  '/account-manage/role',
  '/account-manage/administrator-list',
  '/project-manage/list',
  '/project-manage/setting',
  '/unit-manage/list',
  '/unit-manage/detail',
  '/super-account/index',
  '/train-manage/train-plan-list',
  '/train-manage/train-plan-detail',
];

let mounts = 0;

/** A stand-in screen that names its path and query, and counts how often a screen was mounted. */
function TestScreen() {
  const { pathname, search } = useLocation();
  const [mount] = useState(() => {
    mounts += 1;
    return mounts;
  });
  return <p data-testid="test-screen" data-mount={mount}>{`页面 ${pathname}${search}`}</p>;
}

const screens = new Map<string, Routes.Screen>(actual.SCREENS);
for (const page of TEST_PAGES) screens.set(page, TestScreen as ComponentType as Routes.Screen);

export const SCREENS: typeof actual.SCREENS = screens;
export const ROUTE_TREE: typeof actual.ROUTE_TREE = buildRouteTree(ADMIN_MENU, screens);
export const { LoginPage, ForbiddenPage, NotFoundPage, RedirectPage, MENU_ICONS, DEFAULT_MENU_ICON } = actual;
export const { SCREEN_URLS } = actualTable;
export const ROUTE_TABLE: typeof actualTable.ROUTE_TABLE = buildRouteTree(
  ADMIN_MENU,
  new Map([...screens.keys()].map((url) => [url, url])),
);
