import { type ClassCenterItem, fenToYuan } from '@px/api/contract';
import { Link } from 'react-router-dom';
import { Tag } from 'react-vant';
import './class-card.css';

/** A price in fen as the H5 shows it: `¥98.00`, or 免费 for 0. */
export function formatPrice(fen: number): string {
  return fen === 0 ? '免费' : `¥${fenToYuan(fen)}`;
}

/** Hours with one decimal, as the H5 shows them: `12.0 学时`. */
export function formatHours(hours: number): string {
  return `${hours.toFixed(1)} 学时`;
}

/** The hours of a class: `必修 12.0 学时 · 选修 4.0 学时`, the elective part left out with `hideElective`. */
export function classHoursText(
  item: Pick<ClassCenterItem, 'requiredHours' | 'electiveHours'>,
  hideElective: boolean,
): string {
  const required = `必修 ${formatHours(item.requiredHours)}`;
  return hideElective ? required : `${required} · 选修 ${formatHours(item.electiveHours)}`;
}

/** The rating of a class: `4.5 分（12 人评价）`, or 暂无评价. */
export function ratingText(item: Pick<ClassCenterItem, 'rating' | 'evaluationCount'>): string {
  return item.rating === null ? '暂无评价' : `${item.rating.toFixed(1)} 分（${item.evaluationCount} 人评价）`;
}

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
