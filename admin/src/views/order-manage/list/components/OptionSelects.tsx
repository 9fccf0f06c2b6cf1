import type { ClassOption, StudentOption } from '@px/api/contract';
import { formatFen } from '@px/config';
import type { CSSProperties } from 'react';
import { findClassOptions, findStudentOptions } from '../../../../api/order';
import { type SearchOptions, useSearchOptions } from '../hooks/useSearchOptions';
import { SearchSelect, type SearchSelectOption } from './SearchSelect';

/** A class as its option shows it: name and year, price and whether it is on the shelf. */
function classOption(cls: ClassOption, offShelfDisabled: boolean): SearchSelectOption {
  return {
    value: cls.id,
    label: `${cls.name}（${cls.year}年）`,
    detail: `${formatFen(cls.amount)}${cls.onShelf ? '' : ' · 已下架'}`,
    disabled: offShelfDisabled && !cls.onShelf,
  };
}

/** A student as the option shows it: name with the masked ID number, then mobile and unit. */
function studentOption(student: StudentOption): SearchSelectOption {
  return {
    value: student.id,
    label: student.idCardNo ? `${student.realName}（${student.idCardNo}）` : student.realName,
    detail: [student.mobile, student.unitName].filter(Boolean).join(' · '),
  };
}

interface FieldProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  style?: CSSProperties;
}

/** The project's classes by part of the name (`order/class-options`), the newest first before any typing. */
export function useClassSearch(): SearchOptions<ClassOption> {
  return useSearchOptions((name) => findClassOptions(name.slice(0, 50)), { minLength: 0, loadAtOnce: true });
}

/** The class filter of the order list: one class of the project (`order/class-options`), by part of its name. */
export function ClassFilterSelect(props: FieldProps<number | undefined>) {
  const options = useClassSearch();
  return (
    <SearchSelect<ClassOption>
      {...props}
      options={options}
      toOption={(cls) => classOption(cls, false)}
      placeholder="输入班级名称查找"
      notFound="没有匹配的班级"
    />
  );
}

/**
 * The classes of 免费开通: several classes of the project on the shelf, by part of the name; the
 * dialog holds the search (`useClassSearch`) to price the chosen classes.
 */
export function FreeClassesSelect({
  options,
  ...props
}: FieldProps<number[]> & { options: SearchOptions<ClassOption> }) {
  return (
    <SearchSelect<ClassOption>
      {...props}
      multiple
      options={options}
      toOption={(cls) => classOption(cls, true)}
      placeholder="输入班级名称查找，可选多个"
      notFound="没有匹配的班级"
    />
  );
}

/** The students of 免费开通: several students of the project by name, ID number or mobile. */
export function FreeStudentsSelect(props: FieldProps<number[]>) {
  const options = useSearchOptions((keyword) => findStudentOptions(keyword.slice(0, 50)));
  return (
    <SearchSelect<StudentOption>
      {...props}
      multiple
      options={options}
      toOption={studentOption}
      placeholder="输入姓名、身份证号或手机号查找，可选多个"
      notFound="输入姓名、身份证号或手机号查找学员"
    />
  );
}
