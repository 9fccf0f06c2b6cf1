import type { BatchOrderItem } from '@px/api/contract';
import { Form, Input, message } from 'antd';
import { refundBatchOrderChildren } from '../../../../api/unit-import';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';

interface RefundValues {
  reason: string;
}

export interface RefundChildrenModalProps {
  order: BatchOrderItem;
  orderIds: number[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 退款 (staff holding 退款申请): refunds the chosen students' child orders of a paid batch order, each
 * in full: back to the unit's WeChat payment, or at once when the batch was passed offline or free.
 * Their study stops; the other students are not touched.
 */
export function RefundChildrenModal({ order, orderIds, open, onClose, onDone }: RefundChildrenModalProps) {
  const [form] = Form.useForm<RefundValues>();
  const submit = async (values: RefundValues) => {
    const { refunds } = await refundBatchOrderChildren(order.id, orderIds, values.reason.trim());
    const done = refunds.filter((refund) => refund.refundStatus === 'SUCCESS').length;
    void message.success(
      done === refunds.length
        ? `已退款 ${done} 个订单`
        : `已提交 ${refunds.length} 个订单的退款，微信支付处理后到账`,
    );
    onDone();
  };
  return (
    <FormModal<RefundValues>
      open={open}
      title="退款"
      okText="确定退款"
      name="batch-refund-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      intro={`将为所选 ${orderIds.length} 名学员全额退款（${order.channel === 'WX_NATIVE' ? '原路退回单位的微信支付' : '线下或免费开通，不经微信支付'}），他们的学习随之停止。此操作不能撤销。`}
    >
      <Form.Item name="reason" label="退款原因" rules={[required('请填写退款原因')]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：职工离职" />
      </Form.Item>
    </FormModal>
  );
}
