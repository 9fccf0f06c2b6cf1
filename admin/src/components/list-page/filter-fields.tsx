import { Form, Input, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import { labelOptions } from '../../utils/label-options';
import { type DateRange, rangeBounds } from '../date-range';

/** The day-range picker, loaded by the lists that filter by days only (the date pickers are large). */
const LazyDateRangeField = lazy(() =>
  import('../DateFields').then((module) => ({ default: module.DateRangeField })),
);

/** The day-range field as a form field (the form gives it its id, value and onChange). */
function DateRangeField(props: ComponentProps<typeof LazyDateRangeField>) {
  return (
    <Suspense fallback={null}>
      <LazyDateRangeField {...props} />
    </Suspense>
  );
}

type Key<F> = Extract<keyof F, string>;

/**
 * The 学员 filter of the lists that find a student by part of the name or the whole ID number or
 * mobile (their call's `student`); spread it to name it 考生 or widen it.
 */
export const STUDENT_FILTER = {
  kind: 'text',
  name: 'student',
  label: '学员',
  placeholder: '姓名、身份证号或手机号',
  maxLength: 50,
  width: 190,
} as const;

interface FieldBase {
  label: string;
  /** The control's width in pixels. */
  width?: number;
  /** Checks of the field's value before a search (a search with a wrong value does not run). */
  rules?: Rule[];
}

/** A choice of a select filter. */
export interface FilterOption {
  value: string | number | boolean;
  label: ReactNode;
  disabled?: boolean;
}

/** Choices under a heading (roles by role system). */
export interface FilterOptionGroup {
  label: ReactNode;
  title?: string;
  options: FilterOption[];
}

/** A node of a tree filter (a category tree). */
export interface FilterTreeNode {
  value: number | string;
  title: ReactNode;
  children?: FilterTreeNode[];
}

/**
 * A control of the page's own: sent as the filter it is named after, or, with `toFilters`, mapped to
 * the filters it stands for (a region path sent as its last code); `fromFilters` is the control's
 * value for filters the list starts with (a filter the address set).
 */
type CustomField<F> = FieldBase & { kind: 'custom'; control: ReactNode } & (
    | { name: Key<F>; toFilters?: undefined; fromFilters?: undefined }
    | {
        name: string;
        // biome-ignore lint/suspicious/noExplicitAny: the control's value is the page's own.
        toFilters: (value: any) => Partial<F>;
        fromFilters?: (filters: F) => unknown;
      }
  );

/**
 * One field of a list's filter bar, as a table entry: a text (trimmed, blank means no filter), a
 * choice (or several), a choice in a tree, a day range sent as the call's from/to pair, or a control
 * of the page's own.
 */
export type FilterField<F> =
  | (FieldBase & {
      kind: 'text';
      name: Key<F>;
      placeholder?: string;
      maxLength?: number;
      /** Sent in capitals (a credit code). */
      upperCase?: boolean;
    })
  | (FieldBase & {
      kind: 'select';
      name: Key<F>;
      options: readonly (FilterOption | FilterOptionGroup)[];
      /** Type to narrow the options by their label. */
      searchable?: boolean;
      /** Type to ask the server for options (the page loads them; the options are not narrowed here). */
      onSearch?: (text: string) => void;
      /** The options are still loading. */
      loading?: boolean;
      /** Several choices, sent as a list (none chosen: no filter). */
      multiple?: boolean;
    })
  | (FieldBase & { kind: 'tree'; name: Key<F>; treeData: readonly FilterTreeNode[] })
  | (FieldBase & { kind: 'dateRange'; name: string; from: Key<F>; to: Key<F> })
  | CustomField<F>;

/** A select filter over a closed set of values (a status, a kind), each named by its label. */
export function labelSelect<F, V extends string | number>(
  name: Key<F>,
  label: string,
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
  width: number,
): FilterField<F> {
  return { kind: 'select', name, label, options: labelOptions(values, labels), width };
}

/** The filter bar's fields from their table. */
export function FilterFields<F>({ fields }: { fields: readonly FilterField<F>[] }) {
  return (
    <>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name as string} label={field.label} rules={field.rules}>
          {control(field)}
        </Form.Item>
      ))}
    </>
  );
}

function searchOf(field: Extract<FilterField<unknown>, { kind: 'select' }>) {
  if (field.onSearch) return { filterOption: false, onSearch: field.onSearch };
  return field.searchable ? { optionFilterProp: 'label' } : undefined;
}

function control<F>(field: FilterField<F>): ReactNode {
  const style = field.width ? { width: field.width } : undefined;
  switch (field.kind) {
    case 'text':
      return <Input allowClear maxLength={field.maxLength} placeholder={field.placeholder} style={style} />;
    case 'select':
      return (
        <Select
          allowClear
          placeholder="全部"
          mode={field.multiple ? 'multiple' : undefined}
          options={field.options as (FilterOption | FilterOptionGroup)[]}
          loading={field.loading}
          showSearch={searchOf(field as Extract<FilterField<unknown>, { kind: 'select' }>)}
          style={field.multiple && field.width ? { minWidth: field.width } : style}
        />
      );
    case 'tree':
      return (
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="全部"
          treeData={field.treeData as FilterTreeNode[]}
          style={style}
        />
      );
    case 'dateRange':
      return <DateRangeField style={style} />;
    case 'custom':
      return field.control;
  }
}

/**
 * The call's filters from the bar's values: texts trimmed, blanks and empty choices left out, day
 * ranges as from/to, a page's own control through its mapping.
 */
export function filtersFromValues<F>(fields: readonly FilterField<F>[], values: Record<string, unknown>): F {
  const filters: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'dateRange') {
      const { from, to } = rangeBounds(value as DateRange | undefined);
      filters[field.from] = from;
      filters[field.to] = to;
    } else if (field.kind === 'custom' && field.toFilters) {
      Object.assign(filters, field.toFilters(value ?? undefined));
    } else if (field.kind === 'text') {
      const text = typeof value === 'string' ? value.trim() || undefined : undefined;
      filters[field.name] = field.upperCase ? text?.toUpperCase() : text;
    } else if (Array.isArray(value)) {
      filters[field.name] = value.length ? value : undefined;
    } else {
      filters[field.name] = value ?? undefined;
    }
  }
  return filters as F;
}

/**
 * The bar's first values for the filters a list starts with (a filter the address set), so what the
 * list shows and what the bar says agree.
 */
export function valuesFromFilters<F>(fields: readonly FilterField<F>[], filters: F): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const source = filters as Record<string, unknown>;
  for (const field of fields) {
    let value: unknown;
    if (field.kind === 'dateRange') {
      const from = source[field.from];
      const to = source[field.to];
      value = from && to ? [from, to] : undefined;
    } else if (field.kind === 'custom' && field.toFilters) value = field.fromFilters?.(filters);
    else value = source[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}
