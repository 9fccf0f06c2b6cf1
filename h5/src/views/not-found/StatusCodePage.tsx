import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';

import './not-found.css';

export interface StatusCodePageProps {
  /** The status shown large (404, 401). */
  code: string;
  /** Why the page cannot be shown. */
  description: string;
}

/** A page that cannot be shown: its status code, why, and a way home (返回首页). */
export function StatusCodePage({ code, description }: StatusCodePageProps) {
  return (
    <div className="page page--centered">
      <EmptyState image={<span className="not-found__code">{code}</span>} description={description}>
        <Link to="/" replace className="not-found__home">
          返回首页
        </Link>
      </EmptyState>
    </div>
  );
}
