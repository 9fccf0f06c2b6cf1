import { ORDER_CLOSE_REASON_LABEL, ORDER_STATUS_LABEL, type OrderView } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Checked, Failure, InfoO } from '@react-vant/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'react-vant';
import { listMyClasses } from '../../../api/my-class';
import { OrderItemList } from '../../../components/OrderItemList';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { CLASS_SELECT_CENTER_PATH, GO_PAY_PATH, myTabPath, studyPagePath } from '../../../router/paths';

interface OutcomeProps {
  tone: 'success' | 'closed' | 'info';
  icon: ReactNode;
  title: string;
  message: string;
  order: OrderView;
  children: ReactNode;
}

/** A final state of the pay page: a big icon, what happened, the order's classes and where to go next. */
function Outcome({ tone, icon, title, message, order, children }: OutcomeProps) {
  return (
    <main className="page order-pay order-pay--outcome">
      <section className={`order-pay__result order-pay__result--${tone}`}>
        <span className="order-pay__result-icon" aria-hidden="true">
          {icon}
        </span>
        <h1 className="order-pay__result-title">{title}</h1>
        <p className="order-pay__result-message">{message}</p>
      </section>
      <section className="order-pay__card" aria-label={order.kind === 'CMS' ? '考试报名费' : '报名班级'}>
        {order.kind === 'CMS' ? (
          <p className="order-pay__fee-title">{order.title}</p>
        ) : (
          <OrderItemList items={order.items} />
        )}
        <p className="order-pay__total">
          订单编号 {order.orderNo}
          <span>
            合计 <strong>{formatFen(order.totalAmount)}</strong>
          </span>
        </p>
      </section>
      <div className="order-pay__result-actions">{children}</div>
    </main>
  );
}

/** The enrolments read to find the one just bought (newest first: it is among the first). */
const NEWEST_ENROLMENTS = 50;

/**
 * Where 去学习 leads after paying: the study page of the class just bought (an order of one class),
 * else 我的班级 (several classes, or its enrolment not found among the newest).
 */
export async function studyPathAfterPaying(order: Pick<OrderView, 'items'>): Promise<string> {
  const [only, ...more] = order.items;
  if (!only || more.length > 0) return myTabPath('classes');
  const page = await listMyClasses({ pageNum: 1, pageSize: NEWEST_ENROLMENTS, scope: 'current' });
  const enrolment = page.list.find((item) => item.classId === only.classId);
  return enrolment ? studyPagePath(enrolment.id) : myTabPath('classes');
}

/**
 * 支付成功 (报名成功 for a free order): the student is enrolled; 去学习 opens the class just bought
 * (我的班级 for an order of several), 查看订单 我的订单.
 */
export function PaySuccess({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const lock = useSubmitLock();
  if (order.kind === 'CMS')
    return (
      <Outcome
        tone="success"
        icon={<Checked />}
        title="缴费成功"
        message="报名费已缴纳，考场安排后可查看准考证"
        order={order}
      >
        <Button round block type="primary" onClick={() => navigate(myTabPath('exams'))}>
          查看考试报名
        </Button>
      </Outcome>
    );
  const free = order.totalAmount === 0;
  const study = () =>
    void lock
      .run(async () => navigate(await studyPathAfterPaying(order).catch(() => myTabPath('classes'))))
      .catch(() => undefined);
  return (
    <Outcome
      tone="success"
      icon={<Checked />}
      title={free ? '报名成功' : '支付成功'}
      message={free ? '免费班级已为您开通，现在就可以开始学习' : '报名成功，现在就可以开始学习'}
      order={order}
    >
      <Button round block type="primary" loading={lock.submitting} onClick={study}>
        去学习
      </Button>
      <Button round block plain type="primary" onClick={() => navigate(myTabPath('orders'))}>
        查看订单
      </Button>
    </Outcome>
  );
}

/** 订单已关闭 (timed out or cancelled), with the ways back to the cart and the class centre. */
export function OrderClosed({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const reason = order.closeReason ? ORDER_CLOSE_REASON_LABEL[order.closeReason] : '已关闭';
  if (order.kind === 'CMS')
    return (
      <Outcome
        tone="closed"
        icon={<Failure />}
        title="订单已关闭"
        message={`该订单${reason}，可在考试报名中重新缴费`}
        order={order}
      >
        <Button round block type="primary" onClick={() => navigate(myTabPath('exams'))}>
          返回考试报名
        </Button>
      </Outcome>
    );
  return (
    <Outcome
      tone="closed"
      icon={<Failure />}
      title="订单已关闭"
      message={`该订单${reason}，如需报名请重新选课下单`}
      order={order}
    >
      <Button round block type="primary" onClick={() => navigate(GO_PAY_PATH)}>
        返回购物车
      </Button>
      <Button round block plain type="primary" onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}>
        去选课
      </Button>
    </Outcome>
  );
}

/** An order in after-sales (退款中, 已退款): its state, and the way to the student's orders. */
export function OrderAfterSales({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  return (
    <Outcome
      tone="info"
      icon={<InfoO />}
      title={ORDER_STATUS_LABEL[order.status]}
      message="该订单已申请退款，进度请在我的订单中查看"
      order={order}
    >
      <Button round block type="primary" onClick={() => navigate(myTabPath('orders'))}>
        查看订单
      </Button>
    </Outcome>
  );
}
