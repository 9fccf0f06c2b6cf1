import type { CartCheckout } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Cell, NoticeBar, SubmitBar } from 'react-vant';
import { formatPrice } from '../../../utils/class-format';
import { unavailableLabel } from './CartItemRow';

export interface CheckoutSummaryProps {
  checkout: CartCheckout;
  /** 提交订单 is under way. */
  submitting: boolean;
  onSubmit: () => void;
  onBack: () => void;
}

/**
 * 确认订单: what the checked items come to (`shop-cart/open-cart`): the classes to pay for, those
 * that cannot be paid for with their reason, the total and the project's payment note; 提交订单
 * (disabled when nothing can be paid for) and 返回购物车.
 */
export function CheckoutSummary({ checkout, submitting, onSubmit, onBack }: CheckoutSummaryProps) {
  return (
    <main className="page go-pay go-pay--checkout">
      <h1 className="go-pay__title">确认订单</h1>
      {checkout.payTip && <NoticeBar wrapable scrollable={false} text={checkout.payTip} />}
      <Cell.Group inset title="报名班级" className="go-pay__group">
        {checkout.items.map((item) => (
          <Cell
            key={item.id}
            className="go-pay__class-cell"
            title={item.className}
            label={item.categoryPath}
            value={formatPrice(item.amount)}
          />
        ))}
        {checkout.items.length === 0 && <Cell title="没有可结算的班级" />}
      </Cell.Group>
      {checkout.unavailable.length > 0 && (
        <Cell.Group inset title="以下班级无法结算" className="go-pay__group go-pay__group--unavailable">
          {checkout.unavailable.map((item) => (
            <Cell
              key={item.id}
              className="go-pay__class-cell"
              title={item.className}
              value={unavailableLabel(item)}
            />
          ))}
        </Cell.Group>
      )}
      <Cell.Group inset className="go-pay__group">
        <Cell
          title={`共 ${checkout.items.length} 个班级`}
          value={`合计 ${formatFen(checkout.totalAmount)}`}
        />
      </Cell.Group>
      <div className="go-pay__actions">
        <Button round block plain type="primary" onClick={onBack}>
          返回购物车
        </Button>
      </div>
      <SubmitBar
        label="合计："
        price={checkout.totalAmount}
        buttonText="提交订单"
        disabled={checkout.items.length === 0}
        loading={submitting}
        onSubmit={onSubmit}
      />
    </main>
  );
}
