import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';
import type { ClassBaseType } from './class-category';
import { zInput } from './common';
import type { QuestionType } from './course';
import { type FaceCheckAnswer, faceCheckInput } from './face';
import type { MyClassStatus } from './train-class';

/**
 * Studying a class (docs/product-decisions.md "Study"): the study page lists the class's lessons
 * with what the server credited; a session plays one lesson and beats every 15 s; the server
 * decides every second credited (api/src/modules/study/heartbeat.ts) and tells the player what to do.
 */

/** Why a beat credited nothing (the player may show it; the archive lists it). */
export const BEAT_REFUSALS = [
  'OUT_OF_ORDER',
  'HIDDEN',
  'SPEED',
  'SEEK',
  'SEEK_AHEAD',
  'AWAITING_QUESTION',
  'AWAITING_IDLE',
  'AWAITING_FACE',
  'SUPERSEDED',
] as const;
export type BeatRefusalReason = (typeof BEAT_REFUSALS)[number];
export const BEAT_REFUSAL_LABEL: Readonly<Record<BeatRefusalReason, string>> = {
  OUT_OF_ORDER: '心跳顺序错误（重放或乱序）',
  HIDDEN: '页面不在前台',
  SPEED: '倍速播放',
  SEEK: '拖动进度',
  SEEK_AHEAD: '拖动到未学习的位置',
  AWAITING_QUESTION: '等待回答弹题',
  AWAITING_IDLE: '等待确认在学',
  AWAITING_FACE: '等待人脸核验',
  SUPERSEDED: '已在其他设备学习',
};

/** Where the player may seek (from `videoCanSeek` and `videoCanSeekByLimitTime`). */
export type SeekRule = 'FREE' | 'WATCHED' | 'NONE';

/** The player's rules for the student (project settings, section 3). */
export interface PlayerRules {
  seek: SeekRule;
  /** Seeking is free once a lesson is finished (`finishVideoCanSeek`). */
  freeSeekWhenFinished: boolean;
  canSpeed: boolean;
  showHd: boolean;
  showLanguage: boolean;
  /** Minutes between anti-idle prompts (`videoTaskTime`); 0 = off. */
  idleMinutes: number;
  /** A face check passes before study and at random points (`needCheckFacePass`). */
  faceCheck: boolean;
  beatIntervalSeconds: number;
}

/** A lesson of the study page with what the student has of it. */
export interface StudyLesson {
  /** The lesson's id today (to start it). */
  lessonId: number;
  name: string;
  durationSeconds: number;
  /** Hours (one decimal). */
  hours: number;
  creditedSeconds: number;
  /** Share of the video watched, 0..1. */
  coverage: number;
  finished: boolean;
  /** Where to resume, seconds. */
  lastPosition: number;
  /** Locked until the lessons before it are finished (classes studied in order). */
  locked: boolean;
}

/** A course of the class on the study page. */
export interface StudyCourse {
  courseId: number;
  name: string;
  kind: 'REQUIRED' | 'ELECTIVE';
  /** Hours the course counts for in this class. */
  hours: number;
  lessons: StudyLesson[];
}

/** `my-class/study-info`: the study page of one enrolment. */
export interface StudyInfo {
  myClassId: number;
  classId: number;
  className: string;
  year: number;
  baseType: ClassBaseType;
  status: MyClassStatus;
  studyStartDate: string;
  studyEndDate: string;
  /** Whether today is within the study window and the enrolment may be studied. */
  studyOpen: boolean;
  /** Why not, when it may not. */
  closedReason: string | null;
  studyInOrder: boolean;
  requiredHours: number;
  electiveHours: number;
  creditedRequiredHours: number;
  creditedElectiveHours: number;
  rules: PlayerRules;
  courses: StudyCourse[];
}

/** One enrolment of the signed-in student (`my-class/study-info`). */
export const myClassIdInput = z.object({ myClassId: zInput.id() });

/** A pop-up question as the player gets it (never with its answer). */
export interface PlayerQuestion {
  id: number;
  markSecond: number;
  type: QuestionType;
  content: string;
  options: string[];
}

/** `study/start`: a session playing one lesson of an enrolment. */
export const studyStartInput = z.object({ myClassId: zInput.id(), lessonId: zInput.id() });

