import { Description, Replay, Search, WarningO } from '@react-vant/icons';
import type { ReactNode } from 'react';
import { Empty } from 'react-vant';
import './empty-state.css';

/** What an empty or failed state is about; each has its own icon. */
export type EmptyKind = 'default' | 'error' | 'search' | 'network';

const ICONS: Record<EmptyKind, ReactNode> = {
  default: <Description />,
  error: <WarningO />,
  search: <Search />,
  network: <Replay />,
};

/**
 * react-vant's Empty with an icon drawn locally: its own images are fetched from a CDN, which the
 * site must not depend on (and which a closed network never shows).
 */
export function EmptyState({
  kind = 'default',
  image,
  description,
  children,
}: {
  kind?: EmptyKind;
  /** Replaces the icon (e.g. a big status code). */
  image?: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Empty
      className="empty-state"
      image={image ?? <span className={`empty-state__icon empty-state__icon--${kind}`}>{ICONS[kind]}</span>}
      description={description}
    >
      {children}
    </Empty>
  );
}
