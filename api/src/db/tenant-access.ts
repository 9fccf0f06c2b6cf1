import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which rows of the tenant tables the database lets the code running now see and write
 * (row-level security, migration 0031): one project's, every project's (an explicit bypass for
 * the platform's own cross-project work, with its reason), or none. The database connection layer
 * (`tenant-pg.ts`) sets `app.project_id` / `app.bypass` in the transaction of every statement from
 * the access of the code that sends it; the policies compare each row's `project_id` with them.
 */
export type TenantAccess =
  | { kind: 'project'; projectId: number }
  | { kind: 'bypass'; reason: string }
  | { kind: 'none' };

const NONE: TenantAccess = { kind: 'none' };

const storage = new AsyncLocalStorage<TenantAccess>();

/**
 * What code outside any `withProject` / `withBypass` / `withoutTenant` gets. `none` everywhere the
 * product runs, so a path that forgot to say its project reads nothing; the test harness sets
 * `bypass` so tests may arrange and inspect rows directly (`setTenantFallback`).
 */
let fallback: TenantAccess = NONE;

/** The tenant access of the code running now. */
export function currentTenantAccess(): TenantAccess {
  return storage.getStore() ?? fallback;
}

/** Runs `work` seeing and writing only the rows of `projectId`. Throws on an id that is not a positive integer. */
export function withProject<T>(projectId: number, work: () => T): T {
  if (!Number.isSafeInteger(projectId) || projectId <= 0)
    throw new Error(`withProject: not a project id: ${projectId}`);
  const current = storage.getStore();
  if (current?.kind === 'project' && current.projectId === projectId) return work();
  return storage.run({ kind: 'project', projectId }, work);
}

/** Receives each bypass as it starts (the process logger): who looks across projects, and why. */
let bypassListener: ((reason: string) => void) | null = null;

/** Tells the process where to report bypasses (`startServer` passes its logger). */
export function onTenantBypass(listener: ((reason: string) => void) | null): void {
  bypassListener = listener;
}

/**
 * Runs `work` across every project: the platform's own cross-project work (sweeps, lookups by a
 * unique token before the project is known, platform staff). `reason` says which, and is reported
 * to the bypass listener; keep it a fixed text naming the work (`session lookup`, `job order.sweep`).
 */
export function withBypass<T>(reason: string, work: () => T): T {
  const current = storage.getStore();
  if (current?.kind === 'bypass') return work();
  bypassListener?.(reason);
  return storage.run({ kind: 'bypass', reason }, work);
}

/** Runs `work` with no tenant: tenant tables show no row and refuse every write (a request before its project is known). */
export function withoutTenant<T>(work: () => T): T {
  return storage.run(NONE, work);
}

/** The project id the code running now is bound to, or null (no project, or a bypass). */
export function currentProjectId(): number | null {
  const access = currentTenantAccess();
  return access.kind === 'project' ? access.projectId : null;
}

/**
 * Sets what code outside any tenant access gets (default `none`). Only the test harness changes it,
 * to `bypass`, so tests arrange rows directly; calls through the router never see it.
 */
export function setTenantFallback(access: TenantAccess): void {
  fallback = access;
}
