import type {
  ClassifyNode,
  OpenClass,
  OpenPage,
  StudyProcess,
  StudyTaskAnswer,
  TrainInfoAnswer,
  UnlockCheckAnswer,
} from '@px/partner';
import type { z } from 'zod';
import type { ClassCategoryNode, StudyInfo } from '../../../contract';
import type {
  OPEN_CALLS,
  queryClassInput,
  signUpInput,
  studyProcessByOutAccountInput,
  studyProcessInput,
  trainInfoInput,
  unlockCheckInput,
} from '../../../contract/open';
import { BusinessError } from '../../../core/errors';
import { enforce } from '../../../core/policy';
import { classCategoryTree } from '../../class-category/class-category.service';
import { pageCenterClasses } from '../../class-center/class-center.service';
import { examEntry } from '../../exam/attempt.service';
import { studyInfo } from '../../study/study.service';
import { sameIdentity } from '../partner.policy';
import {
  appEnrolment,
  appEnrolmentsOf,
  asStudent,
  boundAccount,
  signUpStudent,
  ssoTicket,
} from '../partner-student.service';
import type { PartnerScope } from './open.route';

/**
 * The partner calls (docs/partner-api.md), each given the app's scope (its project, RLS bound) and
 * its parsed input. A partner sees only what it signed up: enrolments of other apps or of the
 * project's own students answer NOT_FOUND.
 */

const toClassifyNode = (node: ClassCategoryNode): ClassifyNode => ({
  id: node.id,
  name: node.name,
  children: node.children.map(toClassifyNode),
});

function presentProcess(info: StudyInfo, outAccountId: string | null): StudyProcess {
  const lessons = info.courses.flatMap((course) =>
    course.lessons.map((lesson) => ({
      lessonId: lesson.lessonId,
      courseName: course.name,
      name: lesson.name,
      hours: lesson.hours,
      creditedSeconds: lesson.creditedSeconds,
      finished: lesson.finished,
    })),
  );
  const percent =
    info.requiredHours > 0
      ? Math.min(100, Math.round((info.creditedRequiredHours / info.requiredHours) * 1000) / 10)
      : 100;
  return {
    enrolmentId: info.myClassId,
    outAccountId,
    classId: info.classId,
    className: info.className,
    status: info.status,
    requiredHours: info.requiredHours,
    electiveHours: info.electiveHours,
    creditedRequiredHours: info.creditedRequiredHours,
    creditedElectiveHours: info.creditedElectiveHours,
    percent,
    lessonsFinished: lessons.filter((lesson) => lesson.finished).length,
    lessonsTotal: lessons.length,
    lessons,
  };
}

async function processOf(scope: PartnerScope, enrolmentId: number): Promise<StudyProcess> {
  const { account, outAccountId } = await appEnrolment(scope, enrolmentId);
  return presentProcess(await studyInfo(asStudent(scope, account), enrolmentId), outAccountId);
}

async function unlockCheck(
  scope: PartnerScope,
  input: z.output<typeof unlockCheckInput>,
): Promise<UnlockCheckAnswer> {
  const { account } = await appEnrolment(scope, input.enrolmentId);
  const student = asStudent(scope, account);
  if (input.lessonId === undefined) {
    const entry = await examEntry(student, input.enrolmentId);
    return { target: 'EXAM', open: entry.unlocked, reason: entry.lockedText };
  }
  const info = await studyInfo(student, input.enrolmentId);
  const lesson = info.courses
    .flatMap((course) => course.lessons)
    .find((row) => row.lessonId === input.lessonId);
  if (!lesson) throw new BusinessError('该班级没有这个课时');
  if (!info.studyOpen) return { target: 'LESSON', open: false, reason: info.closedReason ?? '当前不能学习' };
  if (lesson.locked) return { target: 'LESSON', open: false, reason: '请按顺序学习，先学完前面的课时' };
  return { target: 'LESSON', open: true, reason: null };
}

