import type { ClassCenterDetail } from '@px/api/contract';
import { formatDateRange } from '@px/config';
import { Rate, Tag } from 'react-vant';
import { classHoursText, formatPrice } from '../../../utils/class-format';

/** The class's average rating with its count, or 暂无评分. */
function RatingLine({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null) return <span className="class-detail__muted">暂无评分</span>;
  return (
    <span className="class-detail__rating">
      <Rate readOnly allowHalf size={14} value={rating} />
      <span>{rating.toFixed(1)} 分</span>
      <span className="class-detail__muted">（{count} 条评价）</span>
    </span>
  );
}

/** The head of the class detail: name, class type, price, hours, windows, teacher and rating. */
export function DetailHeader({ detail, hideElective }: { detail: ClassCenterDetail; hideElective: boolean }) {
  return (
    <header className="class-detail__header">
      <h1 className="class-detail__name">{detail.name}</h1>
      <div className="class-detail__tags">
        <Tag plain type="primary">
          {detail.categoryPath}
        </Tag>
        <Tag plain>{detail.year} 年度</Tag>
      </div>
      <p className="class-detail__price">{formatPrice(detail.amount)}</p>
      <dl className="class-detail__facts">
        <dt>学时</dt>
        <dd>{classHoursText(detail, hideElective)}</dd>
        <dt>学习时间</dt>
        <dd>{formatDateRange(detail.studyStartDate, detail.studyEndDate)}</dd>
        <dt>报名截止</dt>
        <dd>{detail.enrolEndDate}</dd>
        {detail.teacherName && (
          <>
            <dt>讲师</dt>
            <dd>{detail.teacherName}</dd>
          </>
        )}
        <dt>评分</dt>
        <dd>
          <RatingLine rating={detail.rating} count={detail.evaluationCount} />
        </dd>
      </dl>
    </header>
  );
}
