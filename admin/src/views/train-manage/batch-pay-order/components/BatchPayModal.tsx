import type { BatchOrderItem } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { fetchBatchPayQr, getBatchOrderPaid } from '../../../../api/unit-import';
import { useBlobUrl } from '../../../../hooks/useBlobUrl';
import { usePoll } from '../../../../hooks/usePoll';

/** How often the dialog asks whether the batch order has been paid. */
export const BATCH_PAY_POLL_MS = 2000;

/** The Native payment the dialog shows (`batch-order/pay` answered NATIVE). */
export interface NativePayment {
  codeUrl: string;
  simulatorScanUrl: string | null;
}

export interface BatchPayModalProps {
  order: BatchOrderItem;
  /** The open payment, or null when the dialog is closed. */
  payment: NativePayment | null;
  onClose: () => void;
  /** Called once the server says the batch order is paid (true) or no longer payable, say cancelled (false). */
  onSettled: (paid: boolean) => void;
}

/**
 * 扫码支付: the QR code of the batch order's WeChat Native payment (the PNG of `batch-order/pay-qr`,
 * or the code URL when the image cannot be read), 模拟扫码 in simulator mode, and a check every
 * 2 s whether it has been paid; `onSettled` once it is, or once it cannot be any more (cancelled
 * elsewhere): the page then reads the order again.
 */
export function BatchPayModal({ order, payment, onClose, onSettled }: BatchPayModalProps) {
  const open = payment !== null;
  const qr = useBlobUrl(open ? order.id : null, fetchBatchPayQr);
  usePoll(
    open ? order.id : null,
    async (id) => {
      const answer = await getBatchOrderPaid(id, { quiet: true });
      if (answer.paid || answer.status !== 'CREATED') onSettled(answer.paid);
    },
    BATCH_PAY_POLL_MS,
  );

  return (
    <Modal
      open={open}
      title="扫码支付"
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical align="center" gap={12}>
        <Typography.Text>
          {`批量订单 ${order.batchNo}，共 ${order.orderCount} 人，应付 `}
          <Typography.Text strong>{formatFen(order.totalAmount)}</Typography.Text>
        </Typography.Text>
        {qr.loading ? (
          <Spin />
        ) : qr.url ? (
          <img src={qr.url} alt="支付二维码" width={220} height={220} />
        ) : (
          <Alert
            type="warning"
            showIcon
            title="二维码图片未能加载，可用下面的支付链接生成二维码扫码支付："
            description={<Typography.Text copyable>{payment?.codeUrl}</Typography.Text>}
          />
        )}
        <Typography.Text type="secondary">请使用微信扫一扫完成支付，支付后本页会自动刷新。</Typography.Text>
        {payment?.simulatorScanUrl && (
          <a href={payment.simulatorScanUrl} target="_blank" rel="noreferrer">
            模拟扫码
          </a>
        )}
      </Flex>
    </Modal>
  );
}
