import type { PushFields } from '@px/wechat';
import { QueryTypes } from 'sequelize';
import type { Scope } from '../../core/action';
import { Project } from '../project/project.model';
import { Unit } from '../unit/unit.model';
import { registerUrlOf, unitIdOfScene } from './unit-register.service';
import type { WechatGateway } from './wechat.gateway';
import type { Wxapp } from './wxapp.model';
import { WxappProject } from './wxapp.model';

/** The scene a QR event names: `qrscene_<scene>` for a new follower, `<scene>` on SCAN. */
function sceneOf(fields: PushFields): string | null {
  const key = fields.EventKey ?? '';
  if (fields.Event === 'subscribe') return key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : null;
  if (fields.Event === 'SCAN') return key || null;
  return null;
}

/**
 * The text to answer a follower with, or null for `success` (no reply):
 * - a unit's registration code (subscribe or SCAN): the unit's registration link;
 * - any other subscribe: a welcome with the H5 link of the project the account serves.
 */
async function composeReply(
  gateway: WechatGateway,
  wxapp: Wxapp,
  fields: PushFields,
): Promise<string | null> {
  if (fields.MsgType !== 'event') return null;
  const origin = gateway.publicUrl;
  const scene = sceneOf(fields);
  const unitId = scene ? unitIdOfScene(scene) : null;
  if (unitId !== null) {
    // The scene names a unit of whichever project; it must be one the official account serves.
    const unit = await Unit.findOne({ where: { id: unitId }, allTenants: true });
    const served = unit
      ? await WxappProject.findOne({ where: { projectId: unit.projectId, wxappId: wxapp.id } })
      : null;
    if (unit && served && unit.status === 'ENABLED') {
      return `欢迎关注${wxapp.name}！\n${unit.name}学员请点击完成注册：<a href="${registerUrlOf(origin, unit.id)}">立即注册</a>`;
    }
    return `该单位的报名二维码已失效，请联系单位管理员。`;
  }
  if (fields.Event === 'subscribe') {
    // The first of the projects the official account serves.
    const link = await WxappProject.findOne({
      where: { wxappId: wxapp.id },
      allTenants: true,
      order: [['projectId', 'ASC']],
    });
    const project = link ? await Project.findByPk(link.projectId) : null;
    return `欢迎关注${wxapp.name}！${project ? `\n点击进入<a href="${origin}/">${project.name}</a>学习平台。` : ''}`;
  }
  return null;
}

/**
 * Answers a verified push once: the event is recorded under (account, FromUserName, CreateTime)
 * and a retry of the same event (WeChat retries when it got no answer in 5 s) gets the same
 * answer without doing anything again.
 */
export async function replyToPush(scope: Scope, wxapp: Wxapp, fields: PushFields): Promise<string | null> {
  const { sequelize, log } = scope;
  const fromUser = fields.FromUserName ?? '';
  const createTime = Number(fields.CreateTime);
  if (!fromUser || !Number.isSafeInteger(createTime)) return null;
  const [earlier] = await sequelize.query<{ reply: string | null }>(
    'SELECT reply FROM wechat_push_event WHERE wxapp_id = :wxappId AND from_user = :fromUser AND create_time = :createTime',
    { replacements: { wxappId: wxapp.id, fromUser, createTime }, type: QueryTypes.SELECT },
  );
  if (earlier) return earlier.reply;
  const reply = await composeReply(scope.providers.wechat, wxapp, fields);
  const inserted = await sequelize.query<{ reply: string | null }>(
    `INSERT INTO wechat_push_event (wxapp_id, from_user, create_time, msg_type, event, event_key, reply)
     VALUES (:wxappId, :fromUser, :createTime, :msgType, :event, :eventKey, :reply)
     ON CONFLICT (wxapp_id, from_user, create_time) DO NOTHING RETURNING reply`,
    {
      replacements: {
        wxappId: wxapp.id,
        fromUser,
        createTime,
        msgType: (fields.MsgType ?? '').slice(0, 20),
        event: fields.Event?.slice(0, 40) ?? null,
        eventKey: fields.EventKey?.slice(0, 128) ?? null,
        reply,
      },
      type: QueryTypes.SELECT,
    },
  );
  if (!inserted.length)
    log.info({ appId: wxapp.appId }, 'a concurrent copy of a WeChat push was answered alike');
  return reply;
}
