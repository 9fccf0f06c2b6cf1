import { Button, Card, Descriptions, type DescriptionsProps, Result } from 'antd';
import { PageLoading } from '../../components/PageLoading';
import { useSystemInfo } from '../../hooks/useSystemInfo';

/** The back office's home: the project's titles and version from the system-info call. */
export function HomePage() {
  const systemInfo = useSystemInfo();
  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error') {
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={systemInfo.message}
        extra={
          <Button type="primary" onClick={systemInfo.reload}>
            重新加载
          </Button>
        }
      />
    );
  }
  const { title, shortTitle, versionCode } = systemInfo.settings;
  const items: DescriptionsProps['items'] = [
    { key: 'title', label: '平台名称', children: title },
    { key: 'shortTitle', label: '平台简称', children: shortTitle || '—' },
    { key: 'versionCode', label: '版本号', children: versionCode || '—' },
  ];
  return (
    <Card title="首页">
      <Descriptions column={1} items={items} />
    </Card>
  );
}
