import { Form, Input } from 'antd';
import { maxChars, required } from '../utils/form-rules';
import { FormModal } from './FormModal';

export interface NameModalProps {
  open: boolean;
  title: string;
  /** The form's name (the prefix of its field's id). */
  name: string;
  /** The name being changed; '' for a new one. */
  initialName: string;
  placeholder?: string;
  /** Saves the trimmed name; a refusal lands on the field (or above it), the dialog stays open. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
  /** Made afresh at each opening (see FormModal). */
  destroyOnHidden?: boolean;
}

/** Adds or renames a category: one name of at most 50 characters; Enter saves. */
export function NameModal({
  open,
  title,
  name,
  initialName,
  placeholder,
  onSave,
  onClose,
  destroyOnHidden,
}: NameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal<{ name: string }>
      open={open}
      title={title}
      okText="保存"
      name={name}
      form={form}
      values={{ name: initialName }}
      showOtherErrors
      submitOnEnter
      destroyOnHidden={destroyOnHidden}
      onSubmit={(values) => onSave(values.name.trim())}
      onClose={onClose}
    >
      <Form.Item name="name" label="分类名称" rules={[required('请填写分类名称'), maxChars('分类名称', 50)]}>
        <Input maxLength={50} placeholder={placeholder} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
