import { Checkbox, Form, message } from 'antd';
import { batchUpdateTrainTypes } from '../../../../api/unit';
import { FormModal } from '../../../../components/FormModal';

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

  const save = async (values: { trainTypes: string[] }) => {
    await batchUpdateTrainTypes(unitIds, values.trainTypes);
    void message.success(`已修改 ${unitIds.length} 个单位的培训类型`);
    props.onSaved();
  };

  return (
    <FormModal
      open={open}
      title="修改培训类型"
      okText="保存"
      name="batch-train-type"
      form={form}
      initialValues={{ trainTypes: [] }}
      onSubmit={save}
      onClose={props.onCancel}
      afterClose={props.afterClose}
    >
      <p>将所选的 {unitIds.length} 个单位的培训类型统一设置为：</p>
      <Form.Item
        name="trainTypes"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择培训类型' }]}
      >
        <Checkbox.Group options={trainTypeOptions} />
      </Form.Item>
    </FormModal>
  );
}
