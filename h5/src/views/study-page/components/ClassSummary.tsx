import { MY_CLASS_STATUS_LABEL, type StudyInfo } from '@px/api/contract';
import { formatDateRange } from '@px/config';
import { Tag } from 'react-vant';

/** Hours credited against hours needed: `1.5 / 2.0`. */
function HoursLine({ label, credited, needed }: { label: string; credited: number; needed: number }) {
  return (
    <div className="study-summary__hours-item">
      <span className="study-summary__hours-label">{label}</span>
      <span className="study-summary__hours-value">
        <strong>{credited.toFixed(1)}</strong> / {needed.toFixed(1)} 学时
      </span>
    </div>
  );
}

/**
 * The class at the head of the study page: name, state, year and study window, the required (and,
 * when the class asks for any, elective) hours credited against those needed, and the order rule.
 */
export function ClassSummary({ info }: { info: StudyInfo }) {
  return (
    <header className="study-summary">
      <div className="study-summary__head">
        <h1 className="study-summary__name">{info.className}</h1>
        <Tag type={info.studyOpen ? 'primary' : 'default'} plain={!info.studyOpen}>
          {MY_CLASS_STATUS_LABEL[info.status]}
        </Tag>
      </div>
      <p className="study-summary__meta">
        {info.year} 年度 · 学习时间 {formatDateRange(info.studyStartDate, info.studyEndDate)}
      </p>
      <div className="study-summary__hours">
        <HoursLine label="必修" credited={info.creditedRequiredHours} needed={info.requiredHours} />
        {info.electiveHours > 0 && (
          <HoursLine label="选修" credited={info.creditedElectiveHours} needed={info.electiveHours} />
        )}
      </div>
      {info.studyInOrder && (
        <p className="study-summary__order">本班级按顺序学习：学完前一课时后解锁下一课时</p>
      )}
    </header>
  );
}
