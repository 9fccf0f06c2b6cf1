import { maskIdCardNumber } from '@px/config';
import { createOfficialAccountClient, type OfficialAccountClient } from '@px/wechat';
import { Op, type Transaction, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  WxappBindingItem,
  WxappItem,
  wxappBindInput,
  wxappBindingsInput,
  wxappConfigProjectsInput,
  wxappListInput,
  wxappSaveInput,
} from '../../contract/wechat';
import type { Scope, SignedInScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { Project } from '../project/project.model';
import { createPgCredentialStore } from './credential-store';
import type { WechatGateway } from './wechat.gateway';
import { WechatBinding, Wxapp, WxappProject } from './wxapp.model';
import { presentWxapp } from './wxapp.presenter';

export const WXAPP_MESSAGES = {
  NOT_FOUND: '公众号不存在',
  DISABLED: '该公众号已停用',
  NOT_CONFIGURED: '当前项目未配置微信公众号',
  APP_ID_TAKEN: '该 AppID 已存在',
  PROJECT_TAKEN: '项目已由其他公众号服务',
  IN_USE: '该公众号仍在服务项目或已有绑定，请先解除后再删除',
  AES_KEY_REQUIRED: '安全模式须填写 EncodingAESKey',
  NOT_STUDENT: '只能绑定学员账号',
  OPENID_TAKEN: '该微信已绑定其他账号',
  ACCOUNT_BOUND: '该账号已绑定微信',
  NOT_BOUND: '该账号未绑定微信',
  OPENID_UNKNOWN: '该 OpenID 不属于此公众号',
} as const;

/** The URL WeChat pushes the official account's events to (MP console: 服务器地址). */
export function pushUrlOf(gateway: WechatGateway, appId: string): string {
  return `${gateway.publicUrl}/api/wechat/push/${appId}`;
}

/** A client of the official account's server API (through the scope's gateway), sharing tokens through PostgreSQL. */
export function officialAccountOf(
  scope: Pick<Scope, 'sequelize' | 'providers'>,
  wxapp: Wxapp,
): OfficialAccountClient {
  return createOfficialAccountClient({
    appId: wxapp.appId,
    appSecret: wxapp.appSecret,
    endpoints: scope.providers.wechat.endpoints,
    fetch: scope.providers.wechat.fetch,
    store: createPgCredentialStore(scope.sequelize),
  });
}

/** The enabled official account serving a project, or null when none is configured. */
export async function wxappOfProject(projectId: number, transaction?: Transaction): Promise<Wxapp | null> {
  const link = await WxappProject.findByPk(projectId, { transaction });
  if (!link) return null;
  const wxapp = await Wxapp.findByPk(link.wxappId, { transaction });
  return wxapp?.status === 'ENABLED' ? wxapp : null;
}

/** Like wxappOfProject; throws BusinessError 当前项目未配置微信公众号 when there is none. */
export async function requireWxappOfProject(projectId: number): Promise<Wxapp> {
  const wxapp = await wxappOfProject(projectId);
  if (!wxapp) throw new BusinessError(WXAPP_MESSAGES.NOT_CONFIGURED);
  return wxapp;
}

/** An official account by id. Throws BusinessError 公众号不存在. */
export async function loadWxapp(id: number, transaction?: Transaction, lock = false): Promise<Wxapp> {
  const wxapp = await Wxapp.findByPk(id, {
    transaction,
    ...(lock && transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!wxapp) throw new BusinessError(WXAPP_MESSAGES.NOT_FOUND);
  return wxapp;
}

/** Official accounts as answered: their projects, push URLs and binding counts read for the batch. */
async function wxappItems(gateway: WechatGateway, wxapps: Wxapp[]): Promise<WxappItem[]> {
  if (!wxapps.length) return [];
  const ids = wxapps.map((w) => w.id);
  // An official account serves several projects: the platform's view spans them.
  const links = await WxappProject.findAll({ where: { wxappId: ids }, allTenants: true });
  const projects = await Project.findAll({
    where: { id: links.map((l) => l.projectId) },
    attributes: ['id', 'name'],
  });
  const counts = await WechatBinding.count({ where: { wxappId: ids }, group: ['wxappId'], allTenants: true });
  const countOf = new Map(counts.map((c) => [Number(c.wxappId), Number(c.count)]));
  return wxapps.map((w) =>
    presentWxapp(w, {
      projects: links
        .filter((l) => l.wxappId === w.id)
        .map((l) => ({ id: l.projectId, name: projects.find((p) => p.id === l.projectId)?.name ?? '' })),
      serverUrl: pushUrlOf(gateway, w.appId),
      bindingCount: countOf.get(w.id) ?? 0,
    }),
  );
}

/** `wxapp/list`: newest first; keyword matches the name or the app id. */
export async function listWxapps(
  scope: Scope,
  input: z.output<typeof wxappListInput>,
): Promise<PageAnswer<WxappItem>> {
  const pattern = input.keyword ? containsPattern(input.keyword) : null;
  return modelPage(
    Wxapp,
    {
      where: {
        ...(pattern
          ? { [Op.or]: [{ name: { [Op.iLike]: pattern } }, { appId: { [Op.iLike]: pattern } }] }
          : {}),
        ...(input.status ? { status: input.status } : {}),
      },
      order: [['id', 'DESC']],
    },
    input,
    (rows) => wxappItems(scope.providers.wechat, rows),
  );
}

/** One official account as `wxapp/list` presents it. Throws BusinessError 公众号不存在. */
export async function getWxapp(scope: Scope, id: number): Promise<WxappItem> {
  const [item] = await wxappItems(scope.providers.wechat, [await loadWxapp(id)]);
  if (!item) throw new BusinessError(WXAPP_MESSAGES.NOT_FOUND);
  return item;
}

/**
 * Creates or updates an official account. A unique app id; safe mode needs an EncodingAESKey
 * (given now or stored); empty secrets on update keep the stored ones. Audited without secrets.
 */
export async function saveWxapp(
  scope: SignedInScope,
  input: z.output<typeof wxappSaveInput>,
): Promise<WxappItem> {
  const saved = await scope.sequelize.transaction(async (transaction) => {
    const existing = input.id ? await loadWxapp(input.id, transaction, true) : null;
    const encodingAesKey = input.encodingAesKey ?? existing?.encodingAesKey ?? null;
    if (input.pushMode === 'safe' && !encodingAesKey) {
      throw new ValidationError([
        { field: 'encodingAesKey', rule: 'required', message: WXAPP_MESSAGES.AES_KEY_REQUIRED },
      ]);
    }
    const clash = await Wxapp.findOne({
      where: { appId: input.appId, ...(existing ? { id: { [Op.ne]: existing.id } } : {}) },
      transaction,
    });
    if (clash)
      throw new ValidationError([{ field: 'appId', rule: 'unique', message: WXAPP_MESSAGES.APP_ID_TAKEN }]);
    const values = {
      name: input.name,
      appId: input.appId,
      pushToken: input.pushToken ?? existing?.pushToken ?? '',
      pushMode: input.pushMode,
      encodingAesKey,
      mchId: input.mchId ?? null,
      mchSerialNo: input.mchSerialNo ?? null,
      platformSerialNo: input.platformSerialNo ?? null,
      appSecret: input.appSecret ?? existing?.appSecret ?? '',
      mchPrivateKey: input.mchPrivateKey ?? existing?.mchPrivateKey ?? null,
      apiV3Key: input.apiV3Key ?? existing?.apiV3Key ?? null,
      platformPublicKey: input.platformPublicKey ?? existing?.platformPublicKey ?? null,
    };
    const wxapp = existing
      ? await existing.update(values, { transaction })
      : await Wxapp.create(values, { transaction });
    await audit(
      scope,
      {
        action: existing ? 'wxapp.update' : 'wxapp.create',
        projectId: null,
        targetType: 'wxapp',
        targetId: wxapp.id,
        detail: {
          name: wxapp.name,
          appId: wxapp.appId,
          secretsChanged: Boolean(input.appSecret || input.mchPrivateKey || input.apiV3Key),
        },
      },
      transaction,
    );
    return wxapp;
  });
  return getWxapp(scope, saved.id);
}

/** Enables or disables an official account. */
export async function setWxappStatus(
  scope: SignedInScope,
  id: number,
  status: 'ENABLED' | 'DISABLED',
): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const wxapp = await loadWxapp(id, transaction, true);
    await wxapp.update({ status }, { transaction });
    await audit(
      scope,
      { action: 'wxapp.status', projectId: null, targetType: 'wxapp', targetId: id, detail: { status } },
      transaction,
    );
  });
}

