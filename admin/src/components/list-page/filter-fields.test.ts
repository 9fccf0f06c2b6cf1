import { type FilterField, filtersFromValues } from './filter-fields';

interface Filters {
  name?: string;
  status?: string;
  createdFrom?: string;
  createdTo?: string;
}

const FIELDS: FilterField<Filters>[] = [
  { kind: 'text', name: 'name', label: '姓名' },
  { kind: 'select', name: 'status', label: '状态', options: [{ value: 'ENABLED', label: '启用' }] },
  { kind: 'dateRange', name: 'created', label: '注册日期', from: 'createdFrom', to: 'createdTo' },
];

test('texts are trimmed, blanks and cleared fields are left out, a day range becomes its from/to pair', () => {
  expect(
    filtersFromValues(FIELDS, { name: ' 张三 ', status: 'ENABLED', created: ['2026-11-01', '2026-11-28'] }),
  ).toEqual({ name: '张三', status: 'ENABLED', createdFrom: '2026-11-01', createdTo: '2026-11-28' });
  const blank = filtersFromValues(FIELDS, { name: '   ', status: undefined, created: null });
  expect(Object.values(blank).filter((value) => value !== undefined)).toEqual([]);
});

test('values of fields the table does not name are not sent', () => {
  expect(filtersFromValues(FIELDS, { name: 'a', other: 'x' })).not.toHaveProperty('other');
});
