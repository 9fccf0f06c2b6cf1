import { SIDEBAR_WIDTH_PX } from '@px/config';
import { Drawer, Layout } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useSystemInfo } from '../hooks/useSystemInfo';
import { matchRoute } from '../router/access';
import { pageTitleOf } from '../router/editor-pages';
import { deviceAtom, mobileDrawerOpenAtom, sidebarOpenedAtom } from '../store/app';
import { permittedRoutesAtom } from '../store/session';
import { Navbar } from './components/Navbar';
import { Sidebar } from './components/Sidebar';
import { TagsView } from './components/TagsView';
import { useResizeHandler } from './useResizeHandler';
import './basic-layout.css';

/** Width of the sidebar when collapsed to its icons. */
const COLLAPSED_SIDEBAR_WIDTH_PX = 64;

/** The document title of a page: `<page> - <projectTitle>`, or the project title alone. */
export function documentTitleOf(
  pageTitle: string | undefined,
  projectTitle: string | undefined,
): string | undefined {
  if (!projectTitle) return undefined;
  return pageTitle ? `${pageTitle} - ${projectTitle}` : projectTitle;
}

/**
 * The frame of the signed-in screens: the sidebar of permitted routes (210 px, collapsible, a
 * drawer under 992 px), the top bar, the tab bar of visited pages and the page.
 */
export function BasicLayout() {
  useResizeHandler();
  const systemInfo = useSystemInfo();
  const device = useAtomValue(deviceAtom);
  const opened = useAtomValue(sidebarOpenedAtom);
  const drawerOpen = useAtomValue(mobileDrawerOpenAtom);
  const setDrawerOpen = useSetAtom(mobileDrawerOpenAtom);
  const routes = useAtomValue(permittedRoutesAtom);
  const { pathname, search } = useLocation();

  const match = matchRoute(routes, pathname);
  const projectTitle = systemInfo.status === 'ready' ? systemInfo.settings.projectTitle : undefined;
  useDocumentTitle(
    documentTitleOf(
      match.kind === 'page' ? pageTitleOf(pathname, match.route.title, search) : undefined,
      projectTitle,
    ),
  );

  const mobile = device === 'mobile';
  return (
    <Layout className={mobile ? 'app-layout app-layout--mobile' : 'app-layout'} hasSider={!mobile}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          className="app-layout__drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-layout__sider"
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_SIDEBAR_WIDTH_PX}
          collapsed={!opened}
          trigger={null}
        >
          <Sidebar collapsed={!opened} />
        </Layout.Sider>
      )}
      <Layout className="app-layout__main">
        <div className="app-layout__header">
          <Navbar />
          <TagsView />
        </div>
        <Layout.Content className="app-layout__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
