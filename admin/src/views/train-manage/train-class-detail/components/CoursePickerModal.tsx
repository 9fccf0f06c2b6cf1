import type { CourseItem } from '@px/api/contract';
import { Modal, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { courseCategoryCalls, queryCourses } from '../../../../api/course';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { orDash } from '../../../../components/table-columns';
import { useRecord } from '../../../../hooks/useRecord';
import { categoryOptions } from '../../../resource-manage/components/category-tree';

export interface CoursePickerModalProps {
  open: boolean;
  /** Courses already in the class (shown, not selectable). */
  chosen: readonly number[];
  onClose: () => void;
  /** The picked courses, in the order they were picked. */
  onPick: (courses: CourseItem[]) => void;
}

const COLUMNS: ListColumn<CourseItem>[] = [
  { title: '课程名称', dataIndex: 'name', width: 220 },
  { title: '课程分类', dataIndex: 'categoryName', width: 160, render: orDash },
  { title: '讲师', dataIndex: 'teacherName', width: 100, render: orDash },
  { title: '学时', dataIndex: 'hours', width: 70, align: 'right' },
  { title: '课时数', dataIndex: 'lessonCount', width: 70, align: 'right' },
];

/** The published courses with name and category filters, several selectable at once. */
function CoursePicker({
  chosen,
  picked,
  onChange,
}: {
  chosen: readonly number[];
  picked: ReadonlyMap<number, CourseItem>;
  onChange: (picked: Map<number, CourseItem>) => void;
}) {
  const list = useListCall('course/query', (query) => queryCourses({ ...query, status: 'PUBLISHED' }));
  const tree = useRecord('course-categories', () => courseCategoryCalls.tree());
  const nodes = tree.status === 'ready' ? tree.record : undefined;
  const categories = useMemo(() => (nodes ? categoryOptions(nodes) : []), [nodes]);

  const select = (keys: Key[], rows: (CourseItem | undefined)[]) => {
    const onPage = new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
    const next = new Map<number, CourseItem>();
    for (const key of keys) {
      const course = onPage.get(Number(key)) ?? picked.get(Number(key));
      if (course) next.set(course.id, course);
    }
    onChange(next);
  };

  return (
    <ListView
      list={list}
      name="course-picker-filters"
      filters={[
        { kind: 'text', name: 'name', label: '课程名称', placeholder: '名称的一部分', maxLength: 100 },
        { kind: 'tree', name: 'categoryId', label: '课程分类', treeData: categories, width: 180 },
      ]}
      barStyle={{ rowGap: 12, marginBottom: 12 }}
      columns={COLUMNS}
      columnsId="train-manage/train-class-detail/course-picker"
      table={{
        size: 'small',
        scroll: { y: 360 },
        rowSelection: {
          selectedRowKeys: [...picked.keys(), ...chosen],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (course) => ({ disabled: chosen.includes(course.id) }),
          onChange: (keys, rows) =>
            select(
              keys.filter((key) => !chosen.includes(Number(key))),
              rows,
            ),
        },
      }}
    />
  );
}

/** 添加课程: picks published courses of the project to add to the class (as required courses). */
export function CoursePickerModal({ open, chosen, onClose, onPick }: CoursePickerModalProps) {
  const [picked, setPicked] = useState<ReadonlyMap<number, CourseItem>>(new Map());
  const close = () => {
    setPicked(new Map());
    onClose();
  };
  return (
    <Modal
      open={open}
      title="添加课程"
      width={840}
      okText={picked.size ? `添加 ${picked.size} 门课程` : '添加'}
      okButtonProps={{ disabled: picked.size === 0 }}
      cancelText="取消"
      onOk={() => {
        onPick([...picked.values()]);
        setPicked(new Map());
      }}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">
        只列出已发布的课程；添加后默认为必修，学时取课程自身学时，可在课程表中修改。
      </Typography.Paragraph>
      <CoursePicker chosen={chosen} picked={picked} onChange={setPicked} />
    </Modal>
  );
}