/** `study/start`: the session, how to play the video and where to resume. */
export interface StudyStart {
  sessionId: string;
  lessonId: number;
  name: string;
  url: string;
  urlExpiresAt: string;
  durationSeconds: number;
  resumePosition: number;
  furthestPosition: number;
  creditedSeconds: number;
  finished: boolean;
  rules: PlayerRules;
  /** The video's pop-up questions the student has not answered. */
  questions: PlayerQuestion[];
  /** What the session waits for before it credits (a face check before study). */
  awaiting: 'FACE' | null;
}

/** `study/heartbeat`: one beat of the player. */
export const heartbeatInput = z.object({
  sessionId: z.uuid({ error: '学习会话不正确' }),
  seq: z.number({ error: '序号应为正整数' }).int().min(1).max(1_000_000),
  position: z.number({ error: '播放位置不正确' }).min(0).max(86_400),
  rate: z.number({ error: '播放速度不正确' }).min(0.25).max(16),
  visible: z.boolean({ error: '页面可见性不正确' }),
  /**
   * The last beat of the session: the page is going away (reloaded, closed, left). Judged like any
   * beat, then the session ends with it (one request, so the end never overtakes the beat).
   */
  last: z.boolean({ error: '结束标记不正确' }).optional(),
});

/** What the player must do after a beat. */
export type PlayerAction =
  | { kind: 'CONTINUE' }
  | { kind: 'SEEK_TO'; position: number }
  | { kind: 'QUESTION'; questionId: number; markSecond: number }
  | { kind: 'IDLE_PROMPT' }
  | { kind: 'FACE_CHECK' }
  /** Another device took over: stop playing. */
  | { kind: 'STOP' };

/** `study/heartbeat`: what was credited (or why not), the lesson's state and what to do. */
export interface HeartbeatAnswer {
  credited: number;
  refusal: BeatRefusalReason | null;
  action: PlayerAction;
  creditedSeconds: number;
  coverage: number;
  finished: boolean;
  /** The lesson became finished with this beat. */
  finishedNow: boolean;
  /** The enrolment's state after the beat (it moves on when the hours are reached). */
  status: MyClassStatus;
}

/** `study/answer-question`: the answer (option letters, sorted) to the pop-up question the session waits for. */
export const answerQuestionInput = z.object({
  sessionId: z.uuid({ error: '学习会话不正确' }),
  questionId: zInput.id(),
  answer: z
    .string({ error: '请选择答案' })
    .trim()
    .regex(/^[A-F]{1,6}$/, { error: '答案应为选项字母' }),
});

/** `study/answer-question`: whether it was right, the right answer and the explanation; play resumes. */
export interface AnswerQuestionAnswer {
  correct: boolean;
  answer: string;
  explanation: string | null;
}

/** `study/confirm-idle` and `study/end`: the session. */
export const sessionInput = z.object({ sessionId: z.uuid({ error: '学习会话不正确' }) });

/**
 * Why `study/start` refuses a student whose profile the project still needs (`account/is-need-complete`):
 * the answer's `attribute` is `{ reason: STUDY_NEEDS_INFO, missing }`, and the H5 sends the student
 * to `/student/info` first.
 */
export const STUDY_NEEDS_INFO = 'NEED_COMPLETE_INFO';
export const STUDY_NEEDS_INFO_MESSAGE = '请先完善个人信息后再开始学习';

/** The study calls of the student: the study page (`my-class/...`) and the sessions (`study/...`). */
export const studyPageCalls = defineCalls('my-class', {
  /** The study page of one enrolment: courses, lessons, progress, locks and the player's rules. */
  'study-info': { input: myClassIdInput, answer: answer<StudyInfo>(), access: student },
});

export const studyCalls = defineCalls('study', {
  /** Starts playing a lesson (the newest device wins: other sessions of the student stop). */
  start: { input: studyStartInput, answer: answer<StudyStart>(), access: student },
  /** One beat of the player; the server credits what it may and says what to do (`last`: and ends the session). */
  heartbeat: { input: heartbeatInput, answer: answer<HeartbeatAnswer>(), access: student },
  /** Answers the pop-up question the session waits for. */
  'answer-question': { input: answerQuestionInput, answer: answer<AnswerQuestionAnswer>(), access: student },
  /** Confirms the student is still there (the anti-idle prompt). */
  'confirm-idle': { input: sessionInput, answer: answer<null>(), access: student },
  /** A capture for the face check the session waits for (multipart `file`); study resumes when it matches. */
  'face-check': { input: faceCheckInput, answer: answer<FaceCheckAnswer>(), access: student, upload: true },
  /** Ends a session (the page closes the player). */
  end: { input: sessionInput, answer: answer<null>(), access: student },
});
