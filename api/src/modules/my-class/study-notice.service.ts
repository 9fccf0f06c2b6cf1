import { isWechatErrcode, WechatApiError } from '@px/wechat';
import { Op, QueryTypes } from 'sequelize';
import type { NotifyStudyAnswer } from '../../contract/class-apply';
import type { ActorScope, Scope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { defineJob } from '../../core/jobs';
import { makeScope } from '../../core/scope';
import { audit } from '../audit/audit.service';
import { loadTenant } from '../project/project.tenant';
import { chinaToday, classHours } from '../train-class/class-read';
import { TrainClass } from '../train-class/train-class.model';
import { WechatBinding } from '../wechat/wxapp.model';
import { officialAccountOf, wxappOfProject } from '../wechat/wxapp.service';
import { StudyNotice, type StudyNoticeWechatState } from './study-notice.model';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Sends the WeChat template messages of a class's study reminders of a day. */
    'my-class.study-notice': { projectId: number; classId: number; day: string };
  }
}

/** A student still studying the class, with what they have credited. */
interface Studying {
  account_id: number;
  real_name: string | null;
  mobile: string | null;
  required_tenths: number;
}

const formatHours = (tenths: number) => (tenths / 10).toFixed(1);

/** The SMS of a reminder: signed with the project's title, naming the class, the hours and the last day. */
export function studyNoticeSms(
  title: string,
  student: { name: string },
  cls: { name: string; studyEndDate: string },
  hours: { credited: number; required: number },
): string {
  return `【${title}】${student.name}同学，您报名的「${cls.name}」已学 ${formatHours(hours.credited)}/${formatHours(hours.required)} 学时，尚未学完，学习截止日期 ${cls.studyEndDate}，请及时完成学习。`;
}

/**
 * `class/notify-study-class`: reminds the class's students who have not finished (enrolments
 * STUDYING, not closed), once per student and China day (a unique row per class, student and day:
 * a second reminder the same day reminds only those not reminded yet). Each new reminder writes its
 * SMS to the outbox (students without a mobile get none) in the same transaction, and marks the
 * WeChat template message PENDING when the project has an official account and a study reminder
 * template and the student a WeChat binding (SKIPPED otherwise, with why); the job
 * `my-class.study-notice`, queued in the same transaction, sends them. Audited.
 */
