import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { withStorableText } from '../../core/validation';
import { AuditLog } from './audit-log.model';

/**
 * Records who did what to which record, in the caller's transaction so it lands with the change: the
 * actor is the scope's principal (the platform account behind an impersonation), the address its
 * request's. Text PostgreSQL cannot hold in JSONB (NUL, unpaired surrogates) is replaced by U+FFFD.
 */
export async function audit(
  ctx: Pick<Scope, 'principal' | 'request'>,
  entry: {
    action: string;
    projectId: number | null;
    targetType?: string;
    targetId?: string | number;
    detail?: Record<string, unknown>;
  },
  transaction?: Transaction,
): Promise<void> {
  await AuditLog.create(
    {
      projectId: entry.projectId,
      actorId: ctx.principal?.impersonatorId ?? ctx.principal?.accountId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      // Inputs with such text are refused at the edge; other sources (file names, WeChat) are not.
      detail: withStorableText({
        ...entry.detail,
        ...(ctx.principal?.impersonatorId ? { asAccountId: ctx.principal.accountId } : {}),
      }),
      ip: ctx.request.ip,
    },
    { transaction },
  );
}
