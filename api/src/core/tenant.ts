import { ROLE_SYSTEM } from '@px/config';
import type { z } from 'zod';
import {
  type ActionContext,
  type ActionDefinition,
  defineAction,
  type HttpMethod,
  type Principal,
} from './action';
import { BusinessError, UnauthorizedError } from './errors';

/**
 * The project a signed-in caller works in. Every tenant-owned query filters by it. Platform staff
 * outside a project (no super-account session) are refused: they enter a project first.
 */
export function requireProjectId(ctx: Pick<ActionContext, 'principal'>): number {
  const principal = requirePrincipal(ctx);
  if (principal.projectId === null) throw new BusinessError('请先通过超级账号进入一个项目');
  return principal.projectId;
}

/** The signed-in caller; actions declared `signed-in` always have one. */
export function requirePrincipal(ctx: Pick<ActionContext, 'principal'>): Principal {
  if (!ctx.principal) throw new UnauthorizedError();
  return ctx.principal;
}

/**
 * Actions of project staff (role system 2) working in their project, in one call family: the
 * builder declares a signed-in action granted by `permission` (menu URLs) whose handler receives
 * the caller's project id; `methods` as in `defineAction` (POST when omitted).
 */
export function projectStaffActions(group: string) {
  return function projectStaffAction<S extends z.ZodType, R>(
    name: string,
    permission: string[],
    input: S,
    handler: (ctx: ActionContext, input: z.output<S>, projectId: number) => Promise<R>,
    methods?: HttpMethod[],
  ): ActionDefinition<S, R> {
    return defineAction({
      group,
      name,
      ...(methods ? { methods } : {}),
      auth: 'signed-in',
      roles: [ROLE_SYSTEM.PROJECT],
      permission,
      input,
      handler: (ctx, parsed) => handler(ctx, parsed, requireProjectId(ctx)),
    });
  };
}
