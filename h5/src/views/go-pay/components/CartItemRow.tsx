import { CART_UNAVAILABLE_LABEL, type CartItem } from '@px/api/contract';
import { DeleteO } from '@react-vant/icons';
import { Checkbox, Tag } from 'react-vant';
import { classHoursText, formatPrice } from '../../../utils/class-format';

export interface CartItemRowProps {
  item: CartItem;
  checked: boolean;
  hideElective: boolean;
  onToggle: (id: number) => void;
  onRemove: (id: number) => void;
}

/** The reason an item cannot be checked out, as the cart shows it. */
export function unavailableLabel(item: CartItem): string {
  return item.unavailableReason ? CART_UNAVAILABLE_LABEL[item.unavailableReason] : '不可结算';
}

/**
 * One item of the cart: a checkbox (available items only), the class, its hours and price; an
 * unavailable item is greyed with its reason. The bin button removes it.
 */
export function CartItemRow({ item, checked, hideElective, onToggle, onRemove }: CartItemRowProps) {
  return (
    <li className={`go-pay__item${item.available ? '' : ' go-pay__item--unavailable'}`}>
      <Checkbox
        className="go-pay__check"
        checked={item.available && checked}
        disabled={!item.available}
        onChange={() => onToggle(item.id)}
      >
        <span className="go-pay__sr-only">选择 {item.className}</span>
      </Checkbox>
      <div className="go-pay__item-body">
        <h3 className="go-pay__item-name">{item.className}</h3>
        <p className="go-pay__item-meta">{item.categoryPath}</p>
        <p className="go-pay__item-meta">{classHoursText(item, hideElective)}</p>
        <div className="go-pay__item-foot">
          <span className="go-pay__item-price">{formatPrice(item.amount)}</span>
          {!item.available && <Tag type="default">{unavailableLabel(item)}</Tag>}
        </div>
      </div>
      <button
        type="button"
        className="go-pay__remove"
        aria-label={`删除 ${item.className}`}
        onClick={() => onRemove(item.id)}
      >
        <DeleteO />
      </button>
    </li>
  );
}
