import { StatusCodePage } from './StatusCodePage';

/** The page every unknown path is sent to (/404), with a way home. */
export function NotFoundPage() {
  return <StatusCodePage code="404" description="页面不存在" />;
}