/** Deletes an official account that serves no project and has no bindings. */
export async function deleteWxapp(scope: SignedInScope, id: number): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const wxapp = await loadWxapp(id, transaction, true);
    // Whether the official account is used in any project.
    const inUse =
      (await WxappProject.count({ where: { wxappId: id }, allTenants: true, transaction })) +
      (await WechatBinding.count({ where: { wxappId: id }, allTenants: true, transaction }));
    if (inUse > 0) throw new BusinessError(WXAPP_MESSAGES.IN_USE);
    await wxapp.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'wxapp.delete',
        projectId: null,
        targetType: 'wxapp',
        targetId: id,
        detail: { appId: wxapp.appId },
      },
      transaction,
    );
  });
}

/**
 * Sets the projects an official account serves (replacing the list). A project already served by
 * another official account is refused, naming `projectIds`.
 */
export async function configWxappProjects(
  scope: SignedInScope,
  input: z.output<typeof wxappConfigProjectsInput>,
): Promise<WxappItem> {
  await scope.sequelize.transaction(async (transaction) => {
    await loadWxapp(input.id, transaction, true);
    const projectIds = [...new Set(input.projectIds)];
    const found = await Project.count({ where: { id: projectIds }, transaction });
    if (found !== projectIds.length) {
      throw new ValidationError([{ field: 'projectIds', rule: 'exists', message: '项目不存在' }]);
    }
    const taken = await WxappProject.findAll({
      where: { projectId: projectIds, wxappId: { [Op.ne]: input.id } },
      transaction,
    });
    if (taken.length) {
      const names = await Project.findAll({
        where: { id: taken.map((t) => t.projectId) },
        attributes: ['name'],
        transaction,
      });
      throw new ValidationError([
        {
          field: 'projectIds',
          rule: 'unique',
          message: `${WXAPP_MESSAGES.PROJECT_TAKEN}：${names.map((p) => p.name).join('、')}`,
        },
      ]);
    }
    // The official account's projects are replaced, whichever they were.
    await WxappProject.destroy({ where: { wxappId: input.id }, allTenants: true, transaction });
    await WxappProject.bulkCreate(
      projectIds.map((projectId) => ({ projectId, wxappId: input.id })),
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'wxapp.projects',
        projectId: null,
        targetType: 'wxapp',
        targetId: input.id,
        detail: { projectIds },
      },
      transaction,
    );
  });
  return getWxapp(scope, input.id);
}

