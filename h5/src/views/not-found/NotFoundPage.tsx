import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Empty } from 'react-vant';
import './not-found.css';

/** The page every unknown path is sent to. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = '页面不存在';
  }, []);
  return (
    <div className="page page--centered">
      <Empty image={<span className="not-found__code">404</span>} description="页面不存在">
        <Link to="/" replace className="not-found__home">
          返回首页
        </Link>
      </Empty>
    </div>
  );
}
