import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { CourseCategoryNode, CourseItem, CourseStatus } from '@px/api/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { courseCategoryCalls, deleteCourse, queryCourses } from '../../../api/course';
import type { ListColumn } from '../../../components/ListTable';
import type { FilterField } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions } from '../../../components/RowActions';
import { dateTimeColumn, orDash, tagColumn } from '../../../components/table-columns';
import { CategoryListPage, categoryColumn, itemNameColumn } from '../components/CategoryListPage';
import type { CategoryKind } from '../components/CategoryPanel';
import { useCategoryRows } from '../components/useCategoryPanel';
import { CourseEditorDrawer } from './components/CourseEditorDrawer';
import { COURSE_STATUS_COLOR, COURSE_STATUS_LABEL, COURSE_STATUS_OPTIONS } from './course-meta';

/** The filters of the course list beside the category chosen on the left. */
const COURSE_FILTERS: FilterField<FiltersOf<'course/query'>>[] = [
  { kind: 'text', name: 'name', label: '课程名称', placeholder: '名称中的文字', maxLength: 100 },
  {
    kind: 'text',
    name: 'teacherName',
    label: '授课教师',
    placeholder: '姓名中的文字',
    maxLength: 50,
    width: 140,
  },
  { kind: 'select', name: 'status', label: '状态', options: COURSE_STATUS_OPTIONS, width: 110 },
];

/** The course category tree as the course screen shows it. */
const COURSE_CATEGORIES: CategoryKind<CourseCategoryNode> = {
  title: '课程分类',
  allLabel: '全部课程',
  formName: 'course-category-form',
  countOf: (node) => node.courseCount,
  countText: (count) => `${count} 门课程`,
  calls: courseCategoryCalls,
};

/** The editor's state: closed, a new course, or the id of the course edited. */
type Editing = null | { courseId?: number };

/**
 * 课程管理 (project staff): the course categories on the left (add, rename, delete when empty, drag),
 * the courses of the selected category and below on the right (name, teacher and status filters),
 * with 新建课程 / 编辑 in a drawer (lessons from the project's videos) and 删除 of drafts.
 */
export function CoursePage() {
  const list = useListCall('course/query', queryCourses);
  const { categories, afterChange, busy: busyId, run } = useCategoryRows(COURSE_CATEGORIES, list);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: ListColumn<CourseItem>[] = [
    itemNameColumn<CourseItem>('课程名称', 200, (course) => setEditing({ courseId: course.id })),
    categoryColumn<CourseItem>('所属分类', 150),
    {
      title: '授课教师',
      dataIndex: 'teacherName',
      key: 'teacher',
      width: 100,
      optional: 'shown',
      render: orDash,
    },
    { title: '学时', dataIndex: 'hours', key: 'hours', width: 70, align: 'right' },
    {
      title: '课时数',
      dataIndex: 'lessonCount',
      key: 'lessons',
      width: 80,
      align: 'right',
      optional: 'shown',
    },
    {
      ...tagColumn<CourseItem, CourseStatus>('状态', 'status', 96, COURSE_STATUS_LABEL, COURSE_STATUS_COLOR),
      key: 'status',
    },
    {
      ...dateTimeColumn<CourseItem>('更新时间', 'updatedAt', 150, 'YYYY-MM-DD HH:mm'),
      key: 'updatedAt',
      width: 150,
      optional: 'hidden',
    },
    actionsColumn(130, (course) =>
      editDeleteActions({
        abilities: course.abilities,
        onEdit: () => setEditing({ courseId: course.id }),
        deleteTitle: `删除课程「${course.name}」？`,
        busy: busyId === course.id,
        onDelete: () => run(course.id, () => deleteCourse(course.id), '课程已删除'),
      }),
    ),
  ];

  return (
    <CategoryListPage
      categories={categories}
      title="课程管理"
      list={list}
      name="course-filters"
      filters={COURSE_FILTERS}
      columns={columns}
      columnsId="resource-manage/course"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新建课程
        </Button>
      }
    >
      <CourseEditorDrawer
        open={editing !== null}
        courseId={editing?.courseId}
        tree={categories.tree}
        defaultCategoryId={categories.selectedId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          afterChange();
        }}
      />
    </CategoryListPage>
  );
}
