import { type ModelStatic, Op } from 'sequelize';
import { currentProjectId } from './tenant-access';

declare module 'sequelize/types/model' {
  interface Filterable<TAttributes> {
    /**
     * The query works across projects on purpose (platform staff, sweeps, lookups by a unique
     * token); without it, a query of a tenant model must filter by `projectId` (db/tenant-guard).
     */
    allTenants?: boolean;
  }
  // Bulk updates take a where clause but are not Filterable in sequelize's types.
  interface UpdateOptions<TAttributes> {
    /** As Filterable's `allTenants`: the update spans projects on purpose. */
    allTenants?: boolean;
  }
}

/** A query of a tenant model without a `projectId` filter: a bug that could show one tenant another's rows. */
export class TenantFilterMissingError extends Error {
  constructor(model: string, operation: string) {
    super(
      `${operation} on ${model} without a projectId filter (pass allTenants: true if it is meant to span projects)`,
    );
    this.name = 'TenantFilterMissingError';
  }
}

const TENANT_KEYS = ['projectId', 'project_id'];

/**
 * Whether a where clause keeps a query inside given projects: it names `projectId` at its top
 * level, or in one branch of an `Op.and`, or in every branch of an `Op.or`.
 */
export function constrainsTenant(where: unknown): boolean {
  if (typeof where !== 'object' || where === null) return false;
  const record = where as Record<string | symbol, unknown>;
  if (TENANT_KEYS.some((key) => key in record && record[key] !== undefined)) return true;
  const and = record[Op.and];
  if (Array.isArray(and) ? and.some(constrainsTenant) : constrainsTenant(and)) return true;
  const or = record[Op.or];
  return Array.isArray(or) && or.length > 0 && or.every(constrainsTenant);
}

/**
 * A query filtering by a project other than the one the code runs in (`withProject`): a reference to
 * another tenant's rows, passed where the call's own project belongs (`{ projectId: input.projectId }`).
 */
export class TenantMismatchError extends Error {
  constructor(model: string, operation: string, filtered: number, current: number) {
    super(`${operation} on ${model} filters project ${filtered} while the call works in project ${current}`);
    this.name = 'TenantMismatchError';
  }
}

/** The project ids a where clause names as plain values at its top level (or in an `Op.and` branch). */
export function namedProjectIds(where: unknown): number[] {
  if (typeof where !== 'object' || where === null) return [];
  const record = where as Record<string | symbol, unknown>;
  const named = TENANT_KEYS.map((key) => record[key]).filter(
    (value): value is number => typeof value === 'number',
  );
  const and = record[Op.and];
  return [...named, ...(Array.isArray(and) ? and.flatMap(namedProjectIds) : namedProjectIds(and))];
}

interface GuardedOptions {
  where?: unknown;
  allTenants?: boolean;
}

/**
 * The second line of tenant isolation (the first is the database's row-level security, migration
 * 0031): every find, count, bulk update and bulk destroy of a model carrying `projectId` must
 * constrain `projectId` (or say `allTenants: true`), else it throws TenantFilterMissingError; and
 * a filter naming a project other than the one the code runs in (`withProject`) throws
 * TenantMismatchError, both before touching the database. Instance updates and deletes act on rows
 * already read through a guarded query. Raw SQL is covered by the database alone.
 */
export function installTenantGuard(models: readonly ModelStatic<never>[]): void {
  for (const model of models) {
    if (!('projectId' in model.getAttributes())) continue;
    const check = (operation: string) => (options: GuardedOptions) => {
      if (options.allTenants) return;
      if (!constrainsTenant(options.where)) throw new TenantFilterMissingError(model.name, operation);
      const current = currentProjectId();
      if (current === null) return;
      const other = namedProjectIds(options.where).find((id) => id !== current);
      if (other !== undefined) throw new TenantMismatchError(model.name, operation, other, current);
    };
    const hooks = [
      ['beforeFind', 'find'],
      ['beforeCount', 'count'],
      ['beforeBulkUpdate', 'update'],
      ['beforeBulkDestroy', 'destroy'],
    ] as const;
    for (const [hook, operation] of hooks) {
      model.removeHook(hook, 'tenantGuard');
      model.addHook(hook, 'tenantGuard', check(operation));
    }
  }
}
