import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Flex, Form, type FormListFieldData, InputNumber, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { OrderedRowActions } from '../../../../components/OrderedRowActions';
import { RowsTable } from '../../../../components/RowsTable';
import { orDash } from '../../../../components/table-columns';
import {
  CLASS_COURSE_KIND_OPTIONS,
  type ClassCourseRow,
  type ClassFormValues,
  courseRow,
  hourTotals,
} from '../class-form';
import { CoursePickerModal } from './CoursePickerModal';

const HOURS_MESSAGE = '学时应为 0 到 1000 之间、最多一位小数的数';

/** Text in place of a field's control (the field holds a value the row only shows). */
function FieldText({ text }: { text: string; value?: unknown }) {
  return <span>{text}</span>;
}

/** What the list operations of the course rows do. */
interface RowOperations {
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** The columns of the course rows: name, teacher, own hours, kind, credited hours, order, remove. */
function courseColumns(
  row: (index: number) => ClassCourseRow,
  ops: RowOperations,
): ColumnsType<FormListFieldData> {
  return [
    {
      title: '课程名称',
      key: 'name',
      width: 220,
      // The course id's field, so a refusal of the course (`courses.0.courseId`) shows under its name.
      render: (_value, field) => (
        <Form.Item name={[field.name, 'courseId']} style={{ marginBottom: 0 }}>
          <FieldText text={row(field.name).name} />
        </Form.Item>
      ),
    },
    {
      title: '讲师',
      key: 'teacher',
      width: 100,
      render: (_value, field) => orDash(row(field.name).teacherName),
    },
    {
      title: '课程学时',
      key: 'courseHours',
      width: 90,
      render: (_value, field) => row(field.name).courseHours,
    },
    {
      title: '类型',
      key: 'kind',
      width: 110,
      render: (_value, field) => (
        <Form.Item name={[field.name, 'kind']} style={{ marginBottom: 0 }}>
          <Select aria-label={`类型 ${row(field.name).name}`} options={CLASS_COURSE_KIND_OPTIONS} />
        </Form.Item>
      ),
    },
    {
      title: '计入学时',
      key: 'hours',
      width: 140,
      render: (_value, field) => (
        <Form.Item
          name={[field.name, 'hours']}
          style={{ marginBottom: 0 }}
          rules={[{ required: true, type: 'number', min: 0, max: 1000, message: HOURS_MESSAGE }]}
        >
          <InputNumber
            aria-label={`学时 ${row(field.name).name}`}
            min={0}
            max={1000}
            step={0.5}
            precision={1}
          />
        </Form.Item>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_value, field, index) => (
        <OrderedRowActions
          index={index}
          count={ops.count}
          onMove={ops.move}
          onRemove={() => ops.remove(field.name)}
        />
      ),
    },
  ];
}

/**
 * The courses of the class form (`courses`): kind and credited hours per row, order, removal, the
 * totals of required and elective hours, and 添加课程. Refusals the server names on a row
 * (`courses.0.hours`) show in its cell.
 */
export function ClassCourseTable() {
  const form = Form.useFormInstance<ClassFormValues>();
  const rows = Form.useWatch('courses', form) as ClassCourseRow[] | undefined;
  const [picking, setPicking] = useState(false);
  const totals = hourTotals(rows);
  const row = (index: number) => form.getFieldValue(['courses', index]) as ClassCourseRow;

  return (
    <Form.List name="courses">
      {(fields, { add, remove, move }, { errors }) => (
        <>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
            <Typography.Text>
              共 {fields.length} 门课程，必修 {totals.required} 学时，选修 {totals.elective} 学时
            </Typography.Text>
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              添加课程
            </Button>
          </Flex>
          <RowsTable<FormListFieldData>
            rowKey="key"
            dataSource={fields}
            columns={courseColumns(row, { count: fields.length, move, remove })}
            wide
            empty="还没有课程，请点击「添加课程」"
          />
          <Form.ErrorList errors={errors} />
          <CoursePickerModal
            open={picking}
            chosen={(rows ?? []).map((course) => course.courseId)}
            onClose={() => setPicking(false)}
            onPick={(courses) => {
              for (const course of courses) add(courseRow(course));
              setPicking(false);
            }}
          />
        </>
      )}
    </Form.List>
  );
}
