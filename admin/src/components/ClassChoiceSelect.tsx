import { Select, type SelectProps } from 'antd';
import type { ClassChoices } from '../hooks/useClassChoices';

/**
 * A list's 班级 filter: the choices of `classes` (`useClassChoices`), asked again as people type,
 * 全部 when cleared. Inside a Form.Item, which gives it its value and onChange.
 */
export function ClassChoiceSelect({
  classes,
  ...props
}: { classes: ClassChoices } & Omit<SelectProps<number>, 'options' | 'showSearch'>) {
  return (
    <Select<number>
      allowClear
      placeholder="全部"
      options={classes.choices}
      showSearch={{ filterOption: false, onSearch: classes.search }}
      style={{ width: 220 }}
      {...props}
    />
  );
}
