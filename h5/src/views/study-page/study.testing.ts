import type {
  HeartbeatAnswer,
  PlayerRules,
  StudyCourse,
  StudyInfo,
  StudyLesson,
  StudyStart,
} from '@px/api/contract';

/** Test builders of the study page's answers (`my-class/study-info`, `study/start`, `study/heartbeat`). */

export const SESSION_ID = '6f1c2b9e-8d3a-4c5e-9b7f-1a2b3c4d5e6f';

export function buildRules(overrides: Partial<PlayerRules> = {}): PlayerRules {
  return {
    seek: 'WATCHED',
    freeSeekWhenFinished: true,
    canSpeed: false,
    showHd: true,
    showLanguage: false,
    idleMinutes: 15,
    faceCheck: false,
    beatIntervalSeconds: 15,
    ...overrides,
  };
}

export function buildLesson(overrides: Partial<StudyLesson> = {}): StudyLesson {
  return {
    lessonId: 301,
    name: '安全生产概述',
    durationSeconds: 120,
    hours: 0.5,
    creditedSeconds: 0,
    coverage: 0,
    finished: false,
    lastPosition: 0,
    locked: false,
    ...overrides,
  };
}

export function buildCourse(overrides: Partial<StudyCourse> = {}): StudyCourse {
  return {
    courseId: 11,
    name: '安全生产基础',
    kind: 'REQUIRED',
    hours: 1.5,
    lessons: [buildLesson()],
    ...overrides,
  };
}

export function buildStudyInfo(overrides: Partial<StudyInfo> = {}): StudyInfo {
  return {
    myClassId: 41,
    classId: 5,
    className: '公需科目综合学习班',
    year: 2025,
    baseType: 'public',
    status: 'STUDYING',
    studyStartDate: '2025-01-01',
    studyEndDate: '2026-12-31',
    studyOpen: true,
    closedReason: null,
    studyInOrder: false,
    requiredHours: 1.5,
    electiveHours: 1,
    creditedRequiredHours: 0.5,
    creditedElectiveHours: 0,
    rules: buildRules(),
    courses: [buildCourse()],
    ...overrides,
  };
}

export function buildStart(overrides: Partial<StudyStart> = {}): StudyStart {
  return {
    sessionId: SESSION_ID,
    lessonId: 301,
    name: '安全生产概述',
    url: 'http://localhost/api/media/video/abc.mp4?token=t',
    urlExpiresAt: '2025-03-01T10:00:00.000Z',
    durationSeconds: 120,
    resumePosition: 0,
    furthestPosition: 0,
    creditedSeconds: 0,
    finished: false,
    rules: buildRules(),
    questions: [],
    awaiting: null,
    ...overrides,
  };
}

export function beatAnswer(overrides: Partial<HeartbeatAnswer> = {}): HeartbeatAnswer {
  return {
    credited: 15,
    refusal: null,
    action: { kind: 'CONTINUE' },
    creditedSeconds: 15,
    coverage: 0.125,
    finished: false,
    finishedNow: false,
    status: 'STUDYING',
    ...overrides,
  };
}
