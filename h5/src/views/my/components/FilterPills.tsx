export interface FilterPill<K extends string> {
  key: K;
  title: string;
}

export interface FilterPillsProps<K extends string> {
  pills: readonly FilterPill<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The accessible name of the group. */
  label: string;
}

/** A row of pill buttons of which one is chosen (the hub's list filters: order state, 进行中 / 已结束). */
export function FilterPills<K extends string>({ pills, active, onChange, label }: FilterPillsProps<K>) {
  return (
    <div className="my-filter" role="radiogroup" aria-label={label}>
      {pills.map((pill) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of pill buttons, one of them chosen
        <button
          key={pill.key || 'all'}
          type="button"
          role="radio"
          aria-checked={active === pill.key}
          className={`my-filter__item${active === pill.key ? ' my-filter__item--active' : ''}`}
          onClick={() => onChange(pill.key)}
        >
          {pill.title}
        </button>
      ))}
    </div>
  );
}
