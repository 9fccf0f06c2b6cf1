import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../router/paths';

/** The page of a route the signed-in role was not granted (/401). */
export function ForbiddenPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = '没有权限';
  }, []);
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有访问该页面的权限"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}
