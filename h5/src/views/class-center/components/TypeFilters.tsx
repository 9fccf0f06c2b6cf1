import type { ClassBaseType } from '@px/api/contract';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { BASE_TYPE_LABEL, type MajorSelection, type MajorTypeNode } from '../class-types';

/** One row of choices (全部 first), the chosen one pressed. */
function ChoiceRow({
  label,
  names,
  value,
  onChange,
}: {
  label: string;
  names: readonly string[];
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  const choices = [
    { key: '', name: null, title: '全部' },
    ...names.map((name) => ({ key: name, name, title: name })),
  ];
  return (
    <fieldset className="class-center__choices" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.key}
          type="button"
          aria-pressed={choice.name === value}
          className={`class-center__choice${choice.name === value ? ' class-center__choice--active' : ''}`}
          onClick={() => onChange(choice.name)}
        >
          {choice.title}
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
  /** The major types (tree model) with their children; null outside the tree model. */
  tree: readonly MajorTypeNode[] | null;
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
  const children = tree?.find((node) => node.name === selection.major)?.children ?? [];
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
          names={tree.map((node) => node.name)}
          value={selection.major}
          onChange={(major) => onSelect({ major, child: null })}
        />
      )}
      {selection.major && children.length > 0 && (
        <ChoiceRow
          label="专业子类"
          names={children}
          value={selection.child}
          onChange={(child) => onSelect({ major: selection.major, child })}
        />
      )}
    </>
  );
}
