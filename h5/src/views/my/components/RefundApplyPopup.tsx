import type { RefundApplyData } from '@px/api/contract';
import { formatFen } from '@px/config';
import { useState } from 'react';
import { Button, Radio, Toast } from 'react-vant';
import { submitRefundApply } from '../../../api/refund-apply';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { FormPopup } from './FormPopup';

export interface RefundApplyPopupProps {
  /** What `refund-apply/get-data` said of the order (null: closed). */
  data: RefundApplyData | null;
  onClose: () => void;
  /** The application was sent. */
  onApplied: () => void;
}

/**
 * 申请退款: the project's 退款说明, what goes back (the whole order, or one of its classes when it
 * holds several), the reason; 提交申请 sends it for staff to audit.
 */
export function RefundApplyPopup({ data, onClose, onApplied }: RefundApplyPopupProps) {
  const [choice, setChoice] = useState<string>('ALL');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { submitting, run } = useSubmitLock();
  const open = data?.items.filter((item) => !item.refunded) ?? [];
  const chosen = open.find((item) => String(item.orderItemId) === choice);
  const amount = chosen ? chosen.amount : (data?.refundable ?? 0);

  const close = () => {
    setChoice('ALL');
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () =>
    void run(async () => {
      if (!data) return;
      if (!reason.trim()) {
        setError('请填写退款原因');
        return;
      }
      try {
        await submitRefundApply({
          orderId: data.orderId,
          ...(chosen ? { orderItemId: chosen.orderItemId } : {}),
          reason: reason.trim(),
        });
        Toast.success('退款申请已提交，请等待审核');
        setChoice('ALL');
        setReason('');
        setError(null);
        onApplied();
      } catch {
        // The request client has shown why.
      }
    });

  return (
    <FormPopup title="申请退款" visible={data !== null} onClose={close}>
      {data && (
        <div className="refund-apply">
          {data.refundText && (
            <section className="refund-apply__text" aria-label="退款说明">
              <h4>退款说明</h4>
              <p>{data.refundText}</p>
            </section>
          )}
          <div className="refund-apply__order">订单号 {data.orderNo}</div>
          {open.length > 1 && (
            <Radio.Group value={choice} onChange={(value) => setChoice(String(value))} aria-label="退款班级">
              <Radio name="ALL" className="refund-apply__option">
                全部班级（{formatFen(data.refundable)}）
              </Radio>
              {open.map((item) => (
                <Radio
                  key={item.orderItemId}
                  name={String(item.orderItemId)}
                  className="refund-apply__option"
                >
                  {item.className}（{formatFen(item.amount)}）
                </Radio>
              ))}
            </Radio.Group>
          )}
          <div className="refund-apply__amount">
            退款金额 <strong>{formatFen(amount)}</strong>，原路退回
          </div>
          <textarea
            className="refund-apply__reason"
            aria-label="退款原因"
            placeholder="请填写退款原因"
            maxLength={200}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error && <div className="refund-apply__error">{error}</div>}
          <Button round block type="primary" loading={submitting} disabled={submitting} onClick={submit}>
            提交申请
          </Button>
        </div>
      )}
    </FormPopup>
  );
}
