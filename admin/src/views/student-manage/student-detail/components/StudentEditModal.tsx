import type { RecordStatus, StudentDetail, StudentUpdateInput } from '@px/api/contract';
import { isEmail, isMobile, VALIDATION_MESSAGES } from '@px/config';
import { Col, Form, Input, message, Radio, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { updateStudent } from '../../../../api/student';
import { FormModal } from '../../../../components/FormModal';
import { STATUS_OPTIONS } from '../../../../components/StatusTag';
import type { UnitChoice } from '../../../../hooks/useUnitChoices';
import { required } from '../../../../utils/form-rules';

interface StudentFormValues {
  realName: string;
  mobile?: string;
  email?: string;
  unitId?: number;
  status: RecordStatus;
}

/** A field checked by a validator of config when filled (blank is allowed). */
const optionalRule = (check: (value: string) => boolean, text: string): Rule => ({
  validator: async (_rule, value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed && !check(trimmed)) throw new Error(text);
  },
});

/** The `student/update` payload of the form: texts trimmed, blanks sent empty (the server clears them). */
export function studentPayloadOf(id: number, values: StudentFormValues): StudentUpdateInput {
  return {
    id,
    realName: values.realName.trim(),
    mobile: values.mobile?.trim() ?? '',
    email: values.email?.trim() ?? '',
    unitId: values.unitId ?? '',
    status: values.status,
  };
}

/**
 * 编辑 of a student: name, mobile, e-mail, unit and status (the ID number is the student's identity
 * and stays). The server's refusals (a mobile another student has, a unit that is gone) land on
 * their fields; disabling ends the student's sessions.
 */
export function StudentEditModal({
  open,
  student,
  units,
  onClose,
  onSaved,
  afterClose,
}: {
  open: boolean;
  student: StudentDetail;
  units: UnitChoice[];
  onClose: () => void;
  onSaved: (student: StudentDetail) => void;
  afterClose?: () => void;
}) {
  const [form] = Form.useForm<StudentFormValues>();
  const unitChoices =
    student.unitId !== null && !units.some((unit) => unit.value === student.unitId)
      ? [...units, { value: student.unitId, label: student.unitName ?? `单位 ${student.unitId}` }]
      : units;

  const save = async (values: StudentFormValues) => {
    const saved = await updateStudent(studentPayloadOf(student.id, values));
    void message.success('学员信息已保存');
    onSaved(saved);
  };

  return (
    <FormModal<StudentFormValues>
      open={open}
      title="编辑学员信息"
      okText="保存"
      width={640}
      name="student-form"
      form={form}
      initialValues={{
        realName: student.realName,
        mobile: student.mobile ?? '',
        email: student.email ?? '',
        unitId: student.unitId ?? undefined,
        status: student.status,
      }}
      intro="身份证号是学员的登录账号和证书信息，不在此修改。停用后学员将立即退出登录。"
      onSubmit={save}
      onClose={onClose}
      afterClose={afterClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="realName"
            label="姓名"
            rules={[required('请填写姓名'), { min: 2, max: 50, message: '姓名应为 2-50 个字符' }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="身份证号">
            <Input value={student.idCardNo ?? ''} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="mobile"
            label="手机号"
            rules={[optionalRule(isMobile, VALIDATION_MESSAGES.mobile)]}
          >
            <Input maxLength={11} placeholder="11 位手机号" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="邮箱" rules={[optionalRule(isEmail, VALIDATION_MESSAGES.email)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unitId" label="所属单位">
            <Select
              allowClear
              placeholder="无"
              options={unitChoices}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label="状态">
            <Radio.Group options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
