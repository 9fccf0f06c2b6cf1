import { createHash, randomBytes } from 'node:crypto';
import { Op } from 'sequelize';
import type { SignedInScope } from '../../core/action';
import { authorize, principalScope } from '../../core/policy';
import { withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { PartnerToken } from './partner-api.model';
import type { PartnerApp } from './partner-app.model';
import { findPartnerApp } from './partner-app.service';

/** How long an access token of the `jxnc` group lives: 2 hours. */
export const TOKEN_TTL_SECONDS = 2 * 3600;

export const hashAccessToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new access token of an app (in the app's project); only its hash is kept. */
export async function issueToken(app: PartnerApp, now: Date) {
  const accessToken = `at_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000);
  await PartnerToken.create({
    projectId: app.projectId,
    appId: app.id,
    tokenHash: hashAccessToken(accessToken),
    expiresAt,
  });
  return {
    accessToken,
    tokenType: 'Bearer' as const,
    expiresIn: TOKEN_TTL_SECONDS,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The token row of a bearer token, in any project (the token names its app); null when unknown. */
export function findToken(accessToken: string): Promise<PartnerToken | null> {
  return PartnerToken.findOne({ where: { tokenHash: hashAccessToken(accessToken) }, allTenants: true });
}

/** Revokes one token of the app (`auth/revoke-token`); whether a live one was revoked. */
export async function revokeToken(app: PartnerApp, accessToken: string, now: Date): Promise<boolean> {
  const [count] = await PartnerToken.update(
    { revokedAt: now },
    {
      where: {
        projectId: app.projectId,
        appId: app.id,
        tokenHash: hashAccessToken(accessToken),
        revokedAt: null,
        expiresAt: { [Op.gt]: now },
      },
    },
  );
  return count > 0;
}

/**
 * `partner-app/revoke-tokens`: revokes every live token of an app at once, as its abilities allow
 * (a disabled app's tokens ended with it: refused, as the list shows). Audited.
 */
export async function revokeAppTokens(scope: SignedInScope, appId: number): Promise<{ revoked: number }> {
  const app = await findPartnerApp(appId);
  authorize(principalScope(scope), 'partner-app.revoke-tokens', { enabled: app.enabled });
  const now = scope.providers.clock.now();
  return withProject(app.projectId, () =>
    scope.sequelize.transaction(async (transaction) => {
      const [revoked] = await PartnerToken.update(
        { revokedAt: now },
        {
          where: { projectId: app.projectId, appId: app.id, revokedAt: null, expiresAt: { [Op.gt]: now } },
          transaction,
        },
      );
      await audit(
        scope,
        {
          action: 'partner-app.revoke-tokens',
          projectId: app.projectId,
          targetType: 'partner_app',
          targetId: app.id,
          detail: { revoked },
        },
        transaction,
      );
      return { revoked };
    }),
  );
}
