import { StatusCodePage } from '../not-found/StatusCodePage';

/** /401: the page a student is sent to when something may not be opened, with a way home. */
export function ForbiddenPage() {
  return <StatusCodePage code="401" description="没有权限访问该页面" />;
}
