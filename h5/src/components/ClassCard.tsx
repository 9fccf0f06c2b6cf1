import type { ClassCenterItem } from '@px/api/contract';
import { Link } from 'react-router-dom';
import { Tag } from 'react-vant';
import { classHoursText, formatPrice, ratingText } from '../utils/class-format';
import './class-card.css';

export interface ClassCardProps {
  item: ClassCenterItem;
  /** Where the card leads (the class detail page with `?id=`). */
  to: string;
  /** The project's `hideElective`: elective hours are not shown. */
  hideElective: boolean;
  /** `row`: a full-width card; `tile`: a card of a two-column grid. */
  shape?: 'row' | 'tile';
}

/**
 * A class as the H5 lists it (class centre, entry pages, related classes): name, type path, hours,
 * price, rating and enrol end date; the whole card links to `to`.
 */
export function ClassCard({ item, to, hideElective, shape = 'row' }: ClassCardProps) {
  return (
    <Link className={`class-card class-card--${shape}`} to={to} aria-label={item.name}>
      <h3 className="class-card__name">{item.name}</h3>
      <p className="class-card__path">
        <Tag plain type="primary">
          {item.year}年度
        </Tag>
        <span>{item.categoryPath}</span>
      </p>
      <p className="class-card__hours">{classHoursText(item, hideElective)}</p>
      <p className="class-card__meta">
        <span className="class-card__rating">{ratingText(item)}</span>
        <span>报名截止 {item.enrolEndDate}</span>
      </p>
      <p className={`class-card__price${item.amount === 0 ? ' class-card__price--free' : ''}`}>
        {formatPrice(item.amount)}
      </p>
    </Link>
  );
}
