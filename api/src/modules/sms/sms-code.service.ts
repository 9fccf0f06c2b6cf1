import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_RULES } from '@px/config';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SendMsgCodeAnswer, SmsPurpose } from '../../contract/sms';
import type { TenantProject, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { withBypass } from '../../db/tenant-access';
import { SmsCode } from './sms-code.model';

/** Namespace of the advisory locks that serialise code requests per mobile. */
const MOBILE_LOCK_NAMESPACE = 4_711_003;
const DAY_MS = 24 * 3600_000;
/** China has one time zone and no daylight saving: the calendar day starts at 00:00 UTC+8. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Start of the current calendar day in China time (the daily caps reset then). */
export function chinaDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** Six random digits from the operating system's CSPRNG. */
function generateCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_RULES.length)).padStart(SMS_CODE_RULES.length, '0');
}

const digest = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('base64url');

/** Stored form of a code: a random salt of its own and sha256(salt:code), `<salt>.<digest>` (60 chars). */
export function hashSmsCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${digest(salt, code)}`;
}

/** Whether a typed code matches a stored hash; constant-time, false for a malformed hash. */
export function smsCodeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('.');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code));
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** The text of a code message, signed with the project's title. */
export function smsCodeContent(project: TenantProject, code: string): string {
  const { title } = project.settings;
  const minutes = Math.round(SMS_CODE_RULES.ttlSeconds / 60);
  return `【${title}】您的验证码为${code}，${minutes}分钟内有效，请勿泄露。`;
}

interface LimitRow {
  mobile_today: string;
  ip_today: string;
  last_at: Date | null;
}

/**
 * Refuses a code request that breaks a rate rule (BusinessError, -1): the daily cap of the mobile,
 * the daily cap of the client address (both across projects, calendar day in China time), then
 * one code per mobile per resend interval, whatever the purpose.
 */
async function checkLimits(
  sequelize: Sequelize,
  where: { mobile: string; ip: string; now: Date },
  transaction: Transaction,
): Promise<void> {
  const dayStart = chinaDayStart(where.now);
  const resendFrom = new Date(where.now.getTime() - SMS_CODE_RULES.resendSeconds * 1000);
  // The caps count across projects: one mobile, one address, whichever project asks.
  const [row] = await withBypass('sms rate limits across projects', () =>
    sequelize.query<LimitRow>(
      `SELECT count(*) FILTER (WHERE mobile = :mobile AND created_at >= :dayStart) AS mobile_today,
            count(*) FILTER (WHERE ip = :ip AND created_at >= :dayStart) AS ip_today,
            max(created_at) FILTER (WHERE mobile = :mobile) AS last_at
       FROM sms_code
      WHERE (mobile = :mobile OR ip = :ip) AND created_at >= LEAST(CAST(:dayStart AS timestamptz), CAST(:resendFrom AS timestamptz))`,
      {
        replacements: { mobile: where.mobile, ip: where.ip, dayStart, resendFrom },
        type: QueryTypes.SELECT,
        transaction,
      },
    ),
  );
  if (Number(row?.mobile_today ?? 0) >= SMS_CODE_RULES.dailyPerMobile) {
    throw new BusinessError('该手机号今日获取验证码次数已达上限，请明天再试');
  }
  if (Number(row?.ip_today ?? 0) >= SMS_CODE_RULES.dailyPerIp) {
    throw new BusinessError('当前网络今日获取验证码次数已达上限，请明天再试');
  }
  const lastAt = row?.last_at ? new Date(row.last_at) : null;
  if (lastAt && lastAt > resendFrom) {
    const elapsedMs = Math.max(0, where.now.getTime() - lastAt.getTime());
    const wait = Math.min(
      SMS_CODE_RULES.resendSeconds,
      Math.max(1, Math.ceil(SMS_CODE_RULES.resendSeconds - elapsedMs / 1000)),
    );
    throw new BusinessError(`发送过于频繁，请${wait}秒后再试`);
  }
}

export interface IssueSmsCodeOptions {
  mobile: string;
  purpose: SmsPurpose;
  /**
   * Whether to send the message. False only where the answer must not tell whether a mobile is
   * registered (forgotten password): the code is recorded, so the rate rules behave the same,
   * but nothing is sent and nobody can know it.
   */
  deliver: boolean;
}

/**
 * Issues a code in the scope's project to a client (the request's address counts towards the
 * daily cap per IP): checks the rate rules, makes the older unused codes of the same project,
 * mobile and purpose invalid, stores the new code's hash and sends it through the scope's SMS
 * provider, all in one transaction (a provider failure leaves nothing behind). Requests for one
 * mobile are serialised by an advisory lock, so two at once cannot both pass the resend rule.
 * Throws BusinessError (-1) when a rule refuses or the provider fails.
 */
export async function issueSmsCode(
  scope: TenantScope,
  options: IssueSmsCodeOptions,
): Promise<SendMsgCodeAnswer> {
  const { sequelize, project } = scope;
  const { mobile, purpose } = options;
  const ip = scope.request.ip;
  await sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(:namespace, hashtext(:mobile))', {
      replacements: { namespace: MOBILE_LOCK_NAMESPACE, mobile },
      transaction,
    });
    const now = new Date();
    await checkLimits(sequelize, { mobile, ip, now }, transaction);
    await SmsCode.update(
      { expiresAt: now },
      {
        where: { projectId: project.id, mobile, purpose, usedAt: null, expiresAt: { [Op.gt]: now } },
        transaction,
      },
    );
    const code = generateCode();
    await SmsCode.create(
      {
        projectId: project.id,
        mobile,
        purpose,
        codeHash: hashSmsCode(code),
        ip: ip.slice(0, 64),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_RULES.ttlSeconds * 1000),
      },
      { transaction },
    );
    if (!options.deliver) return;
    try {
      await scope.providers.sms.send(
        { projectId: project.id, mobile, content: smsCodeContent(project, code) },
        { transaction },
      );
    } catch (error) {
      scope.log.error({ err: error, projectId: project.id }, 'SMS provider failed');
      throw new BusinessError('短信发送失败，请稍后再试');
    }
  });
  return { resendSeconds: SMS_CODE_RULES.resendSeconds };
}

/** Thrown inside the verifying transaction so that it rolls back; the wrong try is counted after. */
class WrongSmsCode extends Error {
  constructor(readonly codeId: string) {
    super('wrong SMS code');
  }
}

export interface SmsCodeCheck {
  mobile: string;
  purpose: SmsPurpose;
  code: string;
}

/**
 * Runs `work` in one transaction with the code consumed: the live code (latest unused, unexpired,
 * under the wrong-try limit) of the scope's project, mobile and purpose is locked, compared, marked used,
 * then `work` runs. If `work` throws, everything rolls back and the code stays usable. A wrong code
 * counts a try (committed on its own) and is refused; after the last allowed try the code is dead.
 * Throws BusinessError (-1): no code requested, code no longer valid, wrong code.
 */
export async function withSmsCode<T>(
  scope: TenantScope,
  check: SmsCodeCheck,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  const { sequelize } = scope;
  const where = { projectId: scope.project.id, mobile: check.mobile, purpose: check.purpose };
  try {
    return await sequelize.transaction(async (transaction) => {
      const now = new Date();
      const live = await SmsCode.findOne({
        where: {
          ...where,
          usedAt: null,
          expiresAt: { [Op.gt]: now },
          attempts: { [Op.lt]: SMS_CODE_RULES.maxWrongTries },
        },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        lock: transaction.LOCK.UPDATE,
        transaction,
      });
      if (!live) {
        const any = await SmsCode.count({ where, transaction });
        throw new BusinessError(any ? '验证码已失效，请重新获取' : '请先获取短信验证码');
      }
      if (!smsCodeMatches(live.codeHash, check.code)) throw new WrongSmsCode(live.id);
      await SmsCode.update(
        { usedAt: now },
        { where: { id: live.id, projectId: live.projectId }, transaction },
      );
      return work(transaction);
    });
  } catch (error) {
    if (!(error instanceof WrongSmsCode)) throw error;
    const [counted] = await sequelize.query<{ attempts: number }>(
      'UPDATE sms_code SET attempts = attempts + 1 WHERE id = :id RETURNING attempts',
      { replacements: { id: error.codeId }, type: QueryTypes.SELECT },
    );
    const left = SMS_CODE_RULES.maxWrongTries - Number(counted?.attempts ?? SMS_CODE_RULES.maxWrongTries);
    throw new BusinessError(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
}
