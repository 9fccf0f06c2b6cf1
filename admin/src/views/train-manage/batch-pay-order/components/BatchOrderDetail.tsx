import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import type { BatchOrderItem } from '@px/api/contract';
import { Alert, Button, Card, Flex, message, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cancelBatchOrder, getBatchOrder, payBatchOrder } from '../../../../api/unit-import';
import { RecordPending } from '../../../../components/RecordPending';
import { useAccess } from '../../../../hooks/useAccess';
import { useRecord } from '../../../../hooks/useRecord';
import { BATCH_PAY_PAGE, batchPayPath } from '../batch-order-paths';
import { BatchOrderChildren } from './BatchOrderChildren';
import { BatchOrderHead } from './BatchOrderHead';
import { BatchPayModal, type NativePayment } from './BatchPayModal';
import { PassBatchOrderModal } from './PassBatchOrderModal';

export interface BatchOrderDetailProps {
  id: number;
  /** The card's title: 批量缴费 or 团体缴费订单详情. */
  title: string;
  /**
   * Whether this page pays (批量缴费: 扫码支付 here); otherwise (订单管理's detail) 去缴费 leads to
   * the 批量缴费 page when the role holds it.
   */
  paysHere: boolean;
  /** The page's way back, if any. */
  back?: ReactNode;
}

/** Why an unpaid batch order cannot be paid now (its abilities' refusal), or null when it can (or is not unpaid). */
function notPayableReason(order: BatchOrderItem): string | null {
  if (order.status !== 'CREATED' || order.abilities.canPay) return null;
  return order.abilities.payRefusal ?? '批量订单暂不能支付';
}

/**
 * One batch order: its head with the actions its abilities allow (扫码支付, 取消订单, 线下缴费/免费开通
 * for staff holding 免费开通; none while its import runs, and why it cannot be paid) and its child
 * orders. The 批量缴费 page and 订单管理's 团体缴费订单详情 both show it.
 */
export function BatchOrderDetail({ id, title, paysHere, back }: BatchOrderDetailProps) {
  const navigate = useNavigate();
  const access = useAccess();
  const state = useRecord(id, getBatchOrder);
  const [version, setVersion] = useState(0);
  const [payment, setPayment] = useState<NativePayment | null>(null);
  const [paying, setPaying] = useState(false);
  const [passOpen, setPassOpen] = useState(false);

  /** Reads the batch order and its children again without leaving the page. */
  const refresh = async () => {
    try {
      state.set(await getBatchOrder(id));
    } catch {
      // The request client has shown why; the page keeps what it showed.
    }
    setVersion((current) => current + 1);
  };
  /** Shows a batch order an action answered, and reads its children again. */
  const changed = (order: BatchOrderItem) => {
    state.set(order);
    setVersion((current) => current + 1);
  };

  const pay = async () => {
    setPaying(true);
    try {
      const answer = await payBatchOrder(id);
      if (answer.kind === 'PAID') {
        void message.success('批量订单已支付');
        await refresh();
      } else {
        setPayment({ codeUrl: answer.codeUrl, simulatorScanUrl: answer.simulatorScanUrl });
      }
    } catch {
      // The request client has shown why.
    } finally {
      setPaying(false);
    }
  };

  const cancel = async () => {
    try {
      changed(await cancelBatchOrder(id));
      void message.success('批量订单已取消');
    } catch {
      // The request client has shown why.
    }
  };

  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  const order = state.record;
  // The server's abilities decide (docs/api-conventions.md "Abilities"): e.g. an unpaid batch order
  // changes only once its import has ended, and only staff holding 免费开通 pass it.
  const { abilities } = order;
  const canPass = abilities.canPass;
  const reason = notPayableReason(order);

  const actions = (
    <Space wrap>
      {back}
      {abilities.canPay && paysHere && (
        <Button type="primary" icon={<QrcodeOutlined />} loading={paying} onClick={() => void pay()}>
          扫码支付
        </Button>
      )}
      {abilities.canPay && !paysHere && access.can(BATCH_PAY_PAGE) && (
        <Button type="primary" onClick={() => navigate(batchPayPath(order.id))}>
          去缴费
        </Button>
      )}
      {canPass && <Button onClick={() => setPassOpen(true)}>线下缴费/免费开通</Button>}
      {abilities.canCancel && (
        <Popconfirm
          title={`取消批量订单 ${order.batchNo}？`}
          description="所有学员订单将关闭，报名随之取消。"
          okText="取消订单"
          cancelText="再想想"
          onConfirm={cancel}
        >
          <Button danger>取消订单</Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      <Card title={title} extra={actions}>
        {reason && <Alert type="info" showIcon title={reason} style={{ marginBottom: 16 }} />}
        <BatchOrderHead order={order} />
      </Card>
      <BatchOrderChildren order={order} version={version} onChanged={state.set} />
      {paysHere && (
        <BatchPayModal
          order={order}
          payment={payment}
          onClose={() => setPayment(null)}
          onSettled={(paid) => {
            setPayment(null);
            if (paid) void message.success('支付成功');
            else void message.warning('批量订单已不能支付');
            void refresh();
          }}
        />
      )}
      {canPass && (
        <PassBatchOrderModal
          order={order}
          open={passOpen}
          onClose={() => setPassOpen(false)}
          onDone={(answer) => {
            setPassOpen(false);
            changed(answer);
          }}
        />
      )}
    </Flex>
  );
}
