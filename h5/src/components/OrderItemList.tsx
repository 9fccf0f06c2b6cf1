import type { OrderItemView } from '@px/api/contract';
import { formatPrice } from '../utils/class-format';
import './order-item-list.css';

/** The classes of an order as they were bought: name, year and price (免费 for 0). */
export function OrderItemList({ items }: { items: readonly OrderItemView[] }) {
  return (
    <ul className="order-items">
      {items.map((item) => (
        <li key={item.classId} className="order-items__item">
          <div className="order-items__body">
            <span className="order-items__name">{item.className}</span>
            <span className="order-items__year">{item.year} 年度</span>
          </div>
          <span className="order-items__price">{formatPrice(item.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
