import type { CourseCategoryNode, CourseDetail } from '@px/api/contract';
import { Form, Input, message, Radio, Space, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { getCourse, saveCourse } from '../../../../api/course';
import { EditorDrawer } from '../../../../components/EditorDrawer';
import { useEditorRecord } from '../../../../hooks/useEditorRecord';
import { useFormSave } from '../../../../hooks/useFormSave';
import { maxChars, required } from '../../../../utils/form-rules';
import { categoryOptions } from '../../components/category-tree';
import {
  COURSE_STATUS_OPTIONS,
  type CourseFormValues,
  courseFormValues,
  coursePayload,
} from '../course-meta';
import { LessonList } from './LessonList';

export interface CourseEditorDrawerProps {
  open: boolean;
  /** The course edited; undefined creates one. */
  courseId?: number;
  /** The course categories to choose from. */
  tree: readonly CourseCategoryNode[];
  /** The category a new course starts in (the one selected on the screen). */
  defaultCategoryId?: number;
  onClose: () => void;
  /** After a successful save (the list and the category counts reload). */
  onSaved: (course: CourseDetail) => void;
}

/**
 * 新建课程 / 编辑课程: name, category, teacher, description, status and the ordered lessons (videos
 * with hours and trial seconds). Saving replaces the course's lesson list; the server's refusals
 * land on their fields, a lesson's (`lessons.0.hours`) on its row.
 */
export function CourseEditorDrawer({
  open,
  courseId,
  tree,
  defaultCategoryId,
  onClose,
  onSaved,
}: CourseEditorDrawerProps) {
  const [form] = Form.useForm<CourseFormValues>();
  const { saving, run } = useFormSave(form);
  const { loading, failure } = useEditorRecord({
    open,
    id: courseId,
    fetch: getCourse,
    reset: () => form.resetFields(),
    show: (course) =>
      form.setFieldsValue(
        course ? courseFormValues(course) : { categoryId: defaultCategoryId, status: 'DRAFT', lessons: [] },
      ),
    failure: '课程加载失败，请关闭后重试',
  });
  const options = useMemo(() => categoryOptions(tree), [tree]);

  const submit = async (values: CourseFormValues) => {
    await run(async () => {
      const saved = await saveCourse(coursePayload(values, courseId));
      void message.success('课程已保存');
      onSaved(saved);
    });
  };

  return (
    <EditorDrawer
      title={courseId === undefined ? '新建课程' : '编辑课程'}
      open={open}
      onClose={onClose}
      size={980}
      saving={saving}
      onSave={() => form.submit()}
      loading={loading}
      failure={failure}
    >
      <Form<CourseFormValues>
        name="course-editor"
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={loading}
      >
        <Form.Item
          name="name"
          label="课程名称"
          rules={[required('请填写课程名称'), maxChars('课程名称', 100)]}
        >
          <Input maxLength={100} placeholder="如：消防安全基础" />
        </Form.Item>
        <Space size={16} wrap align="start">
          <Form.Item
            name="categoryId"
            label="课程分类"
            rules={[{ required: true, message: '请选择课程分类' }]}
          >
            <TreeSelect
              treeDefaultExpandAll
              placeholder={tree.length ? '请选择课程分类' : '请先在左侧新增课程分类'}
              treeData={options}
              fieldNames={{ label: 'title', value: 'value', children: 'children' }}
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item name="teacherName" label="授课教师" rules={[maxChars('授课教师', 50)]}>
            <Input maxLength={50} placeholder="教师姓名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
            <Radio.Group options={COURSE_STATUS_OPTIONS} optionType="button" />
          </Form.Item>
        </Space>
        <Form.Item name="description" label="课程简介" rules={[maxChars('课程简介', 5000)]}>
          <Input.TextArea rows={3} maxLength={5000} placeholder="课程的内容和目标" />
        </Form.Item>
        <Form.Item label="课时">
          <LessonList />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
