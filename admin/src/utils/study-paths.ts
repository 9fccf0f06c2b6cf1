import type { MenuUrl } from '@px/config';

/**
 * The pages of student management and the study archive, and the addresses of their records
 * (`?id=`), shared by the screens that link to each other.
 */
export const STUDENT_LIST_PAGE = '/student-manage/student' satisfies MenuUrl;
export const STUDENT_DETAIL_PAGE = '/student-manage/student-detail' satisfies MenuUrl;
export const STUDY_REPORT_PAGE = '/train-manage/study-report' satisfies MenuUrl;
export const REPORT_STUDENT_PAGE = '/train-manage/study-report/student-detail' satisfies MenuUrl;
export const STUDY_DETAIL_PAGE = '/train-manage/study-report/study-detail' satisfies MenuUrl;

/** 学员详情 of a student (account id). */
export const studentDetailPath = (accountId: number) => `${STUDENT_DETAIL_PAGE}?id=${accountId}`;
/** 学员档案详情 of a student (account id). */
export const reportStudentPath = (accountId: number) => `${REPORT_STUDENT_PAGE}?id=${accountId}`;
/** 学习详情 of an enrolment (my class id). */
export const studyDetailPath = (myClassId: number) => `${STUDY_DETAIL_PAGE}?id=${myClassId}`;
