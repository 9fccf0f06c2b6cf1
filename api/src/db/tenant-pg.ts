import pg from 'pg';
import { currentTenantAccess, type TenantAccess, withBypass } from './tenant-access';

/**
 * The `pg` driver of the application's connections (Sequelize's `dialectModule`): every statement
 * runs with the tenant access of the code that sent it (`tenant-access.ts`) set in its own
 * transaction, for the row-level security policies of migration 0031.
 *
 * The settings travel in front of the statement in the same round trip and the same transaction:
 * - a statement outside a transaction block gets `SELECT set_config(..., true)` written before it,
 *   as a statement of its own that the server runs before it in the same implicit transaction (the
 *   simple protocol's multi-statement query, or the extended protocol's messages up to one Sync);
 *   the settings end with that transaction, so nothing is left on the connection (and a transaction
 *   pooler such as PgBouncer may hand the next statement to any server);
 * - inside a transaction block, the first statement after BEGIN gets it (not BEGIN itself, nor
 *   SET TRANSACTION, which must come first), and any later statement whose access differs (the
 *   transaction-local settings then hold to COMMIT);
 * - code with no tenant outside a transaction sends its statement as is: nothing is set, the
 *   policies see no project, tenant tables show no row.
 * The answer of the settings statement is swallowed: callers see their own statement's result.
 */

/** Statements that touch no table, or must not follow another statement (SET TRANSACTION). */
const UNTOUCHED =
  /^\s*(BEGIN|START\s+TRANSACTION|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|SET|RESET|SHOW|LISTEN|UNLISTEN|DISCARD|DEALLOCATE|PREPARE\s+TRANSACTION)\b/i;

/** Undoes setting changes made since a savepoint: the access must be set again afterwards. */
const TO_SAVEPOINT = /^\s*ROLLBACK\s+(WORK\s+|TRANSACTION\s+)?TO\b/i;

/** Drops the connection's prepared statements (the settings statement among them). */
const DROPS_STATEMENTS = /^\s*(DISCARD|DEALLOCATE)\b/i;

/**
 * Whether `text` holds one statement (a trailing semicolon aside): no other semicolon in it. Text
 * with a semicolon inside a literal counts as several, which only costs the faster path.
 */
function isSingleStatement(text: string): boolean {
  const semicolon = text.indexOf(';');
  return semicolon === -1 || text.slice(semicolon + 1).trim() === '';
}

/** The settings statement's name on a connection, when prepared once there. */
const SETTING_STATEMENT = 'px_tenant_access';
const SETTING_TEXT = "SELECT set_config('app.project_id', $1, true), set_config('app.bypass', $2, true)";

/** The values of `app.project_id` and `app.bypass` for `access`. */
function settingValues(access: TenantAccess): [string, string] {
  return [access.kind === 'project' ? String(access.projectId) : '', access.kind === 'bypass' ? 'on' : ''];
}

/** The statement setting `access` for the rest of the current transaction, as literal SQL. */
export function tenantSettingSql(access: TenantAccess): string {
  const [project, bypass] = settingValues(access);
  return `SELECT set_config('app.project_id', '${project}', true), set_config('app.bypass', '${bypass}', true)`;
}

function accessKey(access: TenantAccess): string {
  return access.kind === 'project' ? `p${access.projectId}` : access.kind;
}

/** The parts of pg's wire connection a query writes to (internal to pg, not in its types). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  query(text: string): void;
  parse(message: { text: string; name: string }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows: number }): void;
}

/** pg's Query as the client drives it (internal methods, not in its types). */
interface QueryInternals {
  text?: string;
  queryMode?: 'extended';
  name?: string;
  values?: unknown;
  callback?: (error: Error | null, result?: unknown) => void;
  requiresPreparation(): boolean;
  prepare(connection: WireConnection): void;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
}

const BaseQuery = (pg.Client as unknown as { Query: unknown }).Query as new (
  config: unknown,
  values?: unknown,
  callback?: unknown,
) => QueryInternals;

/** A query that writes its tenant settings in front of itself when the connection needs them. */
class TenantQuery extends BaseQuery {
  /** The settings statement's answer is still to come (swallowed). */
  private settingPending = false;

