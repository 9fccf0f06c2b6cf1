import { randomUUID } from 'node:crypto';
import { ROLE_SYSTEM } from '@px/config';
import { Op, type Transaction, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import {
  CMS_PHOTO_LIMIT_BYTES,
  CMS_PHOTO_MIN_WIDTH,
  CMS_PHOTO_RATIO,
  CMS_PLACE_STATUS,
  type CmsApplySubmitAnswer,
  type CmsOptionalField,
  type CmsPayAnswer,
  type CmsUnitOption,
  type cmsApplyResubmitInput,
  type cmsApplySubmitInput,
  type MyCmsApply,
} from '../../contract/cms';
import { LOGIN_MESSAGES, type LoginAnswer } from '../../contract/login';
import { SKILL_LEVEL_LABELS } from '../../contract/my-certificate';
import type { SendMsgCodeAnswer } from '../../contract/sms';
import {
  type ActorScope,
  type FileResult,
  type Scope,
  studentScope,
  type TenantScope,
  type UploadedFile,
} from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { findStudentByMobile, mobileRaceLost } from '../account/mobile.service';
import { Role } from '../account/role.model';
import { type AfterSignIn, signInAccount } from '../account/sign-in';
import { audit } from '../audit/audit.service';
import { identityRequired, linkIdentityCheck, requireIdentity } from '../identity/identity.service';
import { PayOrder } from '../order/order.model';
import { expireOrder } from '../order/order-pay.service';
import { openFeeOrder } from '../order/order-state';
import { issueSmsCode, withSmsCode } from '../sms/sms-code.service';
import { type CheckedImage, readUploadedImage } from '../storage/image-upload';
import { chinaToday } from '../train-class/class-read';
import { Unit } from '../unit/unit.model';
import { CmsApply, CmsBatch, CmsFeeOrder } from './cms.model';
import { applyFacts, CMS_APPLY_NOT_FOUND, myApplyAbilities, windowOpen } from './cms.policy';
import { presentFeeOrder, presentMyApply, presentUnitOption } from './cms.presenter';
import { applyPhoto, batchesOf, findApply, moveApply, sittingsOf } from './cms-apply.service';
import { resultsOf } from './cms-result';

/**
 * The candidate's side of the examinations (docs/product-decisions.md "CMS"): the registration of
 * `/registerCms` (which creates or binds the candidate's account), their applications under /my,
 * correcting a rejected one, withdrawing an unpaid one, paying the fee through the order engine,
 * their photo. One open application per candidate, batch and level: the batch's row is locked while
 * an application is made, and a unique index settles whatever gets past that.
 */

const ALREADY_APPLIED = '您已报名该批次的这个等级，请在「我的」→「考试报名」中查看';
const FULL = '该批次报名人数已满';
const CLOSED = '该批次不在报名时间内';

type SubmitInput = z.output<typeof cmsApplySubmitInput>;
type ResubmitInput = z.output<typeof cmsApplyResubmitInput>;

const fieldError = (field: string, rule: string, message: string): FieldError => ({ field, rule, message });

/** `cms-apply/send-msg-code`: an SMS code to the mobile registering (whether or not it is registered). */
export function sendApplyCode(scope: TenantScope, mobile: string): Promise<SendMsgCodeAnswer> {
  return issueSmsCode(scope, { mobile, purpose: 'cms-apply', deliver: true });
}

/** `cms-apply/unit-options`: up to 20 enabled units of the project whose name contains the keyword. */
export async function unitOptions(scope: TenantScope, keyword: string | undefined): Promise<CmsUnitOption[]> {
  const units = await Unit.findAll({
    attributes: ['id', 'name'],
    where: {
      projectId: scope.project.id,
      status: 'ENABLED',
      ...(keyword ? { name: { [Op.iLike]: containsPattern(keyword) } } : {}),
    },
    order: [['name', 'ASC']],
    limit: 20,
  });
  return units.map(presentUnitOption);
}

/**
 * The ID photo of an upload, or null when none was sent: JPEG or PNG by content, at most 2 MB, in
 * the passport ratio (33:48, give or take 3%) and at least CMS_PHOTO_MIN_WIDTH wide. Throws
 * ValidationError naming `file`.
 */
async function readPhoto(file: UploadedFile | undefined): Promise<CheckedImage<'jpeg' | 'png'> | null> {
  if (!file) return null;
  const image = await readUploadedImage(file, CMS_PHOTO_LIMIT_BYTES, ['jpeg', 'png'] as const);
  const ratio = image.info.width / image.info.height;
  if (Math.abs(ratio - CMS_PHOTO_RATIO) / CMS_PHOTO_RATIO > 0.03)
    throw new ValidationError([fieldError('file', 'ratio', '证件照应为 33:48 的证件照比例，请裁剪后上传')]);
  if (image.info.width < CMS_PHOTO_MIN_WIDTH)
    throw new ValidationError([
      fieldError('file', 'min', `证件照过小，宽度至少 ${CMS_PHOTO_MIN_WIDTH} 像素，请重新拍摄或选择照片`),
    ]);
  return image;
}

/** Stores a checked photo in the project's folder; answers its key. */
async function storePhoto(scope: TenantScope, photo: CheckedImage<'jpeg' | 'png'>): Promise<string> {
  const key = `cms-photos/${scope.project.id}/${randomUUID()}.${photo.info.format === 'png' ? 'png' : 'jpg'}`;
  await scope.providers.storage.put(key, photo.bytes);
  return key;
}

/** The candidate's fields against the batch: its levels, its required fields, the unit. Throws ValidationError. */
async function checkFields(
  scope: TenantScope,
  batch: CmsBatch,
  input: Pick<SubmitInput, 'skillLevel' | 'education' | 'workYears' | 'workUnitId'>,
  hasPhoto: boolean,
): Promise<void> {
  const errors: FieldError[] = [];
  if (!batch.levels.includes(input.skillLevel))
    errors.push(fieldError('skillLevel', 'option', '该批次不接受此等级的报名'));
  const present: Record<CmsOptionalField, boolean> = {
    education: input.education !== undefined,
    workYears: input.workYears !== undefined,
    unit: input.workUnitId !== undefined,
    photo: hasPhoto,
  };
  const fieldOf: Record<CmsOptionalField, [string, string]> = {
    education: ['education', '请选择文化程度'],
    workYears: ['workYears', '请填写工作年限'],
    unit: ['workUnitId', '请选择工作单位'],
    photo: ['file', '请上传证件照'],
  };
  for (const field of batch.requiredFields) {
    const [name, message] = fieldOf[field];
    if (!present[field]) errors.push(fieldError(name, 'required', message));
  }
  if (input.workUnitId !== undefined) {
    const unit = await Unit.findOne({ where: { id: input.workUnitId, projectId: scope.project.id } });
    if (unit?.status !== 'ENABLED') errors.push(fieldError('workUnitId', 'exists', '工作单位不存在或已停用'));
  }
  if (errors.length) throw new ValidationError(errors);
}

/** The open batch of an application to make. Throws ValidationError (unknown) or BusinessError (closed). */
async function openBatch(scope: TenantScope, batchId: number): Promise<CmsBatch> {
  const batch = await CmsBatch.findOne({ where: { id: batchId, projectId: scope.project.id } });
  if (!batch) throw new ValidationError([fieldError('batchId', 'exists', '考试批次不存在')]);
  if (!windowOpen(batch, chinaToday(scope.providers.clock.now()))) throw new BusinessError(CLOSED);
  return batch;
}

/**
 * The signed-out candidate's account, inside the SMS code's transaction: the student with that ID
 * number (its name and mobile must be the ones given: the code proves the mobile), else the student
 * with that mobile and no ID number yet (it gets the ID number), else a new student without a
 * password (they sign in by SMS code or WeChat). Throws ValidationError naming the field that does
 * not agree, BusinessError for a disabled account.
 */
async function bindOrCreate(
  scope: TenantScope,
  input: SubmitInput,
  transaction: Transaction,
): Promise<{ account: Account; created: boolean }> {
  const projectId = scope.project.id;
  const byId = await Account.findOne({ where: { projectId, idCardNo: input.idCardNo }, transaction });
  if (byId) {
    if (byId.roleSystem !== ROLE_SYSTEM.STUDENT)
      throw new ValidationError([fieldError('idCardNo', 'unique', '该身份证号已被其他账号使用')]);
    if (byId.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(LOGIN_MESSAGES.DISABLED);
    if (byId.realName !== input.realName)
      throw new ValidationError([fieldError('realName', 'match', '姓名与该身份证号已登记的姓名不一致')]);
    if (byId.mobile !== input.mobile) {
      const tail = byId.mobile ? `（尾号 ${byId.mobile.slice(-4)}）` : '';
      throw new ValidationError([
        fieldError('mobile', 'match', `该身份证号已注册，请使用注册时的手机号${tail}报名，或登录后报名`),
      ]);
    }
    return { account: byId, created: false };
  }
  const byMobile = await findStudentByMobile(projectId, input.mobile, transaction);
  if (byMobile) {
    if (byMobile.idCardNo || byMobile.realName !== input.realName)
      throw new ValidationError([fieldError('mobile', 'unique', '该手机号已被其他学员使用')]);
    if (byMobile.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(LOGIN_MESSAGES.DISABLED);
    await byMobile.update({ idCardNo: input.idCardNo }, { transaction });
    return { account: byMobile, created: false };
  }
  const role = await Role.findOne({
    where: { projectId, code: 'student', roleSystem: ROLE_SYSTEM.STUDENT },
    transaction,
  });
  if (!role) throw new BusinessError('该项目未开放学员注册，请联系管理员');
  const account = await Account.create(
    {
      projectId,
      unitId: input.workUnitId ?? null,
      roleId: role.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      realName: input.realName,
      idCardNo: input.idCardNo,
      mobile: input.mobile,
    },
    { transaction },
  );
  await audit(
    scope,
    {
      action: 'account.register',
      projectId,
      targetType: 'account',
      targetId: account.id,
      detail: { via: 'cms-apply', unitId: account.unitId },
    },
    transaction,
  );
  return { account, created: true };
}

/**
 * The signed-in student's account for an application: the identity given must be theirs (an
 * account without an ID number takes the one given, when no other account has it). Throws
 * ValidationError naming the field.
 */
async function ownAccount(scope: ActorScope, input: SubmitInput, transaction: Transaction): Promise<Account> {
  const account = await Account.findOne({
    where: { id: scope.principal.accountId, projectId: scope.project.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!account) throw new BusinessError('账号不存在');
  const errors: FieldError[] = [];
  if (account.realName && account.realName !== input.realName)
    errors.push(fieldError('realName', 'match', '姓名与当前登录账号不一致'));
  if (account.idCardNo && account.idCardNo !== input.idCardNo)
    errors.push(fieldError('idCardNo', 'match', '身份证号与当前登录账号不一致'));
  if (account.mobile && account.mobile !== input.mobile)
    errors.push(fieldError('mobile', 'match', '手机号与当前登录账号不一致'));
  if (errors.length) throw new ValidationError(errors);
  if (!account.idCardNo) {
    const taken = await Account.count({
      where: { projectId: scope.project.id, idCardNo: input.idCardNo },
      transaction,
    });
    if (taken) throw new ValidationError([fieldError('idCardNo', 'unique', '该身份证号已被其他账号使用')]);
    await account.update({ idCardNo: input.idCardNo }, { transaction });
  }
  return account;
}

/**
 * Makes the application under the batch's row lock: refused when the candidate holds an open one of
 * the batch and level, or the batch is full; logged and audited.
 */
async function createApplication(
  scope: TenantScope & Pick<Scope, 'principal' | 'request'>,
  batchId: number,
  account: Account,
  input: SubmitInput,
  photoKey: string | null,
  transaction: Transaction,
): Promise<CmsApply> {
  const projectId = scope.project.id;
  const batch = await CmsBatch.findOne({
    where: { id: batchId, projectId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!batch || !windowOpen(batch, chinaToday(scope.providers.clock.now()))) throw new BusinessError(CLOSED);
  const open = await CmsApply.count({
    where: {
      projectId,
      batchId,
      accountId: account.id,
      skillLevel: input.skillLevel,
      status: { [Op.ne]: 'CANCELLED' },
    },
    transaction,
  });
  if (open) throw new BusinessError(ALREADY_APPLIED);
  const taken = await CmsApply.count({
    where: { projectId, batchId, status: [...CMS_PLACE_STATUS] },
    transaction,
  });
  if (taken >= batch.capacity) throw new BusinessError(FULL);
  const apply = await CmsApply.create(
    {
      projectId,
      batchId,
      accountId: account.id,
      skillLevel: input.skillLevel,
      realName: input.realName,
      idCardNo: input.idCardNo,
      mobile: input.mobile,
      education: input.education ?? null,
      workYears: input.workYears ?? null,
      unitId: input.workUnitId ?? null,
      photoKey,
      status: 'SUBMITTED',
    },
    { transaction },
  );
  await moveApply(apply, 'SUBMITTED', { actorId: account.id, reason: '提交报名' }, transaction);
  await audit(
    { principal: scope.principal, request: scope.request },
    {
      action: 'cms-apply.submit',
      projectId,
      targetType: 'cms_apply',
      targetId: apply.id,
      detail: { batchId, accountId: account.id, skillLevel: input.skillLevel },
    },
    transaction,
  );
  return apply;
}

/** Turns the unique indexes' refusals (a concurrent submit or registration) into the refusal people read. */
function raceRefusal(error: unknown): unknown {
  if (!(error instanceof UniqueConstraintError)) return error;
  const constraint = (error.parent as { constraint?: string } | undefined)?.constraint;
  if (constraint === 'cms_apply_open') return new BusinessError(ALREADY_APPLIED);
  if (constraint === 'account_id_card_unique')
    return new ValidationError([fieldError('idCardNo', 'unique', '该身份证号已被其他账号使用')]);
  return mobileRaceLost(error) ?? error;
}

/**
 * `cms-apply/submit`: an application to an open batch at a level (the ID photo in `file`). A
 * signed-out candidate proves the mobile with the SMS code; their account is found or made (see
 * bindOrCreate) and signed in (the answer carries the session), the WeChat scene bound when given.
 * When the project requires 实名核验 (`idCardVerify`), the name and ID number are checked through the
 * identity provider first (refused naming `realName` / `idCardNo`).
 * A signed-in student applies as themselves. Nothing is kept when anything is refused (the photo
 * is removed, the code stays usable). Throws ValidationError naming fields, BusinessError (closed,
 * full, already applied), ForbiddenError for staff.
 */
export async function submitApply(
  scope: TenantScope & Pick<Scope, 'principal'>,
  input: SubmitInput,
  file: UploadedFile | undefined,
  afterSignIn?: AfterSignIn,
): Promise<CmsApplySubmitAnswer> {
  const { principal } = scope;
  // A signed-in caller applies as a student (the examinations' policy; staff: 403).
  if (principal)
    authorize({ project: scope.project, principal }, 'cms-apply.submit', { projectId: scope.project.id });
  if (!principal && !input.msgCode)
    throw new ValidationError([fieldError('msgCode', 'required', '请输入短信验证码')]);
  const batch = await openBatch(scope, input.batchId);
  const photo = await readPhoto(file);
  await checkFields(scope, batch, input, photo !== null);
  // 实名核验 when the project requires it: the name and ID number must belong together.
  const identity = identityRequired(scope.project)
    ? await requireIdentity(scope, { realName: input.realName, idCardNo: input.idCardNo }, { purpose: 'CMS' })
    : null;
  const photoKey = photo ? await storePhoto(scope, photo) : null;
  try {
    if (principal) {
      const actor = scope as ActorScope;
      const apply = await scope.sequelize.transaction(async (transaction) => {
        const account = await ownAccount(actor, input, transaction);
        if (identity) await linkIdentityCheck(identity, account.id, transaction);
        return createApplication(scope, batch.id, account, input, photoKey, transaction);
      });
      return { apply: await viewMyApply(actor, apply), session: null };
    }
    const check = { mobile: input.mobile, purpose: 'cms-apply' as const, code: input.msgCode ?? '' };
    const made = await withSmsCode(scope, check, async (transaction) => {
      const { account } = await bindOrCreate(scope, input, transaction);
      if (identity) await linkIdentityCheck(identity, account.id, transaction);
      await afterSignIn?.(account, transaction);
      const session: LoginAnswer = await signInAccount(scope, account, transaction);
      const apply = await createApplication(scope, batch.id, account, input, photoKey, transaction);
      return { apply, account, session };
    });
    const asCandidate = candidateScope(scope, made.account);
    return { apply: await viewMyApply(asCandidate, made.apply), session: made.session };
  } catch (error) {
    if (photoKey) await scope.providers.storage.delete(photoKey);
    throw raceRefusal(error);
  }
}

/** A scope acting as the candidate just signed in (to present their application to them). */
export const candidateScope = (scope: TenantScope, account: Account): ActorScope =>
  studentScope(scope, account, '');

/** The candidate's open fee orders (UNPAID) of applications, newest first, by application. */
async function unpaidOrdersOf(
  scope: TenantScope,
  applyIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, PayOrder[]>> {
  const links = applyIds.length
    ? await CmsFeeOrder.findAll({
        where: { projectId: scope.project.id, applyId: [...applyIds] },
        transaction,
      })
    : [];
  const orders = links.length
    ? await PayOrder.findAll({
        where: { projectId: scope.project.id, id: links.map((link) => link.orderId), status: 'UNPAID' },
        order: [['id', 'DESC']],
        transaction,
      })
    : [];
  const applyOf = new Map(links.map((link) => [link.orderId, link.applyId]));
  const byApply = new Map<number, PayOrder[]>();
  for (const order of orders) {
    const applyId = applyOf.get(order.id) as number;
    byApply.set(applyId, [...(byApply.get(applyId) ?? []), order]);
  }
  return byApply;
}

/** The candidate's applications as they see them, with what they are shown with. */
async function viewsOfMine(scope: ActorScope, applies: CmsApply[]): Promise<MyCmsApply[]> {
  const projectId = scope.project.id;
  const batches = await batchesOf(projectId, applies);
  const sittings = await sittingsOf(projectId, applies);
  const units = await namesById(
    Unit,
    applies.map((apply) => apply.unitId),
    { where: { projectId } },
  );
  const unpaid = await unpaidOrdersOf(
    scope,
    applies.map((apply) => apply.id),
  );
  const results = await resultsOf(scope, applies, { publishedOnly: true });
  const now = scope.providers.clock.now();
  const today = chinaToday(now);
  return applies.map((apply) => {
    const batch = batches.get(apply.batchId) as CmsBatch;
    const open = (unpaid.get(apply.id) ?? []).find((order) => !order.expiresAt || order.expiresAt > now);
    return presentMyApply(apply, {
      batch,
      unitName: apply.unitId ? (units.get(apply.unitId) ?? null) : null,
      sitting: apply.sittingId ? sittings.get(apply.sittingId) : undefined,
      unpaidOrderId: open?.id ?? null,
      result: results.get(apply.id) ?? null,
      abilities: myApplyAbilities(scope, applyFacts(apply, batch, today)),
    });
  });
}

/** One application of the caller as they see it. */
export async function viewMyApply(scope: ActorScope, apply: CmsApply): Promise<MyCmsApply> {
  const [view] = await viewsOfMine(scope, [apply]);
  return view as MyCmsApply;
}

/** `cms-apply/my-list`: the caller's applications, newest first. */
export async function myApplies(scope: ActorScope): Promise<MyCmsApply[]> {
  const applies = await CmsApply.findAll({
    where: { projectId: scope.project.id, accountId: scope.principal.accountId },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 100,
  });
  return viewsOfMine(scope, applies);
}

/** An application of the caller (another's reads as missing), locked when a transaction is given. */
async function myApply(scope: ActorScope, id: number, transaction?: Transaction): Promise<CmsApply> {
  const apply = await findApply(scope, id, transaction);
  if (apply.accountId !== scope.principal.accountId) throw new BusinessError(CMS_APPLY_NOT_FOUND);
  return apply;
}

/** The application's facts for the policy, with its batch read in the transaction. */
async function factsOf(scope: ActorScope, apply: CmsApply, transaction?: Transaction) {
  const batch = await CmsBatch.findOne({
    where: { projectId: apply.projectId, id: apply.batchId },
    transaction,
  });
  return { batch, facts: applyFacts(apply, batch ?? undefined, chinaToday(scope.providers.clock.now())) };
}

/**
 * `cms-apply/resubmit`: the candidate corrects a rejected application (level, education, years,
 * unit, and a new photo in `file` or the old one kept) and submits it again (SUBMITTED). Throws
 * ValidationError naming fields, BusinessError when it is not rejected or registration closed.
 */
export async function resubmitApply(
  scope: ActorScope,
  input: ResubmitInput,
  file: UploadedFile | undefined,
): Promise<MyCmsApply> {
  const before = await myApply(scope, input.id);
  const { batch, facts } = await factsOf(scope, before);
  authorize(scope, 'cms-apply.resubmit', facts);
  const photo = await readPhoto(file);
  await checkFields(scope, batch as CmsBatch, input, photo !== null || before.photoKey !== null);
  const photoKey = photo ? await storePhoto(scope, photo) : null;
  let replaced: string | null = null;
  try {
    const apply = await scope.sequelize.transaction(async (transaction) => {
      const locked = await myApply(scope, input.id, transaction);
      authorize(scope, 'cms-apply.resubmit', (await factsOf(scope, locked, transaction)).facts);
      if (photoKey) replaced = locked.photoKey;
      await moveApply(
        locked,
        'SUBMITTED',
        { actorId: scope.principal.accountId, reason: '修改后重新提交' },
        transaction,
        {
          skillLevel: input.skillLevel,
          education: input.education ?? null,
          workYears: input.workYears ?? null,
          unitId: input.workUnitId ?? null,
          rejectReason: null,
          ...(photoKey ? { photoKey } : {}),
        },
      );
      return locked;
    });
    if (replaced) await scope.providers.storage.delete(replaced);
    return viewMyApply(scope, apply);
  } catch (error) {
    if (photoKey) await scope.providers.storage.delete(photoKey);
    throw raceRefusal(error);
  }
}

/**
 * Closes the application's unpaid fee orders (WeChat asked first: one paid meanwhile pays the
 * application instead, through the order engine's event).
 */
async function closeUnpaidOrders(scope: ActorScope, applyId: number): Promise<void> {
  const now = scope.providers.clock.now();
  for (const order of (await unpaidOrdersOf(scope, [applyId])).get(applyId) ?? [])
    await expireOrder(scope, order, now, 'CANCELLED', {
      source: 'STUDENT',
      actorId: scope.principal.accountId,
    });
}

/** `cms-apply/cancel`: the candidate withdraws an application not paid yet (its unpaid order closed). */
export async function cancelApply(scope: ActorScope, id: number): Promise<MyCmsApply> {
  const before = await myApply(scope, id);
  authorize(scope, 'cms-apply.cancel', (await factsOf(scope, before)).facts);
  await closeUnpaidOrders(scope, id);
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const locked = await myApply(scope, id, transaction);
    authorize(scope, 'cms-apply.cancel', (await factsOf(scope, locked, transaction)).facts);
    await moveApply(
      locked,
      'CANCELLED',
      { actorId: scope.principal.accountId, reason: '考生撤销报名' },
      transaction,
      {
        cancelReason: '考生撤销报名',
      },
    );
    return locked;
  });
  return viewMyApply(scope, apply);
}

/**
 * `cms-apply/pay`: the fee order of an approved application: its open unpaid order, else a new one
 * of the batch's fee (orders past their time are closed first, WeChat asked). The candidate pays it
 * through `order/pay` (JSAPI inside WeChat, Native elsewhere); the application becomes PAID when
 * the order does. Throws BusinessError when the application is not awaiting payment.
 */
export async function payApply(scope: ActorScope, id: number): Promise<CmsPayAnswer> {
  const before = await myApply(scope, id);
  authorize(scope, 'cms-apply.pay', (await factsOf(scope, before)).facts);
  const now = scope.providers.clock.now();
  for (const order of (await unpaidOrdersOf(scope, [id])).get(id) ?? [])
    if (order.expiresAt && order.expiresAt <= now) await expireOrder(scope, order, now, 'TIMEOUT');
  const order = await scope.sequelize.transaction(async (transaction) => {
    const locked = await myApply(scope, id, transaction);
    const { batch, facts } = await factsOf(scope, locked, transaction);
    authorize(scope, 'cms-apply.pay', facts);
    const open = ((await unpaidOrdersOf(scope, [id], transaction)).get(id) ?? []).find(
      (row) => !row.expiresAt || row.expiresAt > now,
    );
    if (open) return open;
    const created = await openFeeOrder(
      {
        projectId: scope.project.id,
        accountId: locked.accountId,
        unitId: locked.unitId,
        kind: 'CMS',
        title: `${batch?.name ?? '考试'}报名费（${SKILL_LEVEL_LABELS[locked.skillLevel]}）`,
        totalFen: batch?.feeFen ?? 0,
      },
      { source: 'STUDENT', actorId: scope.principal.accountId },
      now,
      transaction,
    );
    await CmsFeeOrder.create(
      { orderId: created.id, projectId: scope.project.id, applyId: id },
      { transaction },
    );
    return created;
  });
  return presentFeeOrder(order);
}

/** `cms-apply/my-photo`: the photo of the caller's application. */
export async function myApplyPhoto(scope: ActorScope, id: number): Promise<FileResult> {
  return applyPhoto(scope, await myApply(scope, id));
}

/** The caller's application the ticket policy allows (for `cms-apply/my-ticket`). */
export async function ticketApply(scope: ActorScope, id: number): Promise<CmsApply> {
  const apply = await myApply(scope, id);
  authorize(scope, 'cms-apply.ticket', (await factsOf(scope, apply)).facts);
  return apply;
}