/** The ids of the projects the official account with this app id serves (empty when unknown). */
export async function projectIdsOfAppId(appId: string): Promise<number[]> {
  const wxapp = await Wxapp.findOne({ where: { appId } });
  if (!wxapp) return [];
  const links = await WxappProject.findAll({
    where: { wxappId: wxapp.id },
    // Every project the official account serves.
    allTenants: true,
    order: [['projectId', 'ASC']],
  });
  return links.map((l) => l.projectId);
}

/** A binding as `wxapp/bindings` reads them, with its student, project and unit. */
interface BindingRow {
  open_id: string;
  nickname: string | null;
  account_id: number;
  real_name: string;
  id_card_no: string | null;
  project_name: string;
  unit_name: string | null;
  created_at: Date;
}

const BINDING_FROM = `FROM wechat_binding b JOIN account a ON a.id = b.account_id JOIN project p ON p.id = b.project_id
  LEFT JOIN unit u ON u.id = a.unit_id`;

/** `wxapp/bindings`: newest first; keyword matches name, ID number, mobile, nickname or openid. */
export async function listWxappBindings(
  { sequelize }: Scope,
  input: z.output<typeof wxappBindingsInput>,
): Promise<PageAnswer<WxappBindingItem>> {
  await loadWxapp(input.id);
  return sqlPageAnswer<BindingRow, WxappBindingItem>(
    sequelize,
    {
      select: `SELECT b.open_id, b.nickname, a.id AS account_id, a.real_name, a.id_card_no,
         p.name AS project_name, u.name AS unit_name, b.created_at ${BINDING_FROM}`,
      countFrom: BINDING_FROM,
      filter: new SqlFilter('b.wxapp_id = :id', { id: input.id }).contains(
        ['a.real_name', 'a.id_card_no', 'a.mobile', 'b.nickname', 'b.open_id'],
        'pattern',
        input.keyword,
        'ILIKE',
      ),
      orderBy: 'b.id DESC',
    },
    input,
    (r) => ({
      openId: r.open_id,
      nickname: r.nickname,
      accountId: r.account_id,
      realName: r.real_name,
      idCardNo: r.id_card_no ? maskIdCardNumber(r.id_card_no) : null,
      projectName: r.project_name,
      unitName: r.unit_name,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  );
}

/**
 * Binds an openid of the official account to a student account (idempotent for the same pair).
 * Refused when the openid or the account is bound elsewhere through this account, or the account is
 * not a student of a project the official account serves.
 */
export async function bindOpenId(
  scope: Scope,
  wxapp: Wxapp,
  account: Account | null,
  values: {
    openId: string;
    unionId?: string | null;
    nickname?: string | null;
    avatarUrl?: string | null;
  },
  transaction: Transaction,
): Promise<WechatBinding> {
  if (!account || account.deletedAt || account.roleSystem !== 3 || account.projectId === null) {
    throw new ValidationError([{ field: 'accountId', rule: 'student', message: WXAPP_MESSAGES.NOT_STUDENT }]);
  }
  const served = await WxappProject.findOne({
    where: { projectId: account.projectId, wxappId: wxapp.id },
    transaction,
  });
  if (!served) throw new BusinessError(WXAPP_MESSAGES.NOT_CONFIGURED);
  const existing = await WechatBinding.findOne({
    where: { wxappId: wxapp.id, projectId: account.projectId, openId: values.openId },
    transaction,
  });
  if (existing) {
    if (existing.accountId === account.id) return existing;
    throw new BusinessError(WXAPP_MESSAGES.OPENID_TAKEN);
  }
  if (
    await WechatBinding.findOne({
      where: { wxappId: wxapp.id, projectId: account.projectId, accountId: account.id },
      transaction,
    })
  ) {
    throw new BusinessError(WXAPP_MESSAGES.ACCOUNT_BOUND);
  }
  try {
    const binding = await WechatBinding.create(
      {
        wxappId: wxapp.id,
        openId: values.openId,
        unionId: values.unionId ?? null,
        accountId: account.id,
        projectId: account.projectId,
        nickname: values.nickname ?? null,
        avatarUrl: values.avatarUrl ?? null,
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'wechat.bind',
        projectId: account.projectId,
        targetType: 'account',
        targetId: account.id,
        detail: { wxappId: wxapp.id },
      },
      transaction,
    );
    return binding;
  } catch (error) {
    // A concurrent bind of the same openid or account won the race.
    if (error instanceof UniqueConstraintError) throw new BusinessError(WXAPP_MESSAGES.OPENID_TAKEN);
    throw error;
  }
}

/** `wxapp/bind`: customer service binds a student's openid, checked against WeChat (`user/info`). */
export async function bindByStaff(
  scope: SignedInScope,
  input: z.output<typeof wxappBindInput>,
): Promise<void> {
  const wxapp = await loadWxapp(input.id);
  try {
    await officialAccountOf(scope, wxapp).userInfo(input.openId);
  } catch (error) {
    if (isErrcode(error, 40003)) {
      throw new ValidationError([
        { field: 'openId', rule: 'wechat', message: WXAPP_MESSAGES.OPENID_UNKNOWN },
      ]);
    }
    throw error;
  }
  await scope.sequelize.transaction(async (transaction) => {
    // Platform staff bind a student of any project the official account serves.
    const account = await Account.findOne({ where: { id: input.accountId }, allTenants: true, transaction });
    await bindOpenId(scope, wxapp, account, { openId: input.openId }, transaction);
  });
}

/** `wxapp/unbind`: removes the bindings of an openid of the official account (in every project it serves). */
export async function unbindOpenId(scope: SignedInScope, wxappId: number, openId: string): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const bindings = await WechatBinding.findAll({
      where: { wxappId, openId },
      allTenants: true,
      transaction,
    });
    if (!bindings.length) throw new BusinessError(WXAPP_MESSAGES.NOT_BOUND);
    for (const binding of bindings) {
      await binding.destroy({ transaction });
      await audit(
        scope,
        {
          action: 'wechat.unbind',
          projectId: binding.projectId,
          targetType: 'account',
          targetId: binding.accountId,
          detail: { wxappId },
        },
        transaction,
      );
    }
  });
}

/** True when an error is WeChat's answer with this errcode. */
export function isErrcode(error: unknown, errcode: number): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    (error as { errcode: unknown }).errcode === errcode
  );
}
