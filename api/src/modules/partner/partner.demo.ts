import type { Sequelize } from 'sequelize';
import { Project } from '../project/project.model';
import { PartnerApp } from './partner-app.model';
import { newSecret } from './partner-app.service';

/** The demo partner app's key (the demo partner site started beside the product acts as it). */
export const DEMO_PARTNER_APP_KEY = 'pk_demopartner2026';
export const DEMO_PARTNER_APP_NAME = '演示合作平台';

/**
 * The demo project's partner app for the demo partner site (`npm start` with demo data): made once
 * (a secret of its own), and on every start pointed at where the site listens now (its origins may
 * frame the study page, its `/callback` receives the progress notices). An app staff disabled stays
 * disabled. Answers its key and current secret, or null without a default project.
 */
export async function seedDemoPartner(
  sequelize: Sequelize,
  site: { origins: string[]; callbackUrl: string },
): Promise<{ appKey: string; secret: string } | null> {
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(4711025)', { transaction });
    const project = await Project.findOne({ where: { isDefault: true }, transaction });
    if (!project) return null;
    const existing = await PartnerApp.findOne({
      where: { projectId: project.id, appKey: DEMO_PARTNER_APP_KEY },
      transaction,
    });
    if (existing) {
      await existing.update({ allowedOrigins: site.origins, callbackUrl: site.callbackUrl }, { transaction });
      return { appKey: existing.appKey, secret: existing.secret };
    }
    const app = await PartnerApp.create(
      {
        projectId: project.id,
        name: DEMO_PARTNER_APP_NAME,
        appKey: DEMO_PARTNER_APP_KEY,
        secret: newSecret(),
        allowedOrigins: site.origins,
        callbackUrl: site.callbackUrl,
        ipAllowList: [],
        enabled: true,
        rateLimitPerMinute: 600,
        createdBy: null,
      },
      { transaction },
    );
    return { appKey: app.appKey, secret: app.secret };
  });
}