  constructor(
    private readonly client: TenantClient,
    private readonly access: TenantAccess,
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) {
    super(config, values, callback);
  }

  submit(connection: WireConnection): Error | null {
    // pg's own checks, before anything is written (a refused query must not leave a half-sent pipeline).
    if (typeof this.text !== 'string' && typeof this.name !== 'string')
      return new Error('A query must have either text or a name. Supplying neither is unsupported.');
    const previous =
      this.name === undefined
        ? undefined
        : (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name]);
    if (this.text && previous && this.text !== previous)
      return new Error(
        `Prepared statements must be unique - '${this.name}' was used for a different statement`,
      );
    if (this.values && !Array.isArray(this.values)) return new Error('Query values must be an array');

    const text = this.text ?? '';
    const setting = this.client.settingFor(this.access, text);
    this.settingPending = setting !== null;
    // A single statement of the simple protocol goes through the extended one when settings precede
    // it: the prepared settings statement then costs a Bind and an Execute, where a multi-statement
    // simple query would parse and plan them every time.
    if (setting !== null && !this.requiresPreparation() && isSingleStatement(text))
      this.queryMode = 'extended';
    if (!this.requiresPreparation()) {
      connection.query(setting === null ? text : `${tenantSettingSql(setting)};${text}`);
      return null;
    }
    connection.stream.cork?.();
    try {
      if (setting !== null) this.client.writeSetting(connection, setting);
      this.prepare(connection);
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  override handleRowDescription(message: unknown): void {
    if (!this.settingPending) super.handleRowDescription(message);
  }

  override handleDataRow(message: unknown): void {
    if (!this.settingPending) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.settingPending) this.settingPending = false;
    else super.handleCommandComplete(message, connection);
  }
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

const noop = () => undefined;

/** How the driver sends the settings. */
export interface TenantDriverOptions {
  /**
   * Prepare the settings statement once per connection (a protocol-level named statement: no parse
   * or plan per statement). Off behind a transaction pooler that does not carry named statements
   * (PgBouncer 1.18 in transaction mode): the statement is then parsed each time.
   */
  preparedSettings: boolean;
}

/**
 * A pg Client whose statements carry the tenant access of the code that sends them. It follows the
 * server's transaction status (ReadyForQuery) to know whether a setting holds already.
 */
export class TenantClient extends pg.Client {
  /** How settings are sent; the module made by `createTenantPg` sets it on its subclass. */
  static driverOptions: TenantDriverOptions = { preparedSettings: true };
  /** The server's transaction status after the last statement: idle, in a block, failed block. */
  private transactionStatus: 'I' | 'T' | 'E' = 'I';
  /** The access set in the open transaction block ('none' when nothing was set). */
  private transactionAccess = 'none';
  /** The settings statement is prepared on this connection. */
  private settingPrepared = false;
  /** Its Parse was sent and is not answered yet. */
  private settingParsing = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const wire = (this as unknown as { connection: NodeJS.EventEmitter }).connection;
    // Registered before the client's own handlers (added on connect), so the state is current when
    // the next queued query is submitted. A query's first ParseComplete answers the settings
    // statement's Parse when one was sent (it comes first).
    wire.on('parseComplete', () => {
      if (!this.settingParsing) return;
      this.settingParsing = false;
      this.settingPrepared = true;
    });
    wire.on('readyForQuery', (message: { status: string }) => {
      this.settingParsing = false;
      const status = message.status === 'T' || message.status === 'E' ? message.status : 'I';
      this.transactionStatus = status;
      if (status === 'I') this.transactionAccess = 'none';
    });
  }

  /** Whether the connection is inside a transaction block (as of the last statement answered). */
  inTransactionBlock(): boolean {
    return this.transactionStatus === 'T';
  }

