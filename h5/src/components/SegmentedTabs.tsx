import { type KeyboardEvent, useId } from 'react';
import './segmented-tabs.css';

export interface SegmentedTab<K extends string> {
  key: K;
  title: string;
}

export interface SegmentedTabsProps<K extends string> {
  tabs: readonly SegmentedTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The accessible name of the tab list. */
  label: string;
}

/**
 * A row of tabs in react-vant's look (line under the active one), without react-vant's Tabs and
 * the animation and gesture libraries it brings, which would not fit the sign-in page's bundle
 * budget. Accessible: `tablist` / `tab`, arrow keys move between tabs.
 */
export function SegmentedTabs<K extends string>({ tabs, active, onChange, label }: SegmentedTabsProps<K>) {
  const id = useId();
  const move = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (next) onChange(next.key);
  };
  return (
    <div className="segmented-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          id={`${id}-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={`segmented-tabs__tab${tab.key === active ? ' segmented-tabs__tab--active' : ''}`}
          onClick={() => onChange(tab.key)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
