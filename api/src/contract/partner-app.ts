import { z } from 'zod';
import { platform } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zBoolean,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStringList,
} from './common';

/**
 * Partner platforms (docs/partner-api.md): the apps platform staff register per project, under
 * 项目管理 → 合作平台. An app's secret is answered when it is made (created, rotated) and never again.
 */

const ORIGIN_MESSAGE = '来源格式应为 http(s)://域名[:端口]，不含路径';
/** An origin: scheme, host and port, nothing else; lower-cased. */
export const zOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, { error: ORIGIN_MESSAGE })
  .regex(/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/, { error: ORIGIN_MESSAGE });

/** 4 or 6 for an IPv4 or IPv6 address, else 0 (no node:net here: the apps' bundles read this file). */
export function ipFamily(text: string): 0 | 4 | 6 {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255 && String(Number(part)) === part) ? 4 : 0;
  if (!text.includes(':') || !/^[0-9a-f:.]+$/i.test(text)) return 0;
  try {
    new URL(`http://[${text}]/`);
    return 6;
  } catch {
    return 0;
  }
}

const IP_MESSAGE = 'IP 格式应为 IPv4/IPv6 地址或网段（如 10.0.0.0/8）';
/** An IP address or a network (`10.0.0.0/8`, `2001:db8::/32`). */
export const zIpRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(50, { error: IP_MESSAGE })
  .refine(
    (text) => {
      const [address = '', prefix, extra] = text.split('/');
      const family = ipFamily(address);
      if (family === 0 || extra !== undefined) return false;
      if (prefix === undefined) return true;
      if (!/^\d{1,3}$/.test(prefix)) return false;
      return Number(prefix) <= (family === 4 ? 32 : 128);
    },
    { error: IP_MESSAGE },
  );