  /** The access to set before `text` under `access`, or null when the connection holds it already. */
  settingFor(access: TenantAccess, text: string): TenantAccess | null {
    if (DROPS_STATEMENTS.test(text)) this.settingPrepared = false;
    if (this.transactionStatus === 'E') return null;
    if (TO_SAVEPOINT.test(text)) {
      // A rollback to a savepoint may undo the settings: set them again with the next statement.
      this.transactionAccess = 'unknown';
      return null;
    }
    if (!text || UNTOUCHED.test(text)) return null;
    const key = accessKey(access);
    if (this.transactionStatus === 'T') {
      if (this.transactionAccess === key) return null;
      this.transactionAccess = key;
      return access;
    }
    return key === 'none' ? null : access;
  }

  private preparedSettings(): boolean {
    return (this.constructor as typeof TenantClient).driverOptions.preparedSettings;
  }

  /** Writes the settings statement's messages (before a statement's own, up to the same Sync). */
  writeSetting(connection: WireConnection, access: TenantAccess): void {
    if (!this.preparedSettings()) {
      connection.parse({ text: tenantSettingSql(access), name: '' });
      connection.bind({ portal: '', statement: '', values: [] });
    } else {
      if (!this.settingPrepared && !this.settingParsing) {
        connection.parse({ text: SETTING_TEXT, name: SETTING_STATEMENT });
        this.settingParsing = true;
      }
      connection.bind({ portal: '', statement: SETTING_STATEMENT, values: settingValues(access) });
    }
    connection.execute({ portal: '', rows: 0 });
  }
}

// Every form of Client#query (text, config, with values, with a callback) goes through one place.
const baseQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => unknown;
(TenantClient.prototype as unknown as { query: unknown }).query = function query(
  this: TenantClient,
  config: unknown,
  values?: unknown,
  callback?: unknown,
): unknown {
  if (config == null) throw new TypeError('Client was passed a null or undefined query');
  const access = currentTenantAccess();
  if (typeof (config as { submit?: unknown }).submit === 'function') {
    // A streaming query of another kind (cursor, COPY) cannot carry the settings in front of it:
    // inside a transaction they are set by a statement of their own first; outside one there is no
    // transaction to hold them.
    if (this.inTransactionBlock())
      baseQuery.call(this, new TenantQuery(this, access, 'SELECT 1', undefined, noop));
    else if (accessKey(access) !== 'none')
      throw new Error('a streaming query must run inside a transaction (its tenant settings need one)');
    return baseQuery.call(this, config, values, callback);
  }
  const done = typeof values === 'function' ? values : callback;
  const query = new TenantQuery(
    this,
    access,
    config,
    typeof values === 'function' ? undefined : values,
    done,
  ) as unknown as { callback?: QueryCallback };
  if (query.callback) {
    baseQuery.call(this, query);
    return undefined;
  }
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => (error ? reject(error) : resolve(result));
    baseQuery.call(this, query);
  });
};

/** The `pg` module with a tenant-aware client sending settings as `options` says, for Sequelize's `dialectModule`. */
export function createTenantPg(options: TenantDriverOptions): typeof pg {
  class Client extends TenantClient {
    static override driverOptions = options;
  }
  return { ...pg, Client } as unknown as typeof pg;
}

/** Sequelize's query class as it runs one statement (`options` holds the call's options). */
interface SequelizeQuery {
  options?: { allTenants?: boolean };
  model?: { name?: string };
  run(sql: string, parameters?: unknown[]): Promise<unknown>;
}

const patched = new WeakSet<object>();

/**
 * A model query that says `allTenants: true` (the tenant guard's mark of a query spanning projects on
 * purpose: platform staff, lookups by a unique token, sweeps) runs its statement under an explicit
 * bypass of the tenant policies, reported with the model's name; every other statement keeps the
 * access of the code sending it.
 */
export function bypassForAllTenantsQueries(sequelize: { dialect: unknown }): void {
  const prototype = (sequelize.dialect as { Query: { prototype: SequelizeQuery } }).Query.prototype;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const run = prototype.run;
  prototype.run = function runInTenant(this: SequelizeQuery, sql: string, parameters?: unknown[]) {
    if (!this.options?.allTenants) return run.call(this, sql, parameters);
    return withBypass(`all tenants: ${this.model?.name ?? 'query'}`, () => run.call(this, sql, parameters));
  };
}
