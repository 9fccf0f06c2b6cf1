import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { DateField } from '../../../components/DateFields';

export interface TextPromptProps {
  open: boolean;
  title: string;
  /** The field's label (驳回原因, 红冲原因, 备注...). */
  label: string;
  /** A blank value is allowed (备注 may be cleared). */
  optional?: boolean;
  initialValue?: string;
  okText?: string;
  /** Saves the text; rejects when the server refused (the modal stays open). */
  onOk: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** A modal asking for one text (a reason or a remark) before an action. */
export function TextPrompt({
  open,
  title,
  label,
  optional,
  initialValue,
  okText,
  onOk,
  onCancel,
}: TextPromptProps) {
  const [form] = Form.useForm<{ text: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const valid = await form.validateFields().catch(() => null);
    if (!valid) return;
    const { text } = valid;
    setSaving(true);
    try {
      await onOk(text?.trim() ?? '');
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? '确定'}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ text: initialValue ?? '' })}
    >
      <Form form={form} layout="vertical" name="invoice-text-prompt">
        <Form.Item
          name="text"
          label={label}
          rules={optional ? [] : [{ required: true, whitespace: true, message: `请填写${label}` }]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface MarkModalProps {
  open: boolean;
  onOk: (values: { invoiceNumber: string; issuedDate: string }) => Promise<void>;
  onCancel: () => void;
}

/** 标记已开: the number and date of an invoice issued outside the platform. */
export function MarkModal({ open, onOk, onCancel }: MarkModalProps) {
  const [form] = Form.useForm<{ invoiceNumber: string; issuedDate: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onOk({ invoiceNumber: values.invoiceNumber.trim(), issuedDate: values.issuedDate });
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="标记已开票"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="invoice-mark">
        <Form.Item
          name="invoiceNumber"
          label="发票号码"
          rules={[
            { required: true, message: '请填写发票号码' },
            { pattern: /^\s*[0-9]{8,20}\s*$/, message: '发票号码应为 8 到 20 位数字' },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="issuedDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
          <DateField style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
