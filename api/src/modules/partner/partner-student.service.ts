import { createHash, randomBytes } from 'node:crypto';
import { ROLE_SYSTEM } from '@px/config';
import type { SignUpAnswer, StudentIdentity } from '@px/partner';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { type ActorScope, studentScope } from '../../core/action';
import { BusinessError, NotFoundError } from '../../core/errors';
import { enforce } from '../../core/policy';
import { Account } from '../account/account.model';
import { Role } from '../account/role.model';
import { enrolForPartner } from '../order/partner-order';
import { MyClass } from '../train-class/train-class.model';
import { publicOrigin } from '../wechat/wechat.gateway';
import type { PartnerScope } from './open/open.route';
import { bindFound, keepBound } from './partner.policy';
import { PartnerAccount, PartnerSignUp, PartnerSsoTicket } from './partner-api.model';

/**
 * The partner's students (docs/partner-api.md "Sign-up"): a partner's account id is bound to one
 * of our student accounts (made without a password, or found by ID number), sign-ups are idempotent
 * on the partner's request id, and a partner sees only the enrolments it signed up.
 */

/** Advisory-lock namespaces: one request id of an app; one partner account of an app. */
const REQUEST_LOCK = 4_711_050;
const ACCOUNT_LOCK = 4_711_051;

/** How long a single-sign-on ticket may be used: 5 minutes, once. */
export const SSO_TICKET_TTL_SECONDS = 5 * 60;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SignUpRequest extends StudentIdentity {
  requestId: string;
  classId: number;
}

const requestHash = (input: SignUpRequest) =>
  sha256(JSON.stringify([input.outAccountId, input.idCardNo, input.realName, input.mobile, input.classId]));

/** The answer stored with a sign-up, or a refusal when the request id came with other content. */
function repeated(row: PartnerSignUp, hash: string): SignUpAnswer {
  if (row.requestHash !== hash)
    throw new BusinessError('请求编号已用于另一次报名', { errorCode: 'REQUEST_ID_REUSED' });
  return row.answer as unknown as SignUpAnswer;
}

/**
 * The student account of a partner's account id in the caller's transaction: the one bound before
 * (its ID number must match), else the project's student of the ID number (the name must match; it
 * is bound now), else a new student without a password (bound now). Refused when the ID number is
 * another's, a mobile is taken by another student, or the account is disabled.
 */
async function bindAccount(
  scope: PartnerScope,
  identity: StudentIdentity,
  transaction: Transaction,
): Promise<{ account: Account; how: SignUpAnswer['account'] }> {
  const projectId = scope.project.id;
  const app = scope.app;
  const bound = await PartnerAccount.findOne({
    where: { projectId, appId: app.id, outAccountId: identity.outAccountId },
    transaction,
  });
  if (bound) {
    const account = await Account.findOne({ where: { projectId, id: bound.accountId }, transaction });
    enforce(keepBound(account, identity));
    return { account: account as Account, how: 'EXISTING' };
  }
  let account = await Account.findOne({ where: { projectId, idCardNo: identity.idCardNo }, transaction });
  let how: SignUpAnswer['account'] = 'BOUND';
  if (account) {
    const other = await PartnerAccount.findOne({
      where: { projectId, appId: app.id, accountId: account.id },
      transaction,
    });
    enforce(bindFound(account, identity, other !== null));
  } else {
    const mobileTaken = await Account.findOne({
      where: { projectId, mobile: identity.mobile, roleSystem: ROLE_SYSTEM.STUDENT },
      transaction,
    });
    if (mobileTaken) throw new BusinessError('手机号已被其他学员使用');
    const role = await Role.findOne({
      where: { projectId, code: 'student', roleSystem: ROLE_SYSTEM.STUDENT },
      transaction,
    });
    if (!role) throw new BusinessError('项目缺少学员角色');
    account = await Account.create(
      {
        projectId,
        roleId: role.id,
        roleSystem: ROLE_SYSTEM.STUDENT,
        realName: identity.realName,
        idCardNo: identity.idCardNo,
        mobile: identity.mobile,
        passwordHash: null,
      },
      { transaction },
    );
    how = 'CREATED';
  }
  await PartnerAccount.create(
    { projectId, appId: app.id, outAccountId: identity.outAccountId, accountId: account.id },
    { transaction },
  );
  return { account, how };
}

/**
 * `sign-up-student`: binds (or makes) the student and enrols them in the class (an order of channel
 * PARTNER), idempotent on the request id: a repeat, also one arriving while the first runs, answers
 * the first sign-up; the same id with other content is refused. A refusal saves nothing.
 */
