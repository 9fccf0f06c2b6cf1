import { Link } from 'react-router-dom';
import { Empty } from 'react-vant';
import './not-found.css';

/** The page every unknown path is sent to (/404), with a way home. */
export function NotFoundPage() {
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
