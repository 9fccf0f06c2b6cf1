import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { type DateRange, DateRangeField, rangeBounds } from '../DateFields';

type Key<F> = Extract<keyof F, string>;

interface FieldBase {
  label: string;
  /** The control's width in pixels. */
  width?: number;
}

/**
 * One field of a list's filter bar, as a table entry: a text (trimmed, blank means no filter), a
 * choice, a day range sent as the call's from/to pair, or a control of the page's own.
 */
export type FilterField<F> =
  | (FieldBase & { kind: 'text'; name: Key<F>; placeholder?: string; maxLength?: number })
  | (FieldBase & {
      kind: 'select';
      name: Key<F>;
      options: { value: string | number | boolean; label: ReactNode }[];
      /** Type to narrow the options by their label. */
      searchable?: boolean;
      /** The options are still loading. */
      loading?: boolean;
    })
  | (FieldBase & { kind: 'dateRange'; name: string; from: Key<F>; to: Key<F> })
  | (FieldBase & { kind: 'custom'; name: Key<F>; control: ReactNode });

/** The filter bar's fields from their table. */
export function FilterFields<F>({ fields }: { fields: readonly FilterField<F>[] }) {
  return (
    <>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name as string} label={field.label}>
          {control(field)}
        </Form.Item>
      ))}
    </>
  );
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
          options={field.options}
          loading={field.loading}
          showSearch={field.searchable ? { optionFilterProp: 'label' } : undefined}
          style={style}
        />
      );
    case 'dateRange':
      return <DateRangeField style={style} />;
    case 'custom':
      return field.control;
  }
}

/** The call's filters from the bar's values: texts trimmed, blanks left out, day ranges as from/to. */
export function filtersFromValues<F>(fields: readonly FilterField<F>[], values: Record<string, unknown>): F {
  const filters: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'dateRange') {
      const { from, to } = rangeBounds(value as DateRange | undefined);
      filters[field.from] = from;
      filters[field.to] = to;
    } else if (field.kind === 'text') {
      filters[field.name] = typeof value === 'string' ? value.trim() || undefined : undefined;
    } else {
      filters[field.name] = value ?? undefined;
    }
  }
  return filters as F;
}
