import { DateField } from '../../../../components/DateFields';
import type { GridField } from '../../../../components/FieldGrid';
import { notBefore } from '../class-meta';

// Apart from PriceField (ClassFields.tsx) so that screens showing only the price (the class list's
// 修改价格) do not load the date picker.

/** The two date fields of a window (报名 or 学习) for a `FieldGrid`, half a row each, the end not before the start. */
export function windowFields(
  start: 'enrolStartDate' | 'studyStartDate',
  end: 'enrolEndDate' | 'studyEndDate',
  label: string,
  required: boolean,
): GridField[] {
  const order = notBefore(start, `${label}结束日期不能早于${label}开始日期`);
  return [
    {
      name: start,
      label: `${label}开始日期`,
      rules: required ? [{ required: true, message: `请选择${label}开始日期` }] : [],
      control: <DateField style={{ width: '100%' }} />,
    },
    {
      name: end,
      label: `${label}结束日期`,
      dependencies: [start],
      rules: required ? [{ required: true, message: `请选择${label}结束日期` }, order] : [order],
      control: <DateField style={{ width: '100%' }} />,
    },
  ];
}
