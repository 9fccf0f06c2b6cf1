import type { ProjectSettings } from '@px/config';
import type { ClassCenterItem } from '../../contract/class-center';
import type { CategoryPlace } from '../class-category/category-places';
import type { ClassHours } from '../train-class/class-read';
import type { TrainClass } from '../train-class/train-class.model';

/** How the H5 class centre answers a class. */

/** What the H5 item of a class is made of, besides the class itself. */
export interface ItemParts {
  place: CategoryPlace | undefined;
  hours: ClassHours | undefined;
  rating: { rating: number | null; count: number } | undefined;
  /** Elective courses left out of the count (hideElective). */
  hiddenCourses: number;
}

/** A class as the H5 lists it. */
export function presentCenterItem(
  cls: TrainClass,
  settings: ProjectSettings,
  parts: ItemParts,
): ClassCenterItem {
  return {
    id: cls.id,
    name: cls.name,
    year: cls.year,
    baseType: parts.place?.baseType ?? 'public',
    categoryPath: parts.place?.path ?? '',
    amount: cls.amountFen,
    requiredHours: (parts.hours?.requiredTenths ?? 0) / 10,
    electiveHours: settings.hideElective === 1 ? 0 : cls.electiveHoursTenths / 10,
    courseCount: (parts.hours?.courseCount ?? 0) - parts.hiddenCourses,
    teacherName: cls.teacherName,
    enrolEndDate: cls.enrolEndDate,
    studyStartDate: cls.studyStartDate,
    studyEndDate: cls.studyEndDate,
    rating: parts.rating?.rating ?? null,
    evaluationCount: parts.rating?.count ?? 0,
  };
}
