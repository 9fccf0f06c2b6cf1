import { Menu, type MenuProps } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buildSidebarMenu, openSectionsFor, type SidebarItem } from '../../router/access';
import { menuKeyOf } from '../../router/editor-pages';
import { DEFAULT_MENU_ICON, MENU_ICONS } from '../../router/routes';
import { projectSettingsAtom } from '../../store/project';
import { permittedRoutesAtom } from '../../store/session';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(items: readonly SidebarItem[], nested = false): MenuItem[] {
  return items.map((item) => {
    const icon = nested ? undefined : (MENU_ICONS[item.topPath] ?? DEFAULT_MENU_ICON);
    if (item.children) {
      return { key: item.path, icon, label: item.title, children: toMenuItems(item.children, true) };
    }
    return { key: item.path, icon, label: <Link to={item.path}>{item.title}</Link> };
  });
}

/**
 * The sidebar: the project's title and the menu of the permitted routes (hidden pages omitted),
 * the current page selected and its section open.
 */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const routes = useAtomValue(permittedRoutesAtom);
  const settings = useAtomValue(projectSettingsAtom);
  const { pathname, search } = useLocation();
  const items = useMemo(() => toMenuItems(buildSidebarMenu(routes)), [routes]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openSectionsFor(routes, pathname));

  useEffect(() => {
    const sections = openSectionsFor(routes, pathname);
    setOpenKeys((open) => [...new Set([...open, ...sections])]);
  }, [routes, pathname]);

  return (
    <nav className="app-sidebar" aria-label="主菜单">
      <div className="app-sidebar__logo" title={settings?.projectTitle}>
        <span className="app-sidebar__logo-mark">
          {(settings?.shortTitle || settings?.projectTitle || '').slice(0, 1)}
        </span>
        {!collapsed && <span className="app-sidebar__logo-title">{settings?.projectTitle}</span>}
      </div>
      <Menu
        className="app-sidebar__menu"
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[menuKeyOf(pathname, search)]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </nav>
  );
}
