import { Alert, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
  /** The values of the record edited, set afresh each time the dialog opens. */
  values?: Partial<V>;
  /** Checks beyond the fields (an uploaded image), run with theirs: false stops the save. */
  check?: () => boolean;
  /** Sends the valid values; a rejection's field errors land on the fields, the dialog stays open. */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  /** Called when the closing animation ended and the fields were cleared (a parent may unmount the dialog then). */
  afterClose?: () => void;
  /** What the dialog does, as a note above the fields. */
  intro?: string;
  /** Shows in the dialog what the server refused of no field of the form (a parent, a limit). */
  showOtherErrors?: boolean;
  /** The cancel button's text (default 取消). */
  cancelText?: string;
  /** The fields cannot be changed (while a file uploads). */
  disabled?: boolean;
  /** OK cannot be pressed yet (an image still uploading). */
  okDisabled?: boolean;
  /** Enter in a field saves (a dialog of one name). */
  submitOnEnter?: boolean;
  /** Not in the page until opened, and removed once closed (a page of several such dialogs). */
  destroyOnHidden?: boolean;
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
  values,
  check,
  onSubmit,
  onClose,
  afterClose,
  intro,
  showOtherErrors,
  cancelText = '取消',
  disabled,
  okDisabled,
  submitOnEnter,
  destroyOnHidden,
  width,
  children,
}: FormModalProps<V>) {
  const [saving, setSaving] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  useEffect(() => {
    // A dialog made afresh at each opening starts from the values (`initialValues` below).
    if (!open || !valuesRef.current || destroyOnHidden) return;
    form.resetFields();
    form.setFieldsValue(valuesRef.current as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [open, form, destroyOnHidden]);

  const submit = async () => {
    const valid = await form.validateFields().catch(() => null);
    const othersValid = check?.() ?? true;
    if (valid === null || !othersValid) return;
    setSaving(true);
    setOtherErrors([]);
    try {
      await onSubmit(valid);
    } catch (error) {
      const unshown = showServerFieldErrors(form, error);
      if (showOtherErrors) setOtherErrors(unshown.map((entry) => entry.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      width={width}
      confirmLoading={saving}
      okButtonProps={okDisabled ? { disabled: true } : undefined}
      onOk={() => void submit()}
      onCancel={() => {
        setOtherErrors([]);
        onClose();
      }}
      afterClose={() => {
        if (!destroyOnHidden) form.resetFields();
        afterClose?.();
      }}
      forceRender={!destroyOnHidden}
      destroyOnHidden={destroyOnHidden}
      mask={{ closable: false }}
    >
      {intro && <Alert type="info" showIcon title={intro} style={{ marginBottom: 16 }} />}
      {otherErrors.length > 0 && (
        <Alert type="error" showIcon title={otherErrors.join('；')} style={{ marginBottom: 16 }} />
      )}
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={destroyOnHidden ? { ...initialValues, ...values } : initialValues}
        disabled={disabled}
        onFinish={submitOnEnter ? () => void submit() : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}