export async function signUpStudent(scope: PartnerScope, input: SignUpRequest): Promise<SignUpAnswer> {
  const projectId = scope.project.id;
  const app = scope.app;
  const hash = requestHash(input);
  const find = (transaction?: Transaction) =>
    PartnerSignUp.findOne({ where: { projectId, appId: app.id, requestId: input.requestId }, transaction });
  const earlier = await find();
  if (earlier) return repeated(earlier, hash);
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      // Repeats of one request wait here for the first, then find its row.
      await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, hashtext(:key))', {
        replacements: { namespace: REQUEST_LOCK, key: `${app.id}:${input.requestId}` },
        transaction,
      });
      const first = await find(transaction);
      if (first) return repeated(first, hash);
      await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, hashtext(:key))', {
        replacements: { namespace: ACCOUNT_LOCK, key: `${app.id}:${input.outAccountId}` },
        transaction,
      });
      const { account, how } = await bindAccount(scope, input, transaction);
      const enrolled = await enrolForPartner(
        scope,
        {
          accountId: account.id,
          unitId: account.unitId ?? null,
          classId: input.classId,
          appId: app.id,
          appName: app.name,
          requestId: input.requestId,
        },
        transaction,
      );
      const enrolment = await MyClass.findOne({ where: { projectId, id: enrolled.myClassId }, transaction });
      const answer: SignUpAnswer = {
        enrolmentId: enrolled.myClassId,
        classId: input.classId,
        orderNo: enrolled.kind === 'CREATED' ? enrolled.order.orderNo : null,
        enrolment: enrolled.kind,
        account: how,
        status: enrolment?.status ?? 'STUDYING',
      };
      await PartnerSignUp.create(
        {
          projectId,
          appId: app.id,
          requestId: input.requestId,
          requestHash: hash,
          outAccountId: input.outAccountId,
          accountId: account.id,
          classId: input.classId,
          myClassId: enrolled.myClassId,
          orderId: enrolled.kind === 'CREATED' ? enrolled.order.id : null,
          answer: answer as unknown as Record<string, unknown>,
        },
        { transaction },
      );
      return answer;
    });
  } catch (error) {
    // Another instance's request of the same id got in first (the unique key decided).
    if (error instanceof UniqueConstraintError) {
      const first = await find();
      if (first) return repeated(first, hash);
    }
    throw error;
  }
}

/** The student scope of one of the app's students: study reads run as the student would. */
export const asStudent = (
  scope: PartnerScope,
  account: Pick<Account, 'id' | 'roleId' | 'unitId'>,
): ActorScope => studentScope(scope, account, `partner:${scope.app.id}`);

/** An enrolment the app signed up (by our id): its student; NotFoundError for any other. */
export async function appEnrolment(scope: PartnerScope, enrolmentId: number) {
  const projectId = scope.project.id;
  const signUp = await PartnerSignUp.findOne({
    where: { projectId, appId: scope.app.id, myClassId: enrolmentId },
    order: [['id', 'ASC']],
  });
  const account = signUp ? await Account.findOne({ where: { projectId, id: signUp.accountId } }) : null;
  if (!signUp || !account) throw new NotFoundError('报名记录不存在');
  return { account, outAccountId: signUp.outAccountId, enrolmentId };
}

/** The student bound to a partner account id of the app, or null. */
export async function boundAccount(scope: PartnerScope, outAccountId: string): Promise<Account | null> {
  const projectId = scope.project.id;
  const bound = await PartnerAccount.findOne({ where: { projectId, appId: scope.app.id, outAccountId } });
  return bound ? Account.findOne({ where: { projectId, id: bound.accountId } }) : null;
}

/** The enrolments the app signed a partner account up for (newest sign-up first, one per enrolment). */
export async function appEnrolmentsOf(scope: PartnerScope, outAccountId: string, classId?: number) {
  const rows = await PartnerSignUp.findAll({
    where: {
      projectId: scope.project.id,
      appId: scope.app.id,
      outAccountId,
      ...(classId ? { classId } : {}),
    },
    order: [['id', 'DESC']],
  });
  return [...new Set(rows.flatMap((row) => (row.myClassId ? [row.myClassId] : [])))];
}

/**
 * A one-time single-sign-on address of the study page of an enrolment of the app's student: the
 * ticket (only its hash kept) is bound to the app, the student and the enrolment, and expires in
 * SSO_TICKET_TTL_SECONDS.
 */
export async function ssoTicket(
  scope: PartnerScope,
  accountId: number,
  myClassId: number,
): Promise<{ url: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(scope.providers.clock.now().getTime() + SSO_TICKET_TTL_SECONDS * 1000);
  await PartnerSsoTicket.create({
    projectId: scope.project.id,
    appId: scope.app.id,
    ticketHash: sha256(ticket),
    accountId,
    myClassId,
    expiresAt,
  });
  const origin = publicOrigin(scope.providers.wechat, scope.request);
  const query = new URLSearchParams({ app: scope.app.appKey, ticket });
  return { url: `${origin}/hxtx/detail-study?${query}`, expiresAt: expiresAt.toISOString() };
}
