import type { ClassChoices } from '../hooks/useClassChoices';
import type { UnitChoice } from '../hooks/useUnitChoices';
import { type FilterField, STUDENT_FILTER } from './list-page/ListPage';
import type { FiltersOf } from './list-page/list-call';
import { MY_CLASS_STATUS_OPTIONS } from './MyClassStatusTag';

type StudyReportFilters = FiltersOf<'study-report/page'>;

/**
 * The filters of lists of enrolments read by `study-report/page` (学习档案, 学习档案纠正): the class
 * (searched by name on the server), the student and the study state; with `units`, the unit too.
 */
export function studyReportFilters(
  classes: ClassChoices,
  units?: UnitChoice[],
): FilterField<StudyReportFilters>[] {
  return [
    {
      kind: 'select',
      name: 'classId',
      label: '班级',
      options: classes.choices,
      onSearch: classes.search,
      width: 220,
    },
    STUDENT_FILTER,
    { kind: 'select', name: 'status', label: '学习状态', options: MY_CLASS_STATUS_OPTIONS, width: 110 },
    ...(units
      ? [
          {
            kind: 'select',
            name: 'unitId',
            label: '所属单位',
            options: units,
            searchable: true,
            width: 160,
          } as const,
        ]
      : []),
  ];
}
