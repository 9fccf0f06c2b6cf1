import type { StudyCourse, StudyLesson } from '@px/api/contract';
import { formatDuration } from '@px/config';
import { Lock, PlayCircleO } from '@react-vant/icons';
import { Progress, Tag } from 'react-vant';
import { EmptyState } from '../../../components/EmptyState';
import { formatHours } from '../../../utils/class-format';

/** Coverage as a whole percentage. */
export const coveragePercent = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * 100);

export interface LessonListProps {
  courses: readonly StudyCourse[];
  /** The lesson playing now, if any. */
  currentLessonId: number | null;
  onOpen: (lesson: StudyLesson) => void;
}

/** One lesson: name (a lock when locked), length and hours, coverage, credited time and 已学完. */
function LessonRow({
  lesson,
  current,
  onOpen,
}: {
  lesson: StudyLesson;
  current: boolean;
  onOpen: (lesson: StudyLesson) => void;
}) {
  const state = lesson.locked ? '未解锁' : lesson.finished ? '已学完' : current ? '学习中' : '未学完';
  return (
    <li>
      <button
        type="button"
        className={`study-lesson${lesson.locked ? ' study-lesson--locked' : ''}${current ? ' study-lesson--current' : ''}`}
        aria-label={`${lesson.name}（${state}）`}
        aria-current={current ? 'true' : undefined}
        onClick={() => onOpen(lesson)}
      >
        <span className="study-lesson__name">
          {lesson.locked ? (
            <Lock className="study-lesson__icon" aria-hidden="true" />
          ) : (
            <PlayCircleO className="study-lesson__icon" aria-hidden="true" />
          )}
          {lesson.name}
        </span>
        <span className="study-lesson__meta">
          {formatDuration(lesson.durationSeconds)} · {formatHours(lesson.hours)}
        </span>
        <Progress
          className="study-lesson__progress"
          percentage={coveragePercent(lesson.coverage)}
          showPivot={false}
          strokeWidth={4}
        />
        <span className="study-lesson__state">
          <span>
            已计时 {formatDuration(lesson.creditedSeconds)} · 已学 {coveragePercent(lesson.coverage)}%
          </span>
          {lesson.finished && (
            <Tag type="success" plain>
              已学完
            </Tag>
          )}
          {lesson.locked && <span className="study-lesson__locked">未解锁</span>}
        </span>
      </button>
    </li>
  );
}

/** The class's courses (必修 / 选修, hours) with their lessons, in study order. */
export function LessonList({ courses, currentLessonId, onOpen }: LessonListProps) {
  if (courses.length === 0) return <EmptyState description="本班级暂无课程" />;
  return (
    <div className="study-courses">
      {courses.map((course) => (
        <section key={course.courseId} className="study-course" aria-label={course.name}>
          <h3 className="study-course__name">
            <Tag type={course.kind === 'REQUIRED' ? 'primary' : 'warning'} plain>
              {course.kind === 'REQUIRED' ? '必修' : '选修'}
            </Tag>
            {course.name}
          </h3>
          <p className="study-course__meta">
            {formatHours(course.hours)} · {course.lessons.length} 课时
          </p>
          <ul className="study-course__lessons">
            {course.lessons.map((lesson) => (
              <LessonRow
                key={lesson.lessonId}
                lesson={lesson}
                current={lesson.lessonId === currentLessonId}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
