import type { SystemInfo } from '@px/api/contract';
import type { ReactNode } from 'react';
import { PageError, PageLoading } from '../../../components/PageState';
import { useSystemInfo } from '../../../hooks/useSystemInfo';

/**
 * Shows `children` with the project settings once they are loaded (the class centre and the entry
 * pages depend on them), the whole-page loading state before, and the error with a retry if they fail.
 */
export function WithSettings({ children }: { children: (settings: SystemInfo) => ReactNode }) {
  const systemInfo = useSystemInfo();
  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  return <>{children(systemInfo.settings)}</>;
}
