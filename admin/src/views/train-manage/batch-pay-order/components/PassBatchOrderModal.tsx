import type { BatchOrderItem } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Form, Input, message, Radio } from 'antd';
import { passBatchOrder } from '../../../../api/unit-import';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';

interface PassValues {
  channel: 'OFFLINE' | 'FREE';
  remark: string;
}

export interface PassBatchOrderModalProps {
  order: BatchOrderItem;
  open: boolean;
  onClose: () => void;
  /** Called with the batch order once it has been passed as paid. */
  onDone: (order: BatchOrderItem) => void;
}

/**
 * 线下缴费/免费开通 (staff with the grant 免费开通): marks the whole batch order paid, offline (the unit
 * paid by transfer or cash) or free, for a required reason; every child order is paid and the
 * students may study at once.
 */
export function PassBatchOrderModal({ order, open, onClose, onDone }: PassBatchOrderModalProps) {
  const [form] = Form.useForm<PassValues>();
  const submit = async (values: PassValues) => {
    const answer = await passBatchOrder({
      id: order.id,
      channel: values.channel,
      remark: values.remark.trim(),
    });
    void message.success(values.channel === 'FREE' ? '已免费开通' : '已登记线下缴费');
    onDone(answer);
  };
  return (
    <FormModal<PassValues>
      open={open}
      title="线下缴费/免费开通"
      okText="确定"
      name="batch-pass-form"
      form={form}
      initialValues={{ channel: 'OFFLINE' }}
      onSubmit={submit}
      onClose={onClose}
      intro={`将批量订单 ${order.batchNo} 的 ${order.orderCount} 名学员（金额 ${formatFen(order.totalAmount)}）全部标记为已支付，学员立即可以学习。此操作不能撤销。`}
    >
      <Form.Item name="channel" label="开通方式" rules={[{ required: true, message: '请选择开通方式' }]}>
        <Radio.Group
          options={[
            { value: 'OFFLINE', label: '线下缴费' },
            { value: 'FREE', label: '免费开通' },
          ]}
        />
      </Form.Item>
      <Form.Item name="remark" label="说明" rules={[required('请填写说明')]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：单位已对公转账，凭证号 …" />
      </Form.Item>
    </FormModal>
  );
}
