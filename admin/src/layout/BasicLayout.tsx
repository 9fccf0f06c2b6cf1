import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useSystemInfo } from '../hooks/useSystemInfo';
import './basic-layout.css';

/** The frame of the signed-in screens: a header with the project's back-office title above the page. */
export function BasicLayout() {
  const systemInfo = useSystemInfo();
  const projectTitle = systemInfo.status === 'ready' ? systemInfo.settings.projectTitle : undefined;
  useDocumentTitle(projectTitle);
  return (
    <Layout className="basic-layout">
      <Layout.Header className="basic-layout__header">
        <h1 className="basic-layout__title">{projectTitle}</h1>
      </Layout.Header>
      <Layout.Content className="basic-layout__content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
