import type { StudyReportRow } from '@px/api/contract';
import { Form, Input, InputNumber, message } from 'antd';
import { correctStudyHours } from '../../../../api/study-report';
import { FieldGrid } from '../../../../components/FieldGrid';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';

interface HoursValues {
  requiredHours: number;
  electiveHours: number;
  reason: string;
}

/** The hours an enrolment is credited with now: the newest correction's, else what study credited. */
export function currentHours(row: StudyReportRow): { requiredHours: number; electiveHours: number } {
  return (
    row.correctedHours ?? {
      requiredHours: row.creditedRequiredHours,
      electiveHours: row.creditedElectiveHours,
    }
  );
}

const hoursInput = (label: string, max: number) => (
  <InputNumber<number>
    min={0}
    max={max}
    step={0.5}
    precision={1}
    addonAfter="学时"
    aria-label={label}
    style={{ width: '100%' }}
  />
);

/**
 * 更正学时: the enrolment's credited hours as they should be, with the reason (required). The
 * server refuses hours beyond the class's (on the field) or no change; a record the regulator
 * accepted is reported again as a correction.
 */
export function HoursCorrectionModal({
  row,
  open,
  onSaved,
  onClose,
  afterClose,
}: {
  row: StudyReportRow;
  open: boolean;
  onSaved: () => void;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<HoursValues>();
  const now = currentHours(row);
  const corrected = row.correctedHours ? '（已更正过，以下为当前上报学时）' : '';
  return (
    <FormModal<HoursValues>
      open={open}
      title="更正学时"
      okText="保存更正"
      name="hours-correction"
      form={form}
      values={{ ...now, reason: '' }}
      intro={`${row.studentName}「${row.className}」：学习记录 必修 ${row.creditedRequiredHours} / 选修 ${row.creditedElectiveHours} 学时，班级要求 必修 ${row.requiredHours} / 选修 ${row.electiveHours} 学时${corrected}。更正不改动原始学习记录，两者并列保存；已上报监管平台的记录会作为更正重新上报。`}
      destroyOnHidden
      onSubmit={async (values) => {
        const answer = await correctStudyHours({
          myClassId: row.myClassId,
          requiredHours: values.requiredHours,
          electiveHours: values.electiveHours,
          reason: values.reason.trim(),
        });
        void message.success(
          answer.correction.correctionPushNo ? '学时已更正，已重新上报监管平台' : '学时已更正',
        );
        onSaved();
      }}
      onClose={onClose}
      afterClose={afterClose}
    >
      <FieldGrid
        fields={[
          {
            name: 'requiredHours',
            label: '必修学时',
            rules: [{ required: true, message: '请填写必修学时' }],
            control: hoursInput('必修学时', row.requiredHours),
          },
          {
            name: 'electiveHours',
            label: '选修学时',
            rules: [{ required: true, message: '请填写选修学时' }],
            control: hoursInput('选修学时', Math.max(row.electiveHours, 0)),
          },
          {
            name: 'reason',
            label: '更正原因',
            span: 24,
            rules: [required('请填写更正原因')],
            control: (
              <Input.TextArea
                maxLength={300}
                showCount
                rows={3}
                placeholder="如：线下集中培训签到表补录 1 学时"
              />
            ),
          },
        ]}
      />
    </FormModal>
  );
}
