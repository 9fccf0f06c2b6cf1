import { Form, Input } from 'antd';
import { required } from '../utils/form-rules';
import { FormModal } from './FormModal';

export interface TextPromptProps {
  open: boolean;
  title: string;
  /** The field's label (驳回原因, 红冲原因, 备注...). */
  label: string;
  /** The form's name (the prefix of its field's id), when a screen has two prompts. */
  name?: string;
  /** The field's name (the rest of its id): `text` unless the screen names it. */
  field?: string;
  /** A blank value is allowed (备注 may be cleared). */
  optional?: boolean;
  initialValue?: string;
  okText?: string;
  /** What the action does, above the field. */
  intro?: string;
  placeholder?: string;
  /** Saves the trimmed text; rejects when the server refused (the modal stays open). */
  onOk: (text: string) => Promise<void>;
  onCancel: () => void;
  /** After the closing animation (the screen may forget the row then). */
  afterClose?: () => void;
}

/** A modal asking for one text (a reason or a remark) before an action. */
export function TextPrompt({
  open,
  title,
  label,
  name = 'text-prompt',
  field = 'text',
  optional,
  initialValue,
  okText,
  intro,
  placeholder,
  onOk,
  onCancel,
  afterClose,
}: TextPromptProps) {
  const [form] = Form.useForm<Record<string, string | undefined>>();
  return (
    <FormModal<Record<string, string | undefined>>
      open={open}
      title={title}
      okText={okText ?? '确定'}
      name={name}
      form={form}
      values={{ [field]: initialValue ?? '' }}
      intro={intro}
      destroyOnHidden
      onSubmit={(values) => onOk(values[field]?.trim() ?? '')}
      onClose={onCancel}
      afterClose={afterClose}
    >
      <Form.Item name={field} label={label} rules={optional ? [] : [required(`请填写${label}`)]}>
        <Input.TextArea maxLength={200} showCount rows={3} placeholder={placeholder} />
      </Form.Item>
    </FormModal>
  );
}
