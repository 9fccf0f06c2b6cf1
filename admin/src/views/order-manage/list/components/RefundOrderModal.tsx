import type { OrderDetail } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Form, Input, message, Radio, Space } from 'antd';
import { refundOrder } from '../../../../api/order';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';

/** The whole order (what is left of it), or one class of it by item id. */
const WHOLE = 'WHOLE';

interface RefundValues {
  scope: typeof WHOLE | number;
  reason: string;
}

export interface RefundOrderModalProps {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
  /** Called after the refund started (the order changed). */
  onDone: () => void;
}

/**
 * 退款 (staff holding 退款申请) of a paid order: the whole of what is left, or, for an order of
 * several classes, one class not refunded yet (a partial refund of that item's price; only its
 * enrolment stops). The reason is required; the server logs and audits the refund.
 */
export function RefundOrderModal({ order, open, onClose, onDone }: RefundOrderModalProps) {
  const [form] = Form.useForm<RefundValues>();
  const left = order.paidAmount - order.refundedAmount;
  const items = order.items.length > 1 ? order.items : [];
  return (
    <FormModal<RefundValues>
      open={open}
      title="退款"
      okText="确定退款"
      name="order-refund"
      form={form}
      initialValues={{ scope: WHOLE }}
      intro={`订单 ${order.orderNo}，实付 ${formatFen(order.paidAmount)}${order.refundedAmount > 0 ? `，已退 ${formatFen(order.refundedAmount)}` : ''}。${order.channel === 'WX_JSAPI' || order.channel === 'WX_NATIVE' ? '款项原路退回微信支付。' : '线下或免费订单不经微信支付。'}退款的班级将停止学习，此操作不能撤销。`}
      onClose={onClose}
      onSubmit={async (values) => {
        const answer = await refundOrder({
          id: order.id,
          reason: values.reason,
          ...(values.scope === WHOLE ? {} : { orderItemId: values.scope }),
        });
        if (answer.refundStatus === 'FAILED') void message.error('退款失败，请查看订单状态记录');
        else if (answer.refundStatus === 'SUCCESS')
          void message.success(`已退款 ${formatFen(answer.amount)}`);
        else void message.success(`已提交退款 ${formatFen(answer.amount)}，微信支付处理后到账`);
        onClose();
        onDone();
      }}
    >
      {items.length > 0 && (
        <Form.Item name="scope" label="退款范围" rules={[{ required: true, message: '请选择退款范围' }]}>
          <Radio.Group>
            <Space direction="vertical">
              <Radio value={WHOLE}>{`整单退款（剩余 ${formatFen(left)}）`}</Radio>
              {items.map((item) => (
                <Radio key={item.id} value={item.id} disabled={item.refunded}>
                  {`仅退 ${item.className}（${formatFen(item.amount)}）${item.refunded ? '：已退款' : ''}`}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item name="reason" label="退款原因" rules={[required('请填写退款原因')]}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
    </FormModal>
  );
}
