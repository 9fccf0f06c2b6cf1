import type { PartnerAppItem, PartnerCallLogItem } from '../../contract';
import type { PartnerAppAbilities } from './partner.policy';
import type { PartnerApp, PartnerCallLog } from './partner-app.model';

/** How much an app was used (from its call log). */
export interface AppUsage {
  callsToday: number;
  refusedToday: number;
  callsTotal: number;
  lastCallAt: Date | null;
}

const NO_USAGE: AppUsage = { callsToday: 0, refusedToday: 0, callsTotal: 0, lastCallAt: null };

/** A partner app as the back office shows it: never a secret; the previous one's end while it overlaps. */
export function presentPartnerApp(
  app: PartnerApp,
  projectName: string,
  usage: AppUsage = NO_USAGE,
  now: Date,
  abilities: PartnerAppAbilities,
): PartnerAppItem {
  const overlapping = app.previousSecretUntil !== null && app.previousSecretUntil > now;
  return {
    id: app.id,
    projectId: app.projectId,
    projectName,
    name: app.name,
    appKey: app.appKey,
    allowedOrigins: app.allowedOrigins,
    callbackUrl: app.callbackUrl,
    ipAllowList: app.ipAllowList,
    enabled: app.enabled,
    rateLimitPerMinute: app.rateLimitPerMinute,
    previousSecretUntil: overlapping ? (app.previousSecretUntil?.toISOString() ?? null) : null,
    secretRotatedAt: app.secretRotatedAt?.toISOString() ?? null,
    callsToday: usage.callsToday,
    refusedToday: usage.refusedToday,
    callsTotal: usage.callsTotal,
    lastCallAt: usage.lastCallAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    ...abilities,
  };
}

export function presentCallLog(row: PartnerCallLog): PartnerCallLogItem {
  return {
    id: row.id,
    call: row.call,
    auth: row.auth,
    resultCode: row.resultCode,
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    ip: row.ip,
    requestId: row.requestId,
    outAccountId: row.outAccountId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
