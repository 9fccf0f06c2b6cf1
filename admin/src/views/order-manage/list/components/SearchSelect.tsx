import { Select, Spin, Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { SearchOptions } from '../hooks/useSearchOptions';

/** An option as a search select shows it: the label (also of the chosen value) and a line of detail ('' for none). */
export interface SearchSelectOption {
  value: number;
  label: string;
  detail: string;
  disabled?: boolean;
}

/** What Form.Item passes to a field, and the select's own settings. */
interface SearchSelectBaseProps<T> {
  id?: string;
  /** The options found by the server (`useSearchOptions`). */
  options: SearchOptions<T>;
  /** How an entity becomes an option. */
  toOption: (entity: T) => SearchSelectOption;
  placeholder?: string;
  /** What the dropdown says when nothing was found (or nothing searched yet). */
  notFound: string;
  style?: CSSProperties;
}

export type SearchSelectProps<T> = SearchSelectBaseProps<T> &
  (
    | { multiple?: false; value?: number; onChange?: (value: number | undefined) => void }
    | { multiple: true; value?: number[]; onChange?: (value: number[]) => void }
  );

function chosenIds(value: number | number[] | undefined): number[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * A select whose options the server finds as the person types (antd Select in search mode): the
 * chosen values keep their labels while other results show, each option has a line of detail.
 */
export function SearchSelect<T extends { id: number }>(props: SearchSelectProps<T>) {
  const { id, options, toOption, placeholder, notFound, style } = props;
  const chosen = chosenIds(props.value);
  const listed = [
    ...chosen.flatMap((key) => {
      const entity = options.known.get(key);
      return entity ? [toOption(entity)] : [];
    }),
    ...options.results.filter((entity) => !chosen.includes(entity.id)).map(toOption),
  ];
  return (
    <Select<number | number[], SearchSelectOption>
      id={id}
      mode={props.multiple ? 'multiple' : undefined}
      allowClear
      placeholder={placeholder}
      style={style}
      value={props.value}
      onChange={(value) => {
        if (props.multiple) props.onChange?.(chosenIds(value));
        else props.onChange?.(Array.isArray(value) ? value[0] : (value ?? undefined));
      }}
      options={listed}
      showSearch={{ filterOption: false, onSearch: options.search }}
      notFoundContent={options.searching ? <Spin size="small" /> : notFound}
      optionRender={({ data }) => (
        <div>
          <div>{data.label}</div>
          {data.detail && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {data.detail}
            </Typography.Text>
          )}
        </div>
      )}
    />
  );
}
