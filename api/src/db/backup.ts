import { once } from 'node:events';
import fs from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Sequelize } from 'sequelize';
import { SequelizeStorage } from 'umzug';
import { migrations } from './migrations';
import { createSequelize } from './sequelize';

/**
 * Backups of the product's database (`npm run backup` / `npm run restore`, README "Operations").
 *
 * The embedded server is PostgreSQL 18 and no registry package ships its `pg_dump`; Debian's is older
 * and refuses a newer server. So a backup is a logical dump of our own, made with the same COPY
 * protocol pg_dump uses: the data of every table of the `public` schema taken in one consistent
 * snapshot (a repeatable-read transaction), in foreign-key order, plus the migrations that built the
 * schema and the sequences' positions. A restore rebuilds the schema by running those migrations and
 * loads the data, all in one transaction: a broken or truncated file changes nothing. The job
 * queue's rows (schema `pgboss`) are not kept: queued work is found again by the sweeps at start.
 *
 * The file is gzip'd text: `PX-BACKUP 1`, a JSON header line, then per table `#table <name> <json
 * columns>`, its rows in COPY text format and `\.`, and at last `#end <json row counts>`.
 */

const MAGIC = 'PX-BACKUP 1';
const MIGRATIONS_TABLE = 'schema_migrations';
/** The job queue's schema is pg-boss's own (migration 0012 runs its construction plan). */
const JOB_QUEUE_MIGRATION = '0012-jobs';

interface BackupHeader {
  createdAt: string;
  database: string;
  serverVersion: string;
  migrations: string[];
  sequences: { name: string; value: string | null }[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
  migrations: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of `public` (but the migrations' own), parents before the tables referring to them. */
async function tablesInLoadOrder(client: Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> $1 ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.map(({ name }) => [name, new Set()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting')
      throw new Error(`foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    state.set(table, 'visiting');
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    state.set(table, 'done');
    ordered.push(table);
  };
  for (const { name } of tables) visit(name, []);
  return ordered;
}

async function columnsOf(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [quote(table)],
  );
  return rows.map((row) => row.name);
}

/** Writes `chunk` to `stream`, waiting while its buffer is full. */
async function write(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Dumps the database at `databaseUrl` into `file` (gzip'd; written beside it first and renamed when
 * complete, so a failed backup never leaves a file that looks whole). Answers what it holds.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<BackupSummary> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const partial = `${file}.partial`;
  const output = fs.createWriteStream(partial);
  const gzip = zlib.createGzip();
  gzip.pipe(output);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = await client.query<{ name: string }>(
      `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`,
    );
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
        WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    const { rows: about } = await client.query<{ database: string; version: string }>(
      'SELECT current_database() AS database, current_setting($1) AS version',
      ['server_version'],
    );
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      database: about[0]?.database ?? '',
      serverVersion: about[0]?.version ?? '',
      migrations: applied.rows.map((row) => row.name),
      sequences,
    };
    await write(gzip, `${MAGIC}\n${JSON.stringify(header)}\n`);
    const counts: Record<string, number> = {};
    for (const table of await tablesInLoadOrder(client)) {
      const columns = await columnsOf(client, table);
      await write(gzip, `#table ${table} ${JSON.stringify(columns)}\n`);
      let rows = 0;
      const stream = client.query(
        copyTo(`COPY ${quote(table)} (${columns.map(quote).join(', ')}) TO STDOUT`),
      );
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        // A row is one line: COPY's text format escapes the newlines inside values.
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
        await write(gzip, chunk);
      }
      counts[table] = rows;
      await write(gzip, '\\.\n');
    }
    await write(gzip, `#end ${JSON.stringify(counts)}\n`);
    await client.query('COMMIT');
    gzip.end();
    await finished(output);
    fs.renameSync(partial, file);
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    return { tables: Object.keys(counts).length, rows, migrations: header.migrations.length };
  } catch (error) {
    gzip.destroy();
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** Replace what the database holds; without it, only an empty database is restored into. */
  replace?: boolean;
}

/**
 * Reads a backup line by line: the header first, then each table section as it comes. A damaged or
 * truncated file throws (readline would end quietly or wait forever).
 */
async function* lines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    const text = rest + decoder.write(chunk);
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/**
 * Restores `file` into the database at `databaseUrl` in one transaction: the backup's migrations
 * rebuild the schema (the product's own migrations, which must know every one of them), then every
 * table's rows and every sequence's position are loaded; anything wrong rolls it all back. Refuses
 * (RestoreRefused) a database others are connected to, one holding data without `replace`, and a
 * backup of a newer version of the product.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupSummary> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`no such backup file: ${file}`);
  const input = lines(file);
  const first = await input.next();
  const second = await input.next();
  if (first.value !== MAGIC || typeof second.value !== 'string')
    throw new RestoreRefused(`${file} is not a backup of this product`);
  const header = JSON.parse(second.value) as BackupHeader;
  const known = migrations.map((migration) => migration.name);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new RestoreRefused(`the backup was made by a newer version (migrations ${unknown.join(', ')})`);

  // One connection, so that the migrations run inside the restore's transaction.
  const sequelize = createSequelize(databaseUrl, { poolMax: 1, owner: true });
  try {
    await refuseBusyOrFull(sequelize, options);
    await ensureJobQueueSchema(sequelize);
    await sequelize.query('BEGIN');
    try {
      const before = await transactionOf(sequelize);
      const summary = await load(sequelize, header, input);
      // A migration that committed on its own would have broken the restore's single transaction.
      const after = await transactionOf(sequelize);
      if (after !== before) throw new Error('the restore did not stay in one transaction');
      await sequelize.query('COMMIT');
      return summary;
    } catch (error) {
      await sequelize.query('ROLLBACK');
      throw error;
    }
  } finally {
    await sequelize.close();
  }
}

/** The session and transaction the (single) connection is in. */
async function transactionOf(sequelize: Sequelize): Promise<string> {
  const [rows] = (await sequelize.query("SELECT pg_backend_pid() || '/' || txid_current() AS id")) as [
    { id: string }[],
    unknown,
  ];
  return rows[0]?.id ?? '';
}

async function refuseBusyOrFull(sequelize: Sequelize, options: RestoreOptions): Promise<void> {
  const [others] = (await sequelize.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  )) as [{ n: number }[], unknown];
  if ((others[0]?.n ?? 0) > 0)
    throw new RestoreRefused('the database is in use (is the product still running?): stop it first');
  if (options.replace) return;
  const [held] = (await sequelize.query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  )) as [{ n: number }[], unknown];
  if ((held[0]?.n ?? 0) > 0)
    throw new RestoreRefused('the database is not empty: restore with --replace to replace what it holds');
}

/**
 * pg-boss's construction plan commits a transaction of its own, so the queue's schema is made (when
 * missing) before the restore's transaction; its jobs are then cleared inside it.
 */
async function ensureJobQueueSchema(sequelize: Sequelize): Promise<void> {
  const [found] = (await sequelize.query("SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'")) as [
    unknown[],
    unknown,
  ];
  if (found.length) return;
  const migration = migrations.find((candidate) => candidate.name === JOB_QUEUE_MIGRATION);
  await migration?.up(sequelize.getQueryInterface(), sequelize);
}

async function load(
  sequelize: Sequelize,
  header: BackupHeader,
  input: AsyncGenerator<string>,
): Promise<BackupSummary> {
  await sequelize.query('DROP SCHEMA public CASCADE');
  await sequelize.query('CREATE SCHEMA public');
  // Work queued for the data being replaced would act on the restored rows of the same ids.
  await sequelize.query('DELETE FROM pgboss.job');
  await sequelize.query('DELETE FROM pgboss.archive');
  // In the order migrate applies them (the list's), not the backup's (sorted by name: a migration
  // numbered below one it builds on, as 0032 on 0073's tree, would run before it).
  for (const migration of migrations) {
    if (migration.name === JOB_QUEUE_MIGRATION || !header.migrations.includes(migration.name)) continue;
    await migration.up(sequelize.getQueryInterface(), sequelize);
  }
  const storage = new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE });
  for (const name of header.migrations) await storage.logMigration({ name });

