import type { CertificateDetail, CertificateItem, CertificateSaveInput } from '@px/api/contract';
import { Form, Input, InputNumber, message } from 'antd';
import { saveCertificate } from '../../../../api/my-certificate';
import { DateField } from '../../../../components/DateFields';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';

interface EditValues {
  studentName: string;
  className: string;
  publicHours: number;
  specializedHours: number;
  electiveHours: number;
  score: number | null;
  issueDate: string;
}

const valuesOf = (certificate: CertificateItem): EditValues => ({
  studentName: certificate.studentName,
  className: certificate.className,
  publicHours: certificate.publicHours,
  specializedHours: certificate.specializedHours,
  electiveHours: certificate.electiveHours,
  score: certificate.score,
  issueDate: certificate.issueDate,
});

/**
 * 编辑证书: corrects a certificate's snapshot (name, class, hours, score, issue date); a year
 * certificate keeps its title and has no score; a skill certificate keeps its title (skill and
 * level) and has no hours. Fields the server refuses are shown on the field.
 */
export function CertificateEditModal({
  certificate,
  onClose,
  onSaved,
}: {
  certificate: CertificateItem | null;
  onClose: () => void;
  onSaved: (saved: CertificateDetail) => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const isYear = certificate?.kind === 'YEAR';
  const isSkill = certificate?.kind === 'SKILL';

  const submit = async (values: EditValues) => {
    if (!certificate) return;
    const input: CertificateSaveInput = {
      id: certificate.id,
      studentName: values.studentName,
      className: values.className,
      publicHours: values.publicHours ?? 0,
      specializedHours: values.specializedHours ?? 0,
      electiveHours: values.electiveHours ?? 0,
      score: values.score ?? null,
      issueDate: values.issueDate,
    };
    onSaved(await saveCertificate(input));
    void message.success('已保存');
  };

  const hours = (name: keyof EditValues, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请填写${label}` }]}>
      <InputNumber min={0} max={9999} step={0.5} precision={1} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <FormModal<EditValues>
      title="编辑证书"
      open={certificate !== null}
      okText="保存"
      name="certificate-edit"
      form={form}
      values={certificate ? valuesOf(certificate) : undefined}
      onSubmit={submit}
      onClose={onClose}
      destroyOnHidden
    >
      <Form.Item name="studentName" label="姓名" rules={[required('请填写姓名')]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="className"
        label={isYear || isSkill ? '证书名称' : '班级名称'}
        rules={[required('请填写班级名称')]}
      >
        <Input maxLength={100} disabled={isYear || isSkill} />
      </Form.Item>
      {!isSkill && hours('publicHours', '公需学时')}
      {!isSkill && hours('specializedHours', '专业学时')}
      {!isSkill && hours('electiveHours', '选修学时')}
      {!isYear && (
        <Form.Item name="score" label={isSkill ? '考核成绩' : '考试成绩'}>
          <InputNumber
            min={0}
            max={100}
            precision={0}
            placeholder={isSkill ? '无成绩' : '无考试'}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form.Item name="issueDate" label="发证日期" rules={[{ required: true, message: '请选择发证日期' }]}>
        <DateField style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
