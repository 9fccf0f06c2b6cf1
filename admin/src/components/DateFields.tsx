import 'dayjs/locale/zh-cn';
import { toDate } from '@px/config';
import { DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import type { DateRange } from './date-range';

// The import of `dayjs/locale/zh-cn` above is what gives the pickers (antd's zh-CN locale asks
// dayjs for `zh-cn`) Chinese weekday and month names and weeks starting on Monday; without it dayjs
// falls back to English (Su Mo Tu).

/** How the calls take a day: `YYYY-MM-DD`. */
export const DAY_FORMAT = 'YYYY-MM-DD';
/** How a day and a time (to the minute) read in a picker. */
const DAY_TIME_DISPLAY = 'YYYY-MM-DD HH:mm';

export { type DateRange, rangeBounds } from './date-range';

/** The day (and time) of a value written in `YYYY-MM-DD[THH:mm]` form, or null for blank or invalid text. */
function toDayjs(value: string | null | undefined): Dayjs | null {
  const date = value ? toDate(value) : null;
  return date ? dayjs(date) : null;
}

export interface DateFieldProps
  extends Omit<
    DatePickerProps,
    'value' | 'defaultValue' | 'onChange' | 'format' | 'showTime' | 'picker' | 'multiple'
  > {
  /** The day as text in `valueFormat` (what the form holds and the call takes); '' or none: no day. */
  value?: string | null;
  /** Called with the chosen day in `valueFormat`, or undefined when cleared. */
  onChange?: (value: string | undefined) => void;
  /** The text form of the value (default `YYYY-MM-DD`; with `withTime`, e.g. `YYYY-MM-DDTHH:mm`). */
  valueFormat?: string;
  /** Also pick a time, to the minute. */
  withTime?: boolean;
}

/**
 * A form field of one day (or a day and time) with antd's DatePicker, holding the day as text the
 * calls take (by default `YYYY-MM-DD`), so forms keep sending what they sent before.
 */
export function DateField({ value, onChange, valueFormat = DAY_FORMAT, withTime, ...rest }: DateFieldProps) {
  return (
    <DatePicker
      {...rest}
      value={toDayjs(value)}
      format={withTime ? DAY_TIME_DISPLAY : DAY_FORMAT}
      showTime={withTime ? { format: 'HH:mm' } : undefined}
      onChange={(day) => onChange?.(day ? day.format(valueFormat) : undefined)}
    />
  );
}

export interface DateRangeFieldProps
  extends Omit<RangePickerProps, 'value' | 'onChange' | 'format' | 'showTime' | 'picker'> {
  /** The chosen range of days; none: no range. */
  value?: DateRange | null;
  /** Called with the chosen range, or undefined when cleared. */
  onChange?: (value: DateRange | undefined) => void;
}

/**
 * The date range of a list filter (下单日期, 申请日期…): antd's RangePicker holding the range as two
 * `YYYY-MM-DD` days, the form the list calls take. Split it with `rangeBounds`.
 */
export function DateRangeField({ value, onChange, ...rest }: DateRangeFieldProps) {
  const from = toDayjs(value?.[0]);
  const to = toDayjs(value?.[1]);
  return (
    <DatePicker.RangePicker
      {...rest}
      value={from && to ? [from, to] : null}
      format={DAY_FORMAT}
      onChange={(days) => {
        const [start, end] = days ?? [];
        onChange?.(start && end ? [start.format(DAY_FORMAT), end.format(DAY_FORMAT)] : undefined);
      }}
    />
  );
}