  // Migrations may insert rows of their own (menus, settings): the backup's rows replace them.
  const [tables] = (await sequelize.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> :skip`,
    { replacements: { skip: MIGRATIONS_TABLE } },
  )) as [{ name: string }[], unknown];
  if (tables.length)
    await sequelize.query(`TRUNCATE ${tables.map((table) => quote(table.name)).join(', ')} CASCADE`);

  const connection = (await sequelize.connectionManager.getConnection({ type: 'write' })) as Client;
  const counts: Record<string, number> = {};
  let ended: Record<string, number> | null = null;
  let copy: (NodeJS.WritableStream & { destroy(error?: Error): void }) | null = null;
  let table = '';
  try {
    for await (const line of input) {
      if (copy) {
        if (line === '\\.') {
          copy.end();
          await finished(copy);
          copy = null;
        } else {
          counts[table] = (counts[table] ?? 0) + 1;
          await write(copy, `${line}\n`);
        }
      } else if (line.startsWith('#table ')) {
        const [, name = '', columns = '[]'] = /^#table (\S+) (.*)$/.exec(line) ?? [];
        table = name;
        counts[table] = 0;
        const list = (JSON.parse(columns) as string[]).map(quote).join(', ');
        copy = connection.query(copyFrom(`COPY ${quote(table)} (${list}) FROM STDIN`));
      } else if (line.startsWith('#end ')) {
        ended = JSON.parse(line.slice(5)) as Record<string, number>;
      } else if (line !== '') {
        throw new Error(`unexpected line in the backup: ${line.slice(0, 80)}`);
      }
    }
    if (copy) throw new Error(`the backup ends inside table ${table}`);
  } catch (error) {
    // A COPY left open holds the connection; failing it lets the transaction roll back.
    if (copy) {
      const open = copy;
      open.destroy(new Error('restore aborted'));
      await finished(open).catch(() => undefined);
    }
    throw error;
  } finally {
    sequelize.connectionManager.releaseConnection(connection);
  }
  if (!ended) throw new Error('the backup is incomplete (no end marker)');
  if (JSON.stringify(ended) !== JSON.stringify(counts))
    throw new Error('the backup is damaged: row counts differ from its end marker');

  for (const { name, value } of header.sequences) {
    await sequelize.query('SELECT setval(:name::regclass, :value, :called)', {
      replacements: { name: quote(name), value: value ?? 1, called: value !== null },
    });
  }
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return { tables: Object.keys(counts).length, rows, migrations: header.migrations.length };
}