const URL_MESSAGE = '请填写 http(s):// 开头的地址';
const zCallbackUrl = zOptional(
  z
    .string()
    .trim()
    .max(300, { error: '不能超过 300 个字符' })
    .regex(/^https?:\/\/[^\s/?#]+(?::\d+)?(?:\/[^\s#]*)?$/, { error: URL_MESSAGE }),
);

/** `partner-app/list`: the apps of every project (or one), name matching part. */
export const partnerAppListInput = z.object({
  ...zPage,
  projectId: zInput.optionalId(),
  name: zOptionalText(50),
});

/** What a row of the list may be asked to do (docs/api-conventions.md "Abilities"). */
export type PartnerAppAbilities = Abilities<'rotate' | 'revokeTokens'>;

/** A partner app as the back office shows it (never its secret). */
export interface PartnerAppItem extends PartnerAppAbilities {
  id: number;
  projectId: number;
  projectName: string;
  name: string;
  appKey: string;
  allowedOrigins: string[];
  callbackUrl: string | null;
  ipAllowList: string[];
  enabled: boolean;
  rateLimitPerMinute: number;
  /** When the previous secret stops being accepted after a rotation; null when none is. */
  previousSecretUntil: string | null;
  secretRotatedAt: string | null;
  /** Calls in the last 24 hours, refused ones among them, all calls, and the last one. */
  callsToday: number;
  refusedToday: number;
  callsTotal: number;
  lastCallAt: string | null;
  createdAt: string;
}

/**
 * `partner-app/save`: creates (without `id`, in `projectId`) or updates an app. Origins and the IP
 * allow-list are JSON arrays or comma-separated text; an empty allow-list admits every address.
 */
export const partnerAppSaveInput = z.object({
  id: zInput.optionalId(),
  /** The project of a new app (ignored when updating: an app stays in its project). */
  projectId: zInput.optionalId(),
  name: zRequiredText('应用名称', 50),
  allowedOrigins: zStringList(zOrigin).pipe(z.array(z.string()).max(20, { error: '最多 20 个来源' })),
  callbackUrl: zCallbackUrl,
  ipAllowList: zStringList(zIpRule)
    .pipe(z.array(z.string()).max(50, { error: '最多 50 条' }))
    .optional(),
  enabled: zBoolean(),
  rateLimitPerMinute: z
    .number({ error: '请填写每分钟调用上限' })
    .int({ error: '应为整数' })
    .min(1, { error: '至少为 1' })
    .max(100_000, { error: '不能超过 100000' }),
});
export type PartnerAppSaveInput = z.input<typeof partnerAppSaveInput>;

/** An app with its secret, answered once when the secret is made (created or rotated). */
export interface PartnerAppSecretAnswer {
  app: PartnerAppItem;
  /** The new secret; null when an existing app was only saved. */
  secret: string | null;
}

/** The most the previous secret may stay valid after a rotation: 7 days. */
export const MAX_SECRET_OVERLAP_MINUTES = 7 * 24 * 60;

/**
 * `partner-app/rotate-secret`: a new secret; the current one stays accepted for `overlapMinutes`
 * (0: at once refused), so the partner can switch without a failed call.
 */
export const partnerAppRotateInput = z.object({
  id: zInput.id(),
  overlapMinutes: z
    .number({ error: '请填写旧密钥保留时长' })
    .int({ error: '应为整数' })
    .min(0, { error: '不能为负数' })
    .max(MAX_SECRET_OVERLAP_MINUTES, { error: `不能超过 ${MAX_SECRET_OVERLAP_MINUTES} 分钟` }),
});
export type PartnerAppRotateInput = z.input<typeof partnerAppRotateInput>;

export const partnerAppIdInput = zIdInput;

/** `partner-app/call-logs`: an app's calls, newest first; `resultCode` OK, or a refusal code. */
export const partnerCallLogInput = z.object({
  ...zPage,
  id: zInput.id(),
  call: zOptionalText(60),
  resultCode: zOptionalText(32),
});

/** One call of a partner app. */
export interface PartnerCallLogItem {
  id: number;
  call: string;
  auth: 'SIGNATURE' | 'TOKEN';
  resultCode: string;
  httpStatus: number;
  durationMs: number;
  ip: string | null;
  requestId: string;
  outAccountId: string | null;
  message: string | null;
  createdAt: string;
}

export const NOTICE_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type PartnerNoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABEL: Readonly<Record<PartnerNoticeStatus, string>> = {
  PENDING: '投递中',
  DELIVERED: '已送达',
  FAILED: '失败',
};
export const NOTICE_EVENT_LABEL: Readonly<
  Record<'LESSON_FINISHED' | 'CLASS_PASSED' | 'CERTIFICATE_ISSUED', string>
> = {
  LESSON_FINISHED: '课时完成',
  CLASS_PASSED: '结业',
  CERTIFICATE_ISSUED: '发证',
};

/** `partner-app/notices`: an app's progress notices, newest first. */
export const partnerNoticeListInput = z.object({
  ...zPage,
  id: zInput.id(),
  status: zOptional(z.enum(NOTICE_STATUSES, { error: '状态不正确' })),
  event: zOptional(
    z.enum(['LESSON_FINISHED', 'CLASS_PASSED', 'CERTIFICATE_ISSUED'], { error: '事件不正确' }),
  ),
});

/** A progress notice to an app's callback, as the back office lists it. */
export interface PartnerNoticeItem extends Abilities<'replay'> {
  id: number;
  event: keyof typeof NOTICE_EVENT_LABEL;
  enrolmentId: number;
  outAccountId: string | null;
  className: string;
  lessonName: string | null;
  certificateNo: string | null;
  status: PartnerNoticeStatus;
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** Partner apps (`partner-app/...`): platform staff under 项目管理 → 合作平台. */
export const partnerAppCalls = defineCalls('partner-app', {
  /** A page of apps with their usage. */
  list: {
    input: partnerAppListInput,
    answer: answer<PageAnswer<PartnerAppItem>>(),
    access: platform('/project-manage/partner-app'),
  },
  /** One app (its detail page). */
  detail: {
    input: partnerAppIdInput,
    answer: answer<PartnerAppItem>(),
    access: platform('/project-manage/partner-app-detail'),
    methods: ['GET', 'POST'],
  },
  /** Creates or updates an app; a new app's secret is answered this once. */
  save: {
    input: partnerAppSaveInput,
    answer: answer<PartnerAppSecretAnswer>(),
    access: platform('/project-manage/partner-app'),
  },
  /** A new secret (answered this once), the old one accepted for the overlap. */
  'rotate-secret': {
    input: partnerAppRotateInput,
    answer: answer<PartnerAppSecretAnswer>(),
    access: platform('/project-manage/partner-app'),
  },
  /** Revokes every access token of the app at once. */
  'revoke-tokens': {
    input: partnerAppIdInput,
    answer: answer<{ revoked: number }>(),
    access: platform('/project-manage/partner-app'),
  },
  /** The app's calls, newest first. */
  'call-logs': {
    input: partnerCallLogInput,
    answer: answer<PageAnswer<PartnerCallLogItem>>(),
    access: platform('/project-manage/partner-app-detail'),
  },
  /** The app's progress notices, newest first. */
  notices: {
    input: partnerNoticeListInput,
    answer: answer<PageAnswer<PartnerNoticeItem>>(),
    access: platform('/project-manage/partner-app-detail'),
  },
  /** Sends a delivered or failed notice again. */
  'replay-notice': {
    input: partnerAppIdInput,
    answer: answer<PartnerNoticeItem>(),
    access: platform('/project-manage/partner-app-detail'),
  },
});
