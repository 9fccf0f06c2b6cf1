import { Link } from 'react-router-dom';
import { Empty } from 'react-vant';
import '../not-found/not-found.css';

/** /401: the page a student is sent to when something may not be opened, with a way home. */
export function ForbiddenPage() {
  return (
    <div className="page page--centered">
      <Empty image={<span className="not-found__code">401</span>} description="没有权限访问该页面">
        <Link to="/" replace className="not-found__home">
          返回首页
        </Link>
      </Empty>
    </div>
  );
}
