import type { AccountInfo } from '@px/api/contract';
import { grantedMenuTree, type RoleSystem } from '@px/config';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../App';
import { AppConfigProvider } from '../theme';

/** Shows where the router is, for assertions (`screen.getByTestId('location')`). */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Sets or removes the `token` cookie as a previous sign-in would have. */
export function setTokenCookie(token: string | undefined): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie
  document.cookie = token
    ? `token=${token}; path=/`
    : 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** The account info get-account-info answers for a role granted these back-office URLs. */
export function buildAccountInfo(
  urls: string[],
  overrides: { roleSystem?: RoleSystem; roleName?: string; userName?: string } = {},
): AccountInfo {
  return {
    accountId: 3,
    userName: overrides.userName ?? '李管理',
    imagePath: null,
    projectId: 7,
    unitId: null,
    roleRP: {
      roleName: overrides.roleName ?? '项目管理员',
      roleSystem: overrides.roleSystem ?? 2,
      menu: grantedMenuTree(urls),
    },
    impersonatedBy: null,
  };
}

/** Renders the whole back office at `path` with a fresh store (the cookie is read when first needed). */
export function renderApp(path: string) {
  const store = createStore();
  const result = render(
    <Provider store={store}>
      <AppConfigProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppConfigProvider>
    </Provider>,
  );
  return { ...result, store };
}
