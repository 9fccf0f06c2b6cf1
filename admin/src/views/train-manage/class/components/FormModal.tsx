import { Alert, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { showServerFieldErrors } from '../../../../utils/form-errors';

/** What a dialog with a form of the class list needs. */
export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The form's name (the prefix of its fields' ids). */
  name: string;
  form: FormInstance<V>;
  /** Sends the valid values; a rejection's field errors land on the fields, the dialog stays open. */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  /** What the dialog does, as a note above the fields. */
  intro?: string;
  children: ReactNode;
}

/**
 * A dialog around a vertical form: OK validates the fields, then calls `onSubmit` (loading
 * meanwhile); fields the server refused are shown on their fields. The fields are cleared on close.
 */
export function FormModal<V>({
  open,
  title,
  okText,
  name,
  form,
  onSubmit,
  onClose,
  intro,
  children,
}: FormModalProps<V>) {
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      // The request client has shown the message; fields it named go on the form.
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      forceRender
      mask={{ closable: false }}
    >
      {intro && <Alert type="info" showIcon title={intro} style={{ marginBottom: 16 }} />}
      <Form<V> form={form} name={name} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
