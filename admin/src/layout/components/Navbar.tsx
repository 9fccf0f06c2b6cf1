import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { Button } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { deviceAtom, mobileDrawerOpenAtom, setSidebarOpenedAtom, sidebarOpenedAtom } from '../../store/app';
import { AppBreadcrumb } from './AppBreadcrumb';
import { HeaderSearch } from './HeaderSearch';
import { ImpersonationTag } from './ImpersonationTag';
import { Screenfull } from './Screenfull';
import { SizeSelect } from './SizeSelect';
import { ThemePicker } from './ThemePicker';
import { UserMenu } from './UserMenu';

/**
 * The top bar: the sidebar switch (on a mobile device it opens the drawer), the breadcrumb, and on
 * the right the super-account tag (while signed in as another account), route search, full screen,
 * size, theme colour and the account menu.
 */
export function Navbar() {
  const device = useAtomValue(deviceAtom);
  const opened = useAtomValue(sidebarOpenedAtom);
  const setOpened = useSetAtom(setSidebarOpenedAtom);
  const drawerOpen = useAtomValue(mobileDrawerOpenAtom);
  const setDrawerOpen = useSetAtom(mobileDrawerOpenAtom);
  const mobile = device === 'mobile';
  const expanded = mobile ? drawerOpen : opened;

  return (
    <header className="app-navbar">
      <Button
        type="text"
        className="app-navbar__hamburger"
        aria-label={expanded ? '收起菜单' : '展开菜单'}
        aria-expanded={expanded}
        icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={() => (mobile ? setDrawerOpen(!drawerOpen) : setOpened(!opened))}
      />
      <AppBreadcrumb />
      <div className="app-navbar__right">
        <ImpersonationTag />
        {!mobile && (
          <>
            <HeaderSearch />
            <Screenfull />
            <SizeSelect />
            <ThemePicker />
          </>
        )}
        <UserMenu />
      </div>
    </header>
  );
}
