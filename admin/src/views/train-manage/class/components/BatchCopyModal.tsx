import { Form, message, Select } from 'antd';
import { batchCopyClasses } from '../../../../api/train-class';
import { FormModal } from '../../../../components/FormModal';
import type { Choice } from '../class-meta';

interface BatchCopyValues {
  planId?: number;
  year?: number;
}

export interface BatchCopyModalProps {
  /** The selected classes; the dialog is open while `open`. */
  ids: number[];
  open: boolean;
  plans: Choice[];
  years: Choice[];
  onClose: () => void;
  onDone: () => void;
}

/** 批量复制: copies the selected classes, optionally into another plan and year. */
export function BatchCopyModal({ ids, open, plans, years, onClose, onDone }: BatchCopyModalProps) {
  const [form] = Form.useForm<BatchCopyValues>();

  const submit = async (values: BatchCopyValues) => {
    const answer = await batchCopyClasses({ ids, planId: values.planId, year: values.year });
    void message.success(`已复制 ${answer.ids.length} 个班级`);
    onDone();
  };

  return (
    <FormModal<BatchCopyValues>
      open={open}
      title="批量复制班级"
      okText="复制"
      name="class-batch-copy-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      intro={`复制所选 ${ids.length} 个班级（含课程）。副本名称为「原名（副本）」，处于下架状态；不选计划或年度时保持原值。`}
    >
      <Form.Item name="planId" label="复制到培训计划">
        <Select
          allowClear
          placeholder="保持原计划"
          options={plans}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="year" label="复制到年度">
        <Select allowClear placeholder="保持原年度" options={years} />
      </Form.Item>
    </FormModal>
  );
}
