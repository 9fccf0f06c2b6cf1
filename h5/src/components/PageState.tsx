import type { ReactNode } from 'react';
import { Button, Loading } from 'react-vant';
import { EmptyState } from './EmptyState';

/** The whole-page loading state. */
export function PageLoading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className="page page--centered">
      <Loading vertical>{text}</Loading>
    </div>
  );
}

/** The whole-page error state: what failed, and a button that tries again. */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="page page--centered">
      <EmptyState kind="network" description={message}>
        <Button round type="primary" className="page-state__button" onClick={onRetry}>
          重新加载
        </Button>
      </EmptyState>
    </div>
  );
}

/** A whole-page message with an optional action (an empty list, a link that cannot be used). */
export function PageMessage({
  image = 'default',
  description,
  children,
}: {
  image?: 'default' | 'error' | 'search' | 'network';
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="page page--centered">
      <EmptyState kind={image} description={description}>
        {children}
      </EmptyState>
    </div>
  );
}
