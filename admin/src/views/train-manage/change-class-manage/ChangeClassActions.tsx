import { CHANGE_CLASS_STATUS_LABEL, type ChangeClassStatus, type ChangeClassView } from '@px/api/contract';
import { Button, Form, Input, message, Space, Tag } from 'antd';
import { useState } from 'react';
import { auditChangeClassApply, cancelChangeClassApply } from '../../../api/change-class';
import { FormModal } from '../../../components/FormModal';
import { required } from '../../../utils/form-rules';

const STATUS_COLOR: Readonly<Record<ChangeClassStatus, string>> = {
  PENDING: 'processing',
  DONE: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** An application's state as a tag. */
export function ChangeClassStatusTag({ status }: { status: ChangeClassStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{CHANGE_CLASS_STATUS_LABEL[status]}</Tag>;
}

type Decision = 'approve' | 'reject' | 'cancel';

const DECISION: Readonly<
  Record<Decision, { title: string; ok: string; remarkRequired: boolean; done: string }>
> = {
  approve: { title: '通过转班申请', ok: '通过', remarkRequired: false, done: '已通过，学员已转入新班级' },
  reject: { title: '驳回转班申请', ok: '驳回', remarkRequired: true, done: '已驳回' },
  cancel: { title: '撤销转班申请', ok: '撤销', remarkRequired: true, done: '已撤销' },
};

interface RemarkValues {
  remark?: string;
}

/**
 * 通过 / 驳回 / 撤销 of a pending application, each offered as its abilities allow (the server
 * decides again) and done in a dialog with a remark (required to reject or cancel). Approval moves
 * the student at once: the old enrolment ends (已转班), the new one starts.
 */
export function ChangeClassActions({
  row,
  onDone,
  size = 'small',
}: {
  row: ChangeClassView;
  onDone: (row: ChangeClassView) => void;
  size?: 'small' | 'middle';
}) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const [form] = Form.useForm<RemarkValues>();
  const { canApprove, canReject, canCancel } = row.abilities;
  if (!canApprove && !canReject && !canCancel) return null;
  const open = (next: Decision) => setDecision(next);
  const current = decision ? DECISION[decision] : DECISION.approve;
  const submit = async ({ remark }: RemarkValues) => {
    const text = remark?.trim() || undefined;
    const answer =
      decision === 'cancel'
        ? await cancelChangeClassApply(row.id, text ?? '')
        : await auditChangeClassApply(row.id, decision === 'approve', text);
    void message.success(current.done);
    setDecision(null);
    onDone(answer);
  };
  const link = size === 'small';
  return (
    <>
      <Space size={link ? 0 : 8}>
        {canApprove && (
          <Button type={link ? 'link' : 'primary'} size={size} onClick={() => open('approve')}>
            通过
          </Button>
        )}
        {canReject && (
          <Button type={link ? 'link' : 'default'} danger size={size} onClick={() => open('reject')}>
            驳回
          </Button>
        )}
        {canCancel && (
          <Button type={link ? 'link' : 'default'} size={size} onClick={() => open('cancel')}>
            撤销
          </Button>
        )}
      </Space>
      <FormModal<RemarkValues>
        open={decision !== null}
        title={current.title}
        okText={current.ok}
        name={`change-class-${row.id}`}
        form={form}
        onSubmit={submit}
        onClose={() => setDecision(null)}
        intro={`${row.realName}：${row.fromClassName} → ${row.toClassName}`}
      >
        <Form.Item
          name="remark"
          label={current.remarkRequired ? '原因' : '备注'}
          rules={current.remarkRequired ? [required('请填写原因')] : []}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={current.remarkRequired ? '请填写原因' : '选填'}
          />
        </Form.Item>
      </FormModal>
    </>
  );
}
