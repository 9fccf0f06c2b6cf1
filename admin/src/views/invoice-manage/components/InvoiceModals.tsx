import { Form, Input } from 'antd';
import { DateField } from '../../../components/DateFields';
import { FormModal } from '../../../components/FormModal';
import { required } from '../../../utils/form-rules';

export interface TextPromptProps {
  open: boolean;
  title: string;
  /** The field's label (驳回原因, 红冲原因, 备注...). */
  label: string;
  /** The form's name (the prefix of its field's id), when a screen has two prompts. */
  name?: string;
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
  name = 'invoice-text-prompt',
  optional,
  initialValue,
  okText,
  onOk,
  onCancel,
}: TextPromptProps) {
  const [form] = Form.useForm<{ text?: string }>();
  return (
    <FormModal<{ text?: string }>
      open={open}
      title={title}
      okText={okText ?? '确定'}
      name={name}
      form={form}
      values={{ text: initialValue ?? '' }}
      destroyOnHidden
      onSubmit={(values) => onOk(values.text?.trim() ?? '')}
      onClose={onCancel}
    >
      <Form.Item name="text" label={label} rules={optional ? [] : [required(`请填写${label}`)]}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
    </FormModal>
  );
}

interface MarkValues {
  invoiceNumber: string;
  issuedDate: string;
}

export interface MarkModalProps {
  open: boolean;
  onOk: (values: MarkValues) => Promise<void>;
  onCancel: () => void;
}

/** 标记已开: the number and date of an invoice issued outside the platform. */
export function MarkModal({ open, onOk, onCancel }: MarkModalProps) {
  const [form] = Form.useForm<MarkValues>();
  return (
    <FormModal<MarkValues>
      open={open}
      title="标记已开票"
      okText="确定"
      name="invoice-mark"
      form={form}
      destroyOnHidden
      onSubmit={(values) =>
        onOk({ invoiceNumber: values.invoiceNumber.trim(), issuedDate: values.issuedDate })
      }
      onClose={onCancel}
    >
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
    </FormModal>
  );
}