export async function notifyStudyClass(scope: ActorScope, classId: number): Promise<NotifyStudyAnswer> {
  const projectId = scope.project.id;
  const day = chinaToday(scope.providers.clock.now());
  const cls = await TrainClass.findOne({ where: { id: classId, projectId } });
  if (!cls) throw new BusinessError('班级不存在');
  const requiredTenths = (await classHours(projectId, [cls.id])).get(cls.id)?.requiredTenths ?? 0;
  const templateId = scope.project.settings.studyRemindTemplateId;
  const wxapp = templateId ? await wxappOfProject(projectId) : null;
  return scope.sequelize.transaction(async (transaction) => {
    const studying = await scope.sequelize.query<Studying>(
      `SELECT m.account_id, a.real_name, a.mobile, m.required_tenths
         FROM my_class m JOIN account a ON a.id = m.account_id
        WHERE m.project_id = :projectId AND m.class_id = :classId AND m.status = 'STUDYING'
          AND m.ended_at IS NULL AND a.deleted_at IS NULL
        ORDER BY m.account_id`,
      { replacements: { projectId, classId: cls.id }, type: QueryTypes.SELECT, transaction },
    );
    const bound = new Set(
      wxapp && studying.length
        ? (
            await WechatBinding.findAll({
              attributes: ['accountId'],
              where: { projectId, wxappId: wxapp.id, accountId: studying.map((row) => row.account_id) },
              transaction,
            })
          ).map((row) => row.accountId)
        : [],
    );
    let notified = 0;
    let sms = 0;
    let wechat = 0;
    for (const student of studying) {
      const wechatState: { state: StudyNoticeWechatState; detail: string | null } = !templateId
        ? { state: 'SKIPPED', detail: '未设置学习提醒模板' }
        : !wxapp
          ? { state: 'SKIPPED', detail: '项目未配置公众号' }
          : !bound.has(student.account_id)
            ? { state: 'SKIPPED', detail: '学员未绑定微信' }
            : { state: 'PENDING', detail: null };
      const [inserted] = await scope.sequelize.query<{ id: number }>(
        `INSERT INTO study_notice (project_id, class_id, account_id, day, wechat_state, wechat_detail, sms_state, created_by)
         VALUES (:projectId, :classId, :accountId, :day, :wechatState, :wechatDetail, :smsState, :createdBy)
         ON CONFLICT (class_id, account_id, day) DO NOTHING RETURNING id`,
        {
          replacements: {
            projectId,
            classId: cls.id,
            accountId: student.account_id,
            day,
            wechatState: wechatState.state,
            wechatDetail: wechatState.detail,
            smsState: student.mobile ? 'SENT' : 'SKIPPED',
            createdBy: scope.principal.accountId,
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (!inserted) continue;
      notified += 1;
      if (wechatState.state === 'PENDING') wechat += 1;
      if (student.mobile) {
        await scope.providers.sms.send(
          {
            projectId,
            mobile: student.mobile,
            content: studyNoticeSms(scope.project.settings.title, { name: student.real_name ?? '' }, cls, {
              credited: student.required_tenths,
              required: requiredTenths,
            }),
          },
          { transaction },
        );
        sms += 1;
      }
    }
    if (wechat > 0)
      await scope.jobs.send('my-class.study-notice', { projectId, classId: cls.id, day }, { transaction });
    await audit(
      scope,
      {
        action: 'class.notify-study',
        projectId,
        targetType: 'train_class',
        targetId: cls.id,
        detail: { day, students: studying.length, notified, sms, wechat },
      },
      transaction,
    );
    return { students: studying.length, notified, alreadyToday: studying.length - notified, sms, wechat };
  });
}

/**
 * Sends the PENDING template messages of a class's reminders of a day, one by one, each marked SENT
 * (with WeChat's msgid), SKIPPED (the user does not follow the account: 43004) or FAILED (another
 * refusal) as it goes, so a retry sends only those still PENDING. Network failures leave the rest
 * PENDING and throw (the queue retries).
 */
export async function sendStudyNotices(
  scope: TenantScope & Pick<Scope, 'providers'>,
  classId: number,
  day: string,
) {
  const projectId = scope.project.id;
  const pending = await StudyNotice.findAll({
    where: { projectId, classId, day, wechatState: 'PENDING' },
    order: [['id', 'ASC']],
  });
  if (pending.length === 0) return;
  const templateId = scope.project.settings.studyRemindTemplateId;
  const wxapp = await wxappOfProject(projectId);
  const cls = await TrainClass.findOne({ where: { id: classId, projectId } });
  if (!templateId || !wxapp || !cls) {
    await StudyNotice.update(
      {
        wechatState: 'SKIPPED',
        wechatDetail: !cls ? '班级不存在' : !wxapp ? '项目未配置公众号' : '未设置学习提醒模板',
      },
      { where: { projectId, id: { [Op.in]: pending.map((row) => row.id) } } },
    );
    return;
  }
  const requiredTenths = (await classHours(projectId, [cls.id])).get(cls.id)?.requiredTenths ?? 0;
  const bindings = new Map(
    (
      await WechatBinding.findAll({
        where: { projectId, wxappId: wxapp.id, accountId: pending.map((row) => row.accountId) },
      })
    ).map((row) => [row.accountId, row.openId]),
  );
  const progress = new Map(
    (
      await scope.sequelize.query<{ account_id: number; required_tenths: number }>(
        `SELECT account_id, required_tenths FROM my_class
          WHERE project_id = :projectId AND class_id = :classId AND account_id IN (:accountIds)`,
        {
          replacements: { projectId, classId, accountIds: pending.map((row) => row.accountId) },
          type: QueryTypes.SELECT,
        },
      )
    ).map((row) => [row.account_id, row.required_tenths]),
  );
  const client = officialAccountOf(scope, wxapp);
  const origin = scope.providers.wechat.publicUrl;
  for (const notice of pending) {
    const openId = bindings.get(notice.accountId);
    if (!openId) {
      await notice.update({ wechatState: 'SKIPPED', wechatDetail: '学员未绑定微信' });
      continue;
    }
    try {
      const msgId = await client.sendTemplateMessage({
        toUser: openId,
        templateId,
        ...(origin ? { url: `${origin}/my` } : {}),
        data: {
          first: { value: '您有班级尚未学完，请及时学习' },
          keyword1: { value: cls.name },
          keyword2: {
            value: `已学 ${formatHours(progress.get(notice.accountId) ?? 0)}/${formatHours(requiredTenths)} 学时`,
          },
          keyword3: { value: cls.studyEndDate },
          remark: { value: '点击进入我的班级继续学习' },
        },
      });
      await notice.update({ wechatState: 'SENT', wechatDetail: `msgid ${msgId}` });
    } catch (error) {
      if (isWechatErrcode(error, 43004)) {
        await notice.update({ wechatState: 'SKIPPED', wechatDetail: '学员未关注公众号' });
      } else if (error instanceof WechatApiError) {
        await notice.update({ wechatState: 'FAILED', wechatDetail: error.message.slice(0, 200) });
      } else {
        throw error;
      }
    }
  }
}

/** The job sending a day's template messages of a class's reminders (see sendStudyNotices). */
export const studyNoticeJob = defineJob({
  name: 'my-class.study-notice',
  retryLimit: 3,
  async handler(base, data) {
    const scope = makeScope(base, { project: await loadTenant(data.projectId) });
    await sendStudyNotices(scope, data.classId, data.day);
  },
});
