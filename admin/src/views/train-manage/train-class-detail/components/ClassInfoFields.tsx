import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { FieldGrid, switchField } from '../../../../components/FieldGrid';
import { maxChars, required } from '../../../../utils/form-rules';
import type { CategoryOption } from '../../../resource-manage/components/category-tree';
import type { Choice } from '../../class/class-meta';
import { PriceField } from '../../class/components/ClassFields';
import { windowFields } from '../../class/components/WindowFields';
import { type ClassCourseRow, hourTotals } from '../class-form';

/** Elective hours required: at most what the elective courses credit. */
const electiveWithinCourses: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: number | null | undefined) => {
    const { elective } = hourTotals(getFieldValue('courses') as ClassCourseRow[] | undefined);
    if (value && value > elective) throw new Error(`选修要求不能超过选修课程的学时（${elective}）`);
  },
});

export interface ClassInfoFieldsProps {
  plans: Choice[];
  years: Choice[];
  categories: CategoryOption[];
  /** The project's certificate templates. */
  templates: Choice[];
}

/** The fields of a class besides its courses. */
export function ClassInfoFields({ plans, years, categories, templates }: ClassInfoFieldsProps) {
  const examRequired = Form.useWatch('examRequired') as boolean | undefined;
  return (
    <FieldGrid
      fields={[
        {
          name: 'name',
          label: '班级名称',
          span: 24,
          rules: [required('请填写班级名称'), maxChars('班级名称', 100)],
          control: <Input maxLength={100} placeholder="例如 2025年建筑施工安全员继续教育班" />,
        },
        {
          name: 'planId',
          label: '培训计划',
          rules: [{ required: true, message: '请选择培训计划' }],
          control: (
            <Select placeholder="请选择培训计划" options={plans} showSearch={{ optionFilterProp: 'label' }} />
          ),
        },
        {
          name: 'year',
          label: '年度',
          rules: [{ required: true, message: '请选择年度' }],
          control: <Select placeholder="请选择年度" options={years} />,
        },
        {
          name: 'categoryId',
          label: '班级类型',
          rules: [{ required: true, message: '请选择班级类型' }],
          control: (
            <TreeSelect
              treeDefaultExpandAll
              placeholder="公需科目、专业科目或其下的专业类型"
              treeData={categories}
            />
          ),
        },
        { key: 'amount', plain: true, control: <PriceField required placeholder="例如 98.00" /> },
        ...windowFields('enrolStartDate', 'enrolEndDate', '报名', true),
        ...windowFields('studyStartDate', 'studyEndDate', '学习', true),
        {
          name: 'electiveHours',
          label: '选修要求学时',
          extra: '学员需修满的选修学时；没有选修课程时为 0',
          dependencies: ['courses'],
          rules: [electiveWithinCourses],
          control: <InputNumber min={0} max={1000} step={0.5} precision={1} style={{ width: '100%' }} />,
        },
        {
          name: 'teacherName',
          label: '讲师',
          rules: [maxChars('讲师', 50)],
          control: <Input maxLength={50} placeholder="班级的主讲讲师（可选）" />,
        },
        switchField('studyInOrder', '按顺序学习'),
        switchField('examRequired', '需要考试'),
        {
          key: 'examPassScore',
          plain: true,
          control: examRequired && (
            <Form.Item
              name="examPassScore"
              label="及格分"
              rules={[{ required: true, message: '请填写及格分' }]}
            >
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ),
        },
        {
          ...switchField('applyRequired', '报名需审核'),
          xs: 24,
          span: 12,
          extra: '学员先提交报名申请，在「报名审核」通过后才能报名',
        },
        {
          name: 'certificateTemplateId',
          label: '证书模板',
          extra: '不选则结业不发证书',
          control: <Select allowClear placeholder="不发证书" options={templates} />,
        },
        {
          name: 'description',
          label: '班级介绍',
          span: 24,
          rules: [maxChars('班级介绍', 5000)],
          control: (
            <Input.TextArea rows={5} maxLength={5000} showCount placeholder="培训对象、内容与要求等" />
          ),
        },
      ]}
    />
  );
}
