import { Checkbox, Form, Modal, message } from 'antd';
import { useState } from 'react';
import { batchUpdateTrainTypes } from '../../../../api/unit';
import { showServerFieldErrors } from '../../../../utils/form-errors';

export interface BatchTrainTypeModalProps {
  open: boolean;
  /** The selected units. */
  unitIds: number[];
  trainTypeOptions: { value: string; label: string }[];
  onCancel: () => void;
  onSaved: () => void;
  afterClose?: () => void;
}

/** Gives the selected units the same training types (`unit/batch-update-train-type`, all or nothing). */
export function BatchTrainTypeModal(props: BatchTrainTypeModalProps) {
  const { open, unitIds, trainTypeOptions } = props;
  const [form] = Form.useForm<{ trainTypes: string[] }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: { trainTypes: string[] };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await batchUpdateTrainTypes(unitIds, values.trainTypes);
      void message.success(`已修改 ${unitIds.length} 个单位的培训类型`);
      props.onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="修改培训类型"
      okText="保存"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      afterClose={props.afterClose}
      mask={{ closable: false }}
    >
      <p>将所选的 {unitIds.length} 个单位的培训类型统一设置为：</p>
      <Form form={form} name="batch-train-type" initialValues={{ trainTypes: [] }}>
        <Form.Item
          name="trainTypes"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择培训类型' }]}
        >
          <Checkbox.Group options={trainTypeOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
