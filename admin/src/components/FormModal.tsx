import { Alert, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { showServerFieldErrors } from '../utils/form-errors';

/** What a dialog around a form needs. */
export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The form's name (the prefix of its fields' ids). */
  name: string;
  form: FormInstance<V>;
  /** The fields' values when the form is first shown. */
  initialValues?: Partial<V>;
  /** Sends the valid values; a rejection's field errors land on the fields, the dialog stays open. */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  /** Called when the closing animation ended and the fields were cleared (a parent may unmount the dialog then). */
  afterClose?: () => void;
  /** What the dialog does, as a note above the fields. */
  intro?: string;
  width?: number;
  children: ReactNode;
}

/**
 * The back office's dialog around a vertical form: OK validates the fields, then calls `onSubmit`
 * (loading meanwhile); fields the server refused are shown on their fields (the request client has
 * shown the message). The fields are cleared once the dialog has closed.
 */
export function FormModal<V>({
  open,
  title,
  okText,
  name,
  form,
  initialValues,
  onSubmit,
  onClose,
  afterClose,
  intro,
  width,
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
      width={width}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        afterClose?.();
      }}
      forceRender
      mask={{ closable: false }}
    >
      {intro && <Alert type="info" showIcon title={intro} style={{ marginBottom: 16 }} />}
      <Form<V> form={form} name={name} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
