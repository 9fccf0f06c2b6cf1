import type { WechatSimulator } from '@px/wechat/sim';
import { DEMO_WECHAT_APP, demoMerchant, demoMerchantPrivateKey } from '@px/wechat/sim';
import type { Sequelize } from 'sequelize';
import { Project } from '../project/project.model';
import { Wxapp, WxappProject } from './wxapp.model';

/**
 * In simulator mode with demo data: the demo official account and merchant (as the simulator
 * knows them) serve the default project, unless an official account with that app id exists
 * already or the default project is served by another. Answers whether anything was created.
 */
export async function seedDemoWechat(sequelize: Sequelize, simulator: WechatSimulator): Promise<boolean> {
  const app = simulator.registry.app(DEMO_WECHAT_APP.appId);
  if (!app) return false;
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(4711003)', { transaction });
    if (await Wxapp.findOne({ where: { appId: app.appId }, transaction })) return false;
    const merchant = demoMerchant();
    const wxapp = await Wxapp.create(
      {
        name: app.name,
        appId: app.appId,
        appSecret: app.appSecret,
        pushToken: app.token,
        encodingAesKey: app.encodingAESKey,
        pushMode: app.pushMode,
        mchId: merchant.mchId,
        mchSerialNo: merchant.merchantSerial,
        mchPrivateKey: demoMerchantPrivateKey(),
        apiV3Key: merchant.apiV3Key,
        platformSerialNo: merchant.platformSerial,
        platformPublicKey: merchant.platformPublicKey,
      },
      { transaction },
    );
    const project = await Project.findOne({ where: { isDefault: true }, transaction });
    if (project && !(await WxappProject.findByPk(project.id, { transaction }))) {
      await WxappProject.create({ projectId: project.id, wxappId: wxapp.id }, { transaction });
    }
    return true;
  });
}
