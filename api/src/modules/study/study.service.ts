import type { ProjectSettings } from '@px/config';
import type { Transaction } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import type { PlayerRules, StudyCourse, StudyInfo, StudyLesson } from '../../contract/study';
import type { MyClassStatus } from '../../contract/train-class';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { categoryPlaces } from '../class-category/category-places';
import { chinaToday } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { BEAT_INTERVAL_SECONDS, coveredSeconds, type SeekRule } from './heartbeat';
import {
  classLessons,
  hours,
  lockedLessons,
  progressKey,
  progressOf,
  targetTenths,
} from './progress.service';

/**
 * Studying an enrolment: the study page (courses, lessons, what was credited, locks) and the rules
 * every study call shares (the player's rules, whether an enrolment may be studied today). Sessions
 * that play one lesson and their beats are in `session.service.ts`; lesson progress and the
 * roll-up of hours into the enrolment in `progress.service.ts`.
 */

const ENROLMENT_NOT_FOUND = '班级不存在或未报名';
/** Enrolments that may be studied. */
const STUDYABLE: readonly MyClassStatus[] = ['STUDYING', 'FINISHED_STUDY', 'PASSED'];

/** The player's rules from the project's settings (spec section 3). */
export function playerRules(settings: ProjectSettings): PlayerRules {
  const seek: SeekRule =
    settings.videoCanSeek === 1 ? 'FREE' : settings.videoCanSeekByLimitTime === 1 ? 'WATCHED' : 'NONE';
  return {
    seek,
    freeSeekWhenFinished: settings.finishVideoCanSeek === 1,
    canSpeed: settings.videoCanSpeed === 1,
    showHd: settings.videoShowHd === 1,
    showLanguage: settings.videoLanguage === 1,
    idleMinutes: settings.videoTaskTime,
    faceCheck: settings.needCheckFacePass === 1,
    beatIntervalSeconds: BEAT_INTERVAL_SECONDS,
  };
}

/** An enrolment of the signed-in student with its class. Throws BusinessError when it is not theirs. */
export async function loadEnrolment(scope: ActorScope, myClassId: number, transaction?: Transaction) {
  const enrolment = await MyClass.findOne({
    where: { id: myClassId, projectId: scope.project.id, accountId: scope.principal.accountId },
    transaction,
  });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { id: enrolment.classId, projectId: scope.project.id }, transaction })
    : null;
  if (!enrolment || !cls) throw new BusinessError(ENROLMENT_NOT_FOUND);
  return { enrolment, cls };
}

/** Why an enrolment may not be studied on China day `today`, or null when it may. */
export function closedReason(
  status: MyClassStatus,
  cls: Pick<TrainClass, 'studyStartDate' | 'studyEndDate'>,
  today: string,
): string | null {
  if (status === 'PENDING_PAY') return '订单尚未支付';
  if (!STUDYABLE.includes(status)) return '该班级已不能学习';
  if (today < cls.studyStartDate) return `学习时间从 ${cls.studyStartDate} 开始`;
  if (today > cls.studyEndDate) return `学习时间已于 ${cls.studyEndDate} 结束`;
  return null;
}

/** `my-class/study-info`: the study page of one of the student's enrolments. */
export async function studyInfo(
  scope: ActorScope,
  myClassId: number,
  now = scope.providers.clock.now(),
): Promise<StudyInfo> {
  const projectId = scope.project.id;
  const { enrolment, cls } = await loadEnrolment(scope, myClassId);
  const { links, courses, ordered } = await classLessons(projectId, cls.id);
  const progress = await progressOf(projectId, enrolment.id);
  const locked = lockedLessons(ordered, progress, cls.studyInOrder);
  const places = await categoryPlaces(projectId);
  const target = targetTenths(cls, links, scope.project.settings);
  const reason = closedReason(enrolment.status, cls, chinaToday(now));
  const studyCourses: StudyCourse[] = links.flatMap((link) => {
    const course = courses.get(link.courseId);
    if (!course) return [];
    const lessons: StudyLesson[] = ordered
      .filter((entry) => entry.link === link)
      .map(({ lesson, video }) => {
        const row = progress.get(progressKey(lesson.courseId, lesson.resourceId));
        const duration = row?.durationSeconds ?? video?.durationSeconds ?? 0;
        return {
          lessonId: lesson.id,
          name: row?.lessonName ?? video?.name ?? '',
          durationSeconds: duration,
          hours: hours(lesson.hoursTenths),
          creditedSeconds: Math.floor(row?.creditedSeconds ?? 0),
          coverage: row && duration > 0 ? Math.min(1, coveredSeconds(row.segments, duration) / duration) : 0,
          finished: Boolean(row?.finishedAt),
          lastPosition: row?.lastPosition ?? 0,
          locked: locked.has(lesson.id),
        };
      });
    return [
      { courseId: course.id, name: course.name, kind: link.kind, hours: hours(link.hoursTenths), lessons },
    ];
  });
  return {
    myClassId: enrolment.id,
    classId: cls.id,
    className: cls.name,
    year: cls.year,
    baseType: (places.get(cls.categoryId)?.baseType ?? 'public') as ClassBaseType,
    status: enrolment.status,
    studyStartDate: cls.studyStartDate,
    studyEndDate: cls.studyEndDate,
    studyOpen: reason === null,
    closedReason: reason,
    studyInOrder: cls.studyInOrder,
    requiredHours: hours(target.required),
    electiveHours: hours(target.elective),
    creditedRequiredHours: hours(enrolment.requiredTenths),
    creditedElectiveHours: hours(enrolment.electiveTenths),
    rules: playerRules(scope.project.settings),
    courses: studyCourses,
  };
}
