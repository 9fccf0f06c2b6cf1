import type { ActionContext, Principal } from './action';
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
