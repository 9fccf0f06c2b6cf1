import type { ClassCenterDetail, ClassCourseKind, ClassLessonItem } from '@px/api/contract';
import { formatDuration } from '@px/config';
import { PlayCircleO } from '@react-vant/icons';
import { Tag } from 'react-vant';
import { EmptyState } from '../../../components/EmptyState';
import { formatHours } from '../../../utils/class-format';

type DetailCourse = ClassCenterDetail['courses'][number];

const GROUP_TITLE: Readonly<Record<ClassCourseKind, string>> = {
  REQUIRED: '必修课程',
  ELECTIVE: '选修课程',
};

export interface CourseListProps {
  courses: readonly DetailCourse[];
  /** The project hides electives (`hideElective`): the elective group is left out. */
  hideElective: boolean;
  /** The project lets visitors watch trials (`trySeeVideo`). */
  trialsOn: boolean;
  /** The visitor has enrolled (lessons without a trial say nothing then). */
  enrolled: boolean;
  /** Opens the trial of a lesson (only lessons with trial seconds offer it). */
  onTrial: (lesson: ClassLessonItem) => void;
}

/** Whether a lesson may be watched as a trial. */
export function hasTrial(lesson: ClassLessonItem, trialsOn: boolean): boolean {
  return trialsOn && lesson.trialSeconds > 0;
}

/** One lesson: name, length and hours; 试看 (tap to play) when it has a trial, else 报名后观看. */
function LessonRow({
  lesson,
  trial,
  enrolled,
  onTrial,
}: {
  lesson: ClassLessonItem;
  trial: boolean;
  enrolled: boolean;
  onTrial: (lesson: ClassLessonItem) => void;
}) {
  const body = (
    <>
      <span className="class-detail__lesson-name">{lesson.name}</span>
      <span className="class-detail__lesson-meta">
        {formatDuration(lesson.durationSeconds)} · {formatHours(lesson.hours)}
      </span>
      {trial ? (
        <Tag type="success" className="class-detail__lesson-tag">
          <PlayCircleO /> 试看
        </Tag>
      ) : (
        !enrolled && <span className="class-detail__lesson-locked">报名后观看</span>
      )}
    </>
  );
  if (!trial) return <li className="class-detail__lesson">{body}</li>;
  return (
    <li className="class-detail__lesson">
      <button
        type="button"
        className="class-detail__lesson-button"
        aria-label={`试看 ${lesson.name}`}
        onClick={() => onTrial(lesson)}
      >
        {body}
      </button>
    </li>
  );
}

/** One course of the class with its hours, teacher and lessons. */
function CourseCard({
  course,
  ...lessonProps
}: { course: DetailCourse } & Omit<CourseListProps, 'courses' | 'hideElective'>) {
  return (
    <article className="class-detail__course">
      <h4 className="class-detail__course-name">{course.name}</h4>
      <p className="class-detail__course-meta">
        {formatHours(course.hours)} · {course.lessonCount} 课时
        {course.teacherName ? ` · 讲师 ${course.teacherName}` : ''}
      </p>
      <ul className="class-detail__lessons">
        {course.lessons.map((lesson) => (
          <LessonRow
            key={lesson.lessonId}
            lesson={lesson}
            trial={hasTrial(lesson, lessonProps.trialsOn)}
            enrolled={lessonProps.enrolled}
            onTrial={lessonProps.onTrial}
          />
        ))}
      </ul>
    </article>
  );
}

/** The courses of a class in two groups, 必修课程 and 选修课程 (unless the project hides electives). */
export function CourseList({ courses, hideElective, ...rest }: CourseListProps) {
  const kinds: ClassCourseKind[] = hideElective ? ['REQUIRED'] : ['REQUIRED', 'ELECTIVE'];
  const groups = kinds
    .map((kind) => ({ kind, courses: courses.filter((course) => course.kind === kind) }))
    .filter((group) => group.courses.length > 0);
  if (groups.length === 0) return <EmptyState description="暂无课程" />;
  return (
    <div className="class-detail__courses">
      {groups.map((group) => (
        <section key={group.kind} className="class-detail__course-group">
          <h3 className="class-detail__group-title">{GROUP_TITLE[group.kind]}</h3>
          {group.courses.map((course) => (
            <CourseCard key={course.courseId} course={course} {...rest} />
          ))}
        </section>
      ))}
    </div>
  );
}
