import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../router/paths';

/**
 * The page of a route the signed-in role was not granted (`/401`, the spec's path): signed in but not
 * allowed, so it says 403 无权限 (401 would mean "not signed in").
 */
export function ForbiddenPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = '无权限';
  }, []);
  return (
    <Result
      status="403"
      title="403 无权限"
      subTitle="抱歉，您没有访问该页面的权限，如需开通请联系管理员"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
