import { Spin } from 'antd';

/** The placeholder of a screen whose code or data is loading. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" description="加载中…" />
    </div>
  );
}
