import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { EmbedInfo, SsoLoginAnswer, SsoRefusal } from '../../contract/partner-sso';
import type { ActionContext } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { withProject } from '../../db/tenant-access';
import { Account } from '../account/account.model';
import { openSession } from '../session/session.service';
import { appByKey } from './open/open-auth';
import { PartnerSsoTicket } from './partner-api.model';
import { sha256 } from './partner-student.service';

/**
 * Single sign-on (docs/partner-api.md "Single sign-on"): the ticket of a partner's `ssoUrl`, used
 * once, opens a short session limited to the student's study of one enrolment (`core/embedded-session.ts`).
 */

/** How long an embedded session lasts: 2 hours, not extended by use. */
export const EMBEDDED_SESSION_TTL_MS = 2 * 3600_000;

export const SSO_REFUSAL_MESSAGES: Record<SsoRefusal, string> = {
  SSO_INVALID: '学习链接无效，请回到合作平台重新进入学习',
  SSO_USED: '学习链接已使用过，请回到合作平台重新进入学习',
  SSO_EXPIRED: '学习链接已过期，请回到合作平台重新进入学习',
  SSO_APP_DISABLED: '合作平台已停用，暂不能从该平台进入学习',
};

/**
 * A refusal: its message and code, and the origins of a known app (the page still tells its parent
 * `goHome`, and only these may frame it anyway).
 */
const refuse = (code: SsoRefusal, allowedOrigins: string[] = []) =>
  new BusinessError(SSO_REFUSAL_MESSAGES[code], { errorCode: code, allowedOrigins });

/**
 * Exchanges a ticket of an app for an embedded session: the ticket must be the app's, unused and
 * unexpired (it is marked used in the same statement, so two tabs racing get one session), the app
 * enabled and the student's account enabled. A refusal changes nothing.
 */
export async function exchangeSsoTicket(
  ctx: ActionContext,
  input: { app: string; ticket: string },
): Promise<SsoLoginAnswer> {
  const app = await appByKey(input.app);
  if (!app) throw refuse('SSO_INVALID');
  const now = ctx.providers.clock.now();
  const ticketHash = sha256(input.ticket);
  return withProject(app.projectId, () =>
    ctx.sequelize.transaction(async (transaction) => {
      const ticket = await PartnerSsoTicket.findOne({
        where: { projectId: app.projectId, appId: app.id, ticketHash },
        transaction,
      });
      if (!ticket) throw refuse('SSO_INVALID', app.allowedOrigins);
      if (!app.enabled) throw refuse('SSO_APP_DISABLED', app.allowedOrigins);
      const taken = await ctx.sequelize.query<{ id: number }>(
        `UPDATE partner_sso_ticket SET used_at = :now
          WHERE id = :id AND used_at IS NULL AND expires_at > :now RETURNING id`,
        { replacements: { id: ticket.id, now }, type: QueryTypes.SELECT, transaction },
      );
      if (taken.length === 0) throw refuse(ticket.usedAt ? 'SSO_USED' : 'SSO_EXPIRED', app.allowedOrigins);
      const account = await Account.findOne({
        where: { projectId: app.projectId, id: ticket.accountId },
        transaction,
      });
      if (account?.status !== 'ENABLED' || account.roleSystem !== ROLE_SYSTEM.STUDENT)
        throw new BusinessError('学员账号不可用，请联系合作平台');
      const expiresAt = new Date(Date.now() + EMBEDDED_SESSION_TTL_MS);
      const token = await openSession(
        {
          accountId: account.id,
          projectId: app.projectId,
          roleSystem: ROLE_SYSTEM.STUDENT,
          embedded: { appId: app.id, myClassId: ticket.myClassId },
          ttlMs: EMBEDDED_SESSION_TTL_MS,
          ip: ctx.request.ip,
          userAgent: ctx.request.userAgent,
        },
        transaction,
      );
      return {
        token,
        myClassId: ticket.myClassId,
        expiresAt: expiresAt.toISOString(),
        appName: app.name,
        allowedOrigins: [...app.allowedOrigins],
      };
    }),
  );
}

/** The origins that may frame an app's embedded study page: none for an unknown or disabled app. */
export async function embedInfo(appKey: string): Promise<EmbedInfo> {
  const app = await appByKey(appKey);
  return app?.enabled
    ? { appName: app.name, allowedOrigins: [...app.allowedOrigins] }
    : { appName: null, allowedOrigins: [] };
}
