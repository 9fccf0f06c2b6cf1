import { maskIdCardNumber } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { z } from 'zod';
import type {
  H5RegisterQrCodeAnswer,
  RegisterConfigByUnitAnswer,
  UnitRegisterStudentPage,
  unitRegisterStudentsInput,
} from '../../contract/wechat';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { Unit } from '../unit/unit.model';
import { managedUnitId } from '../unit/unit.policy';
import { loadUnit } from '../unit/unit.service';
import { publicOrigin, qrImageUrl } from './wechat.gateway';
import { officialAccountOf, requireWxappOfProject } from './wxapp.service';

/** The QR scene of a unit's registration code (a permanent string scene). */
export const UNIT_SCENE_PREFIX = 'unit_';

/** The unit a registration QR scene names, or null for any other scene. */
export function unitIdOfScene(scene: string): number | null {
  const match = /^unit_(\d{1,9})$/.exec(scene);
  return match ? Number(match[1]) : null;
}

/** The H5 registration page of a unit. */
export function registerUrlOf(origin: string, unitId: number): string {
  return `${origin}/register?unitId=${unitId}`;
}

/** The unit id the caller asks for: a unit manager's own unit, staff must name one. */
function requestedUnitId(scope: ActorScope, unitId: number | undefined): number {
  const id = unitId ?? managedUnitId(scope) ?? undefined;
  if (id === undefined)
    throw new ValidationError([{ field: 'unitId', rule: 'required', message: '请选择单位' }]);
  return id;
}

/**
 * `unit/h5-register-qr-code`: the unit's permanent WeChat QR code (scene `unit_<id>`), created
 * once per unit and official account and kept. Scanning it makes WeChat push a subscribe/SCAN
 * event, answered with the unit's registration link. Throws BusinessError for a unit out of scope
 * or a project without an official account; WeChat's refusals pass through as errors.
 */
export async function unitRegisterQrCode(
  scope: ActorScope,
  unitId: number | undefined,
): Promise<H5RegisterQrCodeAnswer> {
  const { sequelize } = scope;
  const gateway = scope.providers.wechat;
  const unit = await loadUnit(scope, requestedUnitId(scope, unitId));
  if (unit.status !== 'ENABLED') throw new BusinessError('单位已停用');
  const wxapp = await requireWxappOfProject(scope.project.id);
  const answer = (row: { ticket: string; expires_at: Date | null }) => ({
    unitId: unit.id,
    unitName: unit.name,
    imageUrl: qrImageUrl(gateway, row.ticket),
    registerUrl: registerUrlOf(publicOrigin(gateway, scope.request), unit.id),
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  });
  const [kept] = await sequelize.query<{ ticket: string; expires_at: Date | null }>(
    'SELECT ticket, expires_at FROM unit_register_qrcode WHERE unit_id = :unitId AND wxapp_id = :wxappId',
    { replacements: { unitId: unit.id, wxappId: wxapp.id }, type: QueryTypes.SELECT },
  );
  if (kept) return answer(kept);
  const scene = `${UNIT_SCENE_PREFIX}${unit.id}`;
  const code = await officialAccountOf(scope, wxapp).createQrCode({ scene });
  // Two managers asking at once: the first stored code wins, and both answer it.
  await sequelize.query(
    `INSERT INTO unit_register_qrcode (unit_id, wxapp_id, scene, ticket, url, expires_at)
     VALUES (:unitId, :wxappId, :scene, :ticket, :url, NULL) ON CONFLICT (unit_id, wxapp_id) DO NOTHING`,
    { replacements: { unitId: unit.id, wxappId: wxapp.id, scene, ticket: code.ticket, url: code.url } },
  );
  const [stored] = await sequelize.query<{ ticket: string; expires_at: Date | null }>(
    'SELECT ticket, expires_at FROM unit_register_qrcode WHERE unit_id = :unitId AND wxapp_id = :wxappId',
    { replacements: { unitId: unit.id, wxappId: wxapp.id }, type: QueryTypes.SELECT },
  );
  return answer(stored ?? { ticket: code.ticket, expires_at: null });
}

/**
 * `unit/register-config-by-unit` (public, in the unit's project): what a unit's registration page
 * shows. A disabled or unknown unit is refused naming `unitId`.
 */
export async function registerConfigByUnit(
  scope: TenantScope,
  unitId: number,
): Promise<RegisterConfigByUnitAnswer> {
  const unit = await Unit.findOne({ where: { id: unitId, projectId: scope.project.id } });
  if (!unit) throw new ValidationError([{ field: 'unitId', rule: 'exists', message: '单位不存在' }]);
  if (unit.status !== 'ENABLED')
    throw new ValidationError([{ field: 'unitId', rule: 'status', message: '单位已停用，暂不能注册' }]);
  return { unitId: unit.id, unitName: unit.name, projectName: scope.project.name };
}

/** A student of a unit as `unit/register-students` reads them. */
interface UnitStudentRow {
  id: number;
  real_name: string;
  id_card_no: string | null;
  mobile: string | null;
  bound: boolean;
  created_at: Date;
}

/** `unit/register-students`: the unit's students, newest first, with their WeChat binding. */
export async function unitRegisterStudents(
  scope: ActorScope,
  input: z.output<typeof unitRegisterStudentsInput>,
): Promise<UnitRegisterStudentPage> {
  const unit = await loadUnit(scope, requestedUnitId(scope, input.unitId));
  return sqlPageAnswer<UnitStudentRow, UnitRegisterStudentPage['list'][number]>(
    scope.sequelize,
    {
      select: `SELECT a.id, a.real_name, a.id_card_no, a.mobile, a.created_at,
         EXISTS (SELECT 1 FROM wechat_binding b WHERE b.project_id = a.project_id AND b.account_id = a.id) AS bound
       FROM account a`,
      countFrom: 'FROM account a',
      filter: new SqlFilter(
        'a.project_id = :projectId AND a.unit_id = :unitId AND a.role_system = 3 AND a.deleted_at IS NULL',
        { projectId: scope.project.id, unitId: unit.id },
      ),
      orderBy: 'a.id DESC',
    },
    input,
    (r) => ({
      accountId: r.id,
      realName: r.real_name,
      idCardNo: r.id_card_no ? maskIdCardNumber(r.id_card_no) : '',
      mobile: r.mobile,
      wechatBound: r.bound,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  );
}
