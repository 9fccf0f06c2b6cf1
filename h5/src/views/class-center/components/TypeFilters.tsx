import type { ClassBaseType, ClassCenterCategory } from '@px/api/contract';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { BASE_TYPE_LABEL, type MajorSelection } from '../class-types';

/** One row of choices (全部 first), the chosen one (by id) pressed. */
function ChoiceRow({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ClassCenterCategory[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const choices = [{ id: null, name: '全部' }, ...options];
  return (
    <fieldset className="class-center__choices" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.id ?? 'all'}
          type="button"
          aria-pressed={choice.id === value}
          className={`class-center__choice${choice.id === value ? ' class-center__choice--active' : ''}`}
          onClick={() => onChange(choice.id)}
        >
          {choice.name}
        </button>
      ))}
    </fieldset>
  );
}

export interface TypeFiltersProps {
  /** The base types offered; tabs show when there are two. */
  baseTypes: readonly ClassBaseType[];
  activeBase: ClassBaseType;
  onBaseChange: (type: ClassBaseType) => void;
  /** The major types of the active base type (tree model) with their children; null outside the tree model. */
  tree: readonly ClassCenterCategory[] | null;
  selection: MajorSelection;
  onSelect: (selection: MajorSelection) => void;
}

/**
 * The class type filters: base type tabs, and in the tree model a row of major types (专业类型) and,
 * under a chosen one with children, a row of its major children (专业子类).
 */
export function TypeFilters({
  baseTypes,
  activeBase,
  onBaseChange,
  tree,
  selection,
  onSelect,
}: TypeFiltersProps) {
  const children = tree?.find((node) => node.id === selection.major)?.children ?? [];
  return (
    <>
      {baseTypes.length > 1 && (
        <SegmentedTabs
          label="班级类型"
          tabs={baseTypes.map((type) => ({ key: type, title: BASE_TYPE_LABEL[type] }))}
          active={activeBase}
          onChange={onBaseChange}
        />
      )}
      {tree && tree.length > 0 && (
        <ChoiceRow
          label="专业类型"
          options={tree}
          value={selection.major}
          onChange={(major) => onSelect({ major, child: null })}
        />
      )}
      {selection.major !== null && children.length > 0 && (
        <ChoiceRow
          label="专业子类"
          options={children}
          value={selection.child}
          onChange={(child) => onSelect({ major: selection.major, child })}
        />
      )}
    </>
  );
}