async function studyTask(
  scope: PartnerScope,
  input: z.output<typeof studyProcessInput>,
): Promise<StudyTaskAnswer> {
  const { account } = await appEnrolment(scope, input.enrolmentId);
  const student = asStudent(scope, account);
  const info = await studyInfo(student, input.enrolmentId);
  const enrolmentId = info.myClassId;
  if (info.status === 'PASSED') return { kind: 'DONE', enrolmentId, reason: '已结业' };
  if (!info.studyOpen) return { kind: 'CLOSED', enrolmentId, reason: info.closedReason ?? '当前不能学习' };
  for (const course of info.courses)
    for (const lesson of course.lessons)
      if (!lesson.finished && !lesson.locked && course.kind === 'REQUIRED')
        return {
          kind: 'LESSON',
          enrolmentId,
          lessonId: lesson.lessonId,
          lessonName: lesson.name,
          courseName: course.name,
          reason: lesson.creditedSeconds > 0 ? '继续学习' : '开始学习',
        };
  const entry = await examEntry(student, input.enrolmentId);
  if (entry.examRequired && !entry.passed)
    return entry.unlocked
      ? { kind: 'EXAM', enrolmentId, reason: '参加考试' }
      : { kind: 'WAIT', enrolmentId, reason: entry.lockedText ?? '考试暂未开放' };
  return { kind: 'WAIT', enrolmentId, reason: '学时已学满，等待结业' };
}

async function trainInfo(
  scope: PartnerScope,
  input: z.output<typeof trainInfoInput>,
): Promise<TrainInfoAnswer> {
  const bound = await boundAccount(scope, input.outAccountId);
  if (bound) enforce(sameIdentity(bound, input));
  let [enrolmentId] = bound ? await appEnrolmentsOf(scope, input.outAccountId, input.classId) : [];
  let registeredNow = false;
  if (enrolmentId === undefined && input.autoRegister) {
    const signed = await signUpStudent(scope, {
      requestId: `train-info:${input.outAccountId}:${input.classId}`.slice(0, 64),
      outAccountId: input.outAccountId,
      idCardNo: input.idCardNo,
      realName: input.realName,
      mobile: input.mobile,
      classId: input.classId,
    });
    enrolmentId = signed.enrolmentId;
    registeredNow = true;
  }
  if (enrolmentId === undefined)
    return {
      registered: false,
      registeredNow,
      enrolmentId: null,
      status: null,
      ssoUrl: null,
      ssoExpiresAt: null,
    };
  const { account } = await appEnrolment(scope, enrolmentId);
  const info = await studyInfo(asStudent(scope, account), enrolmentId);
  const sso = await ssoTicket(scope, account.id, enrolmentId);
  return {
    registered: true,
    registeredNow,
    enrolmentId,
    status: info.status,
    ssoUrl: sso.url,
    ssoExpiresAt: sso.expiresAt,
  };
}

type Handlers = {
  [K in keyof typeof OPEN_CALLS]: (scope: PartnerScope, input: never) => Promise<unknown>;
};

/** The handler of each partner call, by name. */
export const OPEN_HANDLERS = {
  'class-classify-tree': async (scope: PartnerScope): Promise<ClassifyNode[]> =>
    (await classCategoryTree(scope)).map(toClassifyNode),
  'query-class': async (
    scope: PartnerScope,
    input: z.output<typeof queryClassInput>,
  ): Promise<OpenPage<OpenClass>> => {
    const page = await pageCenterClasses(scope, { ...input, unitId: undefined, baseType: undefined });
    return {
      ...page,
      list: page.list.map((item) => ({
        classId: item.id,
        name: item.name,
        year: item.year,
        baseType: item.baseType,
        categoryPath: item.categoryPath,
        priceFen: item.amount,
        requiredHours: item.requiredHours,
        electiveHours: item.electiveHours,
        courseCount: item.courseCount,
        enrolEndDate: item.enrolEndDate,
        studyStartDate: item.studyStartDate,
        studyEndDate: item.studyEndDate,
      })),
    };
  },
  'sign-up-student': (scope: PartnerScope, input: z.output<typeof signUpInput>) =>
    signUpStudent(scope, input),
  'study-process': (scope: PartnerScope, input: z.output<typeof studyProcessInput>) =>
    processOf(scope, input.enrolmentId),
  'study-process-by-out-account': async (
    scope: PartnerScope,
    input: z.output<typeof studyProcessByOutAccountInput>,
  ): Promise<StudyProcess[]> => {
    const ids = await appEnrolmentsOf(scope, input.outAccountId, input.classId);
    const processes: StudyProcess[] = [];
    for (const id of ids) processes.push(await processOf(scope, id));
    return processes;
  },
  'train-info': trainInfo,
  'study-task': studyTask,
  'unlock-check': unlockCheck,
} satisfies Handlers;
