import { randomBytes } from 'node:crypto';
import { Op, QueryTypes, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type {
  PageAnswer,
  PartnerAppItem,
  PartnerAppSecretAnswer,
  PartnerCallLogItem,
  partnerAppListInput,
  partnerAppRotateInput,
  partnerAppSaveInput,
  partnerCallLogInput,
} from '../../contract';
import type { Scope, SignedInScope } from '../../core/action';
import { NotFoundError, ValidationError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { principalScope } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { Project } from '../project/project.model';
import { partnerAppAbilities } from './partner.policy';
import { PartnerApp, PartnerCallLog } from './partner-app.model';
import { type AppUsage, presentCallLog, presentPartnerApp } from './partner-app.presenter';

/**
 * Partner apps (docs/partner-api.md), kept by platform staff (calls in no project, across
 * projects): the list with usage, create and edit, secret rotation with an overlap, and the call
 * log. Secrets are answered only when made.
 */

/** A new app key: `pk_` and 20 hex digits. */
export const newAppKey = (): string => `pk_${randomBytes(10).toString('hex')}`;
/** A new secret: `sk_` and 256 random bits. */
export const newSecret = (): string => `sk_${randomBytes(32).toString('base64url')}`;

async function usageOf(scope: Scope, appIds: number[]): Promise<Map<number, AppUsage>> {
  if (appIds.length === 0) return new Map();
  const rows = await scope.sequelize.query<{
    app_id: number;
    today: string;
    refused: string;
    total: string;
    last_at: Date | null;
  }>(
    `SELECT app_id,
            count(*) FILTER (WHERE created_at > now() - interval '1 day') AS today,
            count(*) FILTER (WHERE created_at > now() - interval '1 day' AND result_code <> 'OK') AS refused,
            count(*) AS total,
            max(created_at) AS last_at
       FROM partner_call_log WHERE app_id IN (:appIds) GROUP BY app_id`,
    { replacements: { appIds }, type: QueryTypes.SELECT },
  );
  return new Map(
    rows.map((row) => [
      row.app_id,
      {
        callsToday: Number(row.today),
        refusedToday: Number(row.refused),
        callsTotal: Number(row.total),
        lastCallAt: row.last_at,
      },
    ]),
  );
}

/** Apps as the back office shows them, with their project's name and their usage. */
async function appViews(scope: SignedInScope, apps: PartnerApp[], now: Date): Promise<PartnerAppItem[]> {
  const usage = await usageOf(
    scope,
    apps.map((app) => app.id),
  );
  const projects = await namesById(
    Project,
    apps.map((app) => app.projectId),
  );
  const caller = principalScope(scope);
  return apps.map((app) =>
    presentPartnerApp(
      app,
      projects.get(app.projectId) ?? '',
      usage.get(app.id),
      now,
      partnerAppAbilities(caller, app),
    ),
  );
}

/** One app as the back office shows it. */
async function appView(scope: SignedInScope, app: PartnerApp, now: Date): Promise<PartnerAppItem> {
  const [item] = await appViews(scope, [app], now);
  return item as PartnerAppItem;
}

/** `partner-app/list`: apps newest first, of one project or all, name matching part. */
export function listPartnerApps(
  scope: SignedInScope,
  input: z.output<typeof partnerAppListInput>,
): Promise<PageAnswer<PartnerAppItem>> {
  const where: WhereOptions<PartnerApp> = {
    ...(input.projectId ? { projectId: input.projectId } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
  };
  return newestFirstPage(
    PartnerApp,
    where,
    input,
    (rows) => appViews(scope, rows, scope.providers.clock.now()),
    {
      allTenants: true,
    },
  );
}

/** An app by id in any project; NotFoundError when there is none. */
export async function findPartnerApp(id: number): Promise<PartnerApp> {
  const app = await PartnerApp.findOne({ where: { id }, allTenants: true });
  if (!app) throw new NotFoundError('合作应用不存在');
  return app;
}

/** `partner-app/detail`. */
export async function partnerAppDetail(scope: SignedInScope, id: number): Promise<PartnerAppItem> {
  return appView(scope, await findPartnerApp(id), scope.providers.clock.now());
}

/**
 * `partner-app/save`: creates an app in a project (a new key and secret, the secret answered this
 * once) or updates one (never its project, key or secret). Names are unique in a project. Audited.
 */
export async function savePartnerApp(
  scope: SignedInScope,
  input: z.output<typeof partnerAppSaveInput>,
): Promise<PartnerAppSecretAnswer> {
  const fields = {
    name: input.name,
    allowedOrigins: input.allowedOrigins,
    callbackUrl: input.callbackUrl ?? null,
    ipAllowList: input.ipAllowList ?? [],
    enabled: input.enabled,
    rateLimitPerMinute: input.rateLimitPerMinute,
  };
  const existing = input.id ? await findPartnerApp(input.id) : null;
  const projectId = existing?.projectId ?? input.projectId;
  if (!projectId)
    throw new ValidationError([{ field: 'projectId', rule: 'required', message: '请选择所属项目' }]);
  const project = await Project.findByPk(projectId);
  if (!project) throw new ValidationError([{ field: 'projectId', rule: 'exists', message: '项目不存在' }]);
  const secret = existing ? null : newSecret();
  const app = await withProject(projectId, () =>
    scope.sequelize.transaction(async (transaction) => {
      const sameName = await PartnerApp.findOne({
        where: { projectId, name: input.name, ...(existing ? { id: { [Op.ne]: existing.id } } : {}) },
        transaction,
      });
      if (sameName)
        throw new ValidationError([{ field: 'name', rule: 'unique', message: '该项目已有同名的合作应用' }]);
      const saved = existing
        ? await existing.update(fields, { transaction })
        : await PartnerApp.create(
            {
              projectId,
              ...fields,
              appKey: newAppKey(),
              secret: secret as string,
              createdBy: scope.principal.accountId,
            },
            { transaction },
          );
      await audit(
        scope,
        {
          action: existing ? 'partner-app.update' : 'partner-app.create',
          projectId,
          targetType: 'partner_app',
          targetId: saved.id,
          detail: { ...fields, appKey: saved.appKey },
        },
        transaction,
      );
      return saved;
    }),
  );
  return { app: await appView(scope, app, scope.providers.clock.now()), secret };
}

/**
 * `partner-app/rotate-secret`: a new secret, answered this once; the current one is accepted for
 * `overlapMinutes` more (a secret still overlapping from an earlier rotation is dropped at once).
 * Audited (never the secrets).
 */
export async function rotatePartnerSecret(
  scope: SignedInScope,
  input: z.output<typeof partnerAppRotateInput>,
): Promise<PartnerAppSecretAnswer> {
  const found = await findPartnerApp(input.id);
  const now = scope.providers.clock.now();
  const secret = newSecret();
  const app = await withProject(found.projectId, () =>
    scope.sequelize.transaction(async (transaction) => {
      const locked = await PartnerApp.findOne({
        where: { id: found.id, projectId: found.projectId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!locked) throw new NotFoundError('合作应用不存在');
      const overlap = input.overlapMinutes > 0;
      await locked.update(
        {
          secret,
          previousSecret: overlap ? locked.secret : null,
          previousSecretUntil: overlap ? new Date(now.getTime() + input.overlapMinutes * 60_000) : null,
          secretRotatedAt: now,
        },
        { transaction },
      );
      await audit(
        scope,
        {
          action: 'partner-app.rotate-secret',
          projectId: locked.projectId,
          targetType: 'partner_app',
          targetId: locked.id,
          detail: { overlapMinutes: input.overlapMinutes },
        },
        transaction,
      );
      return locked;
    }),
  );
  return { app: await appView(scope, app, now), secret };
}

/** `partner-app/call-logs`: an app's calls, newest first. */
export async function partnerCallLogs(
  _scope: Scope,
  input: z.output<typeof partnerCallLogInput>,
): Promise<PageAnswer<PartnerCallLogItem>> {
  const app = await findPartnerApp(input.id);
  const where = {
    projectId: app.projectId,
    appId: app.id,
    ...(input.call ? { call: input.call } : {}),
    ...(input.resultCode ? { resultCode: input.resultCode } : {}),
  };
  return withProject(app.projectId, () =>
    newestFirstPage(PartnerCallLog, where, input, (rows) => rows.map(presentCallLog)),
  );
}
