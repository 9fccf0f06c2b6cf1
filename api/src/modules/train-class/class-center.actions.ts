import { ROLE_SYSTEM, resolveProjectSettings } from '@px/config';
import type { z } from 'zod';
import {
  classCenterCategoriesInput,
  classCenterPageInput,
  classCenterYearsInput,
  classFindDetailInput,
  classTrialPlayInput,
  evaluateGetInput,
  evaluateListInput,
  evaluateSaveInput,
  evaluateStatusInput,
} from '../../contract/train-class';
import { type ActionContext, defineAction, type Principal } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { projectStaffActions, requirePrincipal, requireProjectId } from '../../core/tenant';
import { Project } from '../project/project.model';
import { resolveRequestProject } from '../project/project.service';
import {
  type CenterScope,
  centerYears,
  findCenterDetail,
  pageCenterClasses,
  trialPlay,
} from './class-center.service';
import { centerCategories } from './class-center-categories';
import {
  type EvaluationViewer,
  getOwnEvaluation,
  listEvaluations,
  saveEvaluation,
  setEvaluationStatus,
} from './class-evaluation.service';

/** The back-office class screens; their staff read every evaluation of the project and hide or show them. */
export const CLASS_EVALUATION_SCREENS = ['/train-manage/class', '/train-manage/train-class-detail'];

/** The signed-in student of the call, or null (anonymous callers and every other role). */
function studentOf(principal: Principal | null): Principal | null {
  return principal?.roleSystem === ROLE_SYSTEM.STUDENT && principal.projectId !== null ? principal : null;
}

/**
 * The project of a public class-centre call: the signed-in student's, else the request's (`unitId`,
 * else the host), with its settings.
 */
async function centerScope(ctx: ActionContext, unitId: number | undefined): Promise<CenterScope> {
  const student = studentOf(ctx.principal);
  const project = student
    ? await Project.findByPk(student.projectId as number)
    : await resolveRequestProject({ unitId, host: ctx.request.host });
  if (!project) throw new BusinessError('未找到对应的项目，请联系管理员');
  return { projectId: project.id, settings: resolveProjectSettings(project.settings) };
}

/**
 * A public class call (`auth: optional`): anyone may call it; a valid token gives the handler the
 * principal (a student's selects their project, staff's may open the staff view).
 */
function publicClassAction<S extends z.ZodType, R>(
  name: string,
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>) => Promise<R>,
) {
  return defineAction({ group: 'class', name, auth: 'optional', input, handler });
}

/** `class/center-page`: a page of the offered classes (year, base type, category with those below, name). */
export const classCenterPage = publicClassAction('center-page', classCenterPageInput, async (ctx, input) =>
  pageCenterClasses(await centerScope(ctx, input.unitId), input),
);

/** `class/center-years`: the years that have offered classes, newest first. */
export const classCenterYears = publicClassAction('center-years', classCenterYearsInput, async (ctx, input) =>
  centerYears(await centerScope(ctx, input.unitId)),
);

/** `class/center-categories`: the class-type tree the H5 offers (categories holding offered classes). */
export const classCenterCategories = publicClassAction(
  'center-categories',
  classCenterCategoriesInput,
  async (ctx, input) => centerCategories(await centerScope(ctx, input.unitId), input.year),
);

/** `class/find-detail`: an offered class with courses and lessons; cart and enrolment state for a student. */
export const classFindDetail = publicClassAction('find-detail', classFindDetailInput, async (ctx, input) =>
  findCenterDetail(await centerScope(ctx, input.unitId), input.id, studentOf(ctx.principal)),
);

/** `class/trial-play`: a short-lived signed play URL of a lesson's trial. */
export const classTrialPlay = publicClassAction('trial-play', classTrialPlayInput, async (ctx, input) =>
  trialPlay(ctx, await centerScope(ctx, input.unitId), input),
);

/**
 * Who reads an evaluation list: project staff holding a class screen see their project's (staff
 * view); everyone else reads the H5's public view of the call's project.
 */
async function evaluationViewer(ctx: ActionContext, unitId: number | undefined): Promise<EvaluationViewer> {
  const principal = ctx.principal;
  const staff =
    principal?.roleSystem === ROLE_SYSTEM.PROJECT &&
    principal.projectId !== null &&
    CLASS_EVALUATION_SCREENS.some((url) => principal.menu.has(url));
  if (staff) return { projectId: principal.projectId as number, staff: true };
  return { projectId: (await centerScope(ctx, unitId)).projectId, staff: false };
}

/** `class/evaluate-list`: a class's evaluations with its average (public view, or staff view). */
export const classEvaluateList = publicClassAction('evaluate-list', evaluateListInput, async (ctx, input) =>
  listEvaluations(await evaluationViewer(ctx, input.unitId), input),
);

/** The signed-in student writing or reading their own evaluation. */
const author = (ctx: ActionContext) => ({
  projectId: requireProjectId(ctx),
  accountId: requirePrincipal(ctx).accountId,
});

/** `class/evaluate-get` (students): the caller's own evaluation of a class, or null. */
export const classEvaluateGet = defineAction({
  group: 'class',
  name: 'evaluate-get',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: evaluateGetInput,
  handler: (ctx, input) => getOwnEvaluation(author(ctx), input.classId),
});

/** `class/evaluate-save` (students with a paid enrolment): writes or rewrites the caller's evaluation. */
export const classEvaluateSave = defineAction({
  group: 'class',
  name: 'evaluate-save',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: evaluateSaveInput,
  handler: (ctx, input) => saveEvaluation(ctx, author(ctx), input),
});

/** `class/evaluate-status` (staff of the class screens): hides or shows an evaluation; audited. */
export const classEvaluateStatus = projectStaffActions('class')(
  'evaluate-status',
  CLASS_EVALUATION_SCREENS,
  evaluateStatusInput,
  (ctx, input, projectId) => setEvaluationStatus(ctx, projectId, input.id, input.status),
);

/** The H5 class centre calls and class evaluations. */
export const classCenterActions = [
  classCenterPage,
  classCenterYears,
  classCenterCategories,
  classFindDetail,
  classTrialPlay,
  classEvaluateList,
  classEvaluateGet,
  classEvaluateSave,
  classEvaluateStatus,
];
