import { z } from 'zod';
import { platform } from './access';
import { answer, defineCalls } from './call';
import { CLASS_BASE_TYPES, type ClassBaseType } from './class-category';
import { zBoolean, zIdInput, zInput } from './common';

/** How a project reports: at once when an enrolment passes (`AUTO`), or only when staff push (`MANUAL`). */
export const REGULATOR_PUSH_MODES = ['AUTO', 'MANUAL'] as const;
export type RegulatorPushMode = (typeof REGULATOR_PUSH_MODES)[number];

/** `regulator/push-config`: the project whose reporting to show. */
export const regulatorPushConfigInput = zIdInput;

const zEndpoint = z.preprocess(
  (value: unknown) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  z
    .string()
    .trim()
    .max(300, { error: '不能超过 300 个字符' })
    .regex(/^https?:\/\/[^\s/?#]+(?::\d+)?(?:\/[^\s?#]*)?$/, { error: '请填写 http(s):// 开头的地址' })
    .optional(),
);

/**
 * `regulator/save-push-config`: a project's reporting to the regulator (docs/regulator.md). A blank
 * `appSecret` keeps the stored one; a blank `endpoint` means the default (the simulator, or
 * REGULATOR_API_BASE). Turning it on needs an app id, a secret, a base type and a known endpoint.
 */
export const regulatorSavePushConfigInput = z.object({
  id: zInput.id(),
  enabled: zBoolean(),
  endpoint: zEndpoint,
  appId: z.preprocess(
    (value: unknown) => (value === null ? undefined : value),
    z
      .string()
      .trim()
      .max(64, { error: '不能超过 64 个字符' })
      .regex(/^[A-Za-z0-9_-]*$/, { error: '只能包含字母、数字、下划线和短横线' })
      .optional(),
  ),
  appSecret: z.preprocess(
    (value: unknown) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    z
      .string()
      .trim()
      .min(16, { error: '密钥至少 16 个字符' })
      .max(128, { error: '不能超过 128 个字符' })
      .optional(),
  ),
  baseTypes: z
    .array(z.enum(CLASS_BASE_TYPES, { error: '未知的基础类型' }), { error: '请选择上报的基础类型' })
    .max(CLASS_BASE_TYPES.length)
    .refine((types) => new Set(types).size === types.length, { error: '基础类型重复' }),
  pushMode: z.enum(REGULATOR_PUSH_MODES, { error: '请选择上报方式' }),
});
export type RegulatorSavePushConfigInput = z.input<typeof regulatorSavePushConfigInput>;

/** A project's reporting config; the secret only as whether it is set. */
export interface RegulatorPushConfigAnswer {
  projectId: number;
  projectName: string;
  enabled: boolean;
  endpoint: string | null;
  appId: string;
  secretSet: boolean;
  baseTypes: ClassBaseType[];
  pushMode: RegulatorPushMode;
  /** `simulator`: every project reports to the local simulator; `live`: to its endpoint. */
  mode: 'simulator' | 'live';
  /** Where the project reports now (null: nowhere known). */
  effectiveEndpoint: string | null;
  updatedAt: string | null;
}

/** Reporting to the regulator (`regulator/...`): each project's push config, set by platform staff. */
export const regulatorCalls = defineCalls('regulator', {
  /** A project's push config (never its secret). */
  'push-config': {
    input: regulatorPushConfigInput,
    answer: answer<RegulatorPushConfigAnswer>(),
    access: platform('/project-manage/setting'),
    methods: ['GET', 'POST'],
  },
  /** Saves a project's push config. */
  'save-push-config': {
    input: regulatorSavePushConfigInput,
    answer: answer<RegulatorPushConfigAnswer>(),
    access: platform('/project-manage/setting'),
  },
});
