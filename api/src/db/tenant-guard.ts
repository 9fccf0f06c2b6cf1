import { type ModelStatic, Op } from 'sequelize';

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

interface GuardedOptions {
  where?: unknown;
  allTenants?: boolean;
}

/**
 * Makes a missing tenant filter impossible to ship for the models that carry `projectId`: every
 * find, count, bulk update and bulk destroy must constrain `projectId` (or say `allTenants: true`),
 * else it throws TenantFilterMissingError before touching the database. Instance updates and
 * deletes act on rows already read through a guarded query. Raw SQL is not covered: keep its
 * `project_id` filters next to the query and test them.
 */
export function installTenantGuard(models: readonly ModelStatic<never>[]): void {
  for (const model of models) {
    if (!('projectId' in model.getAttributes())) continue;
    const check = (operation: string) => (options: GuardedOptions) => {
      if (options.allTenants || constrainsTenant(options.where)) return;
      throw new TenantFilterMissingError(model.name, operation);
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
