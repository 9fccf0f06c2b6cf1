import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RegulatorClass, StudyRecord } from '../protocol';

/**
 * What the simulated regulator keeps, in PostgreSQL, in a schema of its own (`regulator_sim`) that
 * it creates at start: the regulator is another organisation's system, not part of the product's
 * migrations, but like a real one it remembers what it received across restarts.
 */

export const SIM_SCHEMA = 'regulator_sim';

const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS ${SIM_SCHEMA};
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.app (
  app_id text PRIMARY KEY,
  secret text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.filed_class (
  app_id text NOT NULL REFERENCES ${SIM_SCHEMA}.app ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  hours numeric(10, 2) NOT NULL,
  start_on date NOT NULL,
  end_on date NOT NULL,
  filed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, code)
);
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.record (
  app_id text NOT NULL REFERENCES ${SIM_SCHEMA}.app ON DELETE CASCADE,
  push_no text NOT NULL,
  receipt_no text NOT NULL UNIQUE,
  content_hash text NOT NULL,
  kind text NOT NULL,
  corrects text,
  id_number text NOT NULL,
  student_name text NOT NULL,
  class_code text NOT NULL,
  hours numeric(10, 2) NOT NULL,
  result text NOT NULL,
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, push_no)
);
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.nonce (
  app_id text NOT NULL,
  nonce text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, nonce)
);
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.person (
  id_number text PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE IF NOT EXISTS ${SIM_SCHEMA}.request_log (
  id bigserial PRIMARY KEY,
  app_id text,
  method text NOT NULL,
  path text NOT NULL,
  push_no text,
  status integer NOT NULL,
  code text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS request_log_app ON ${SIM_SCHEMA}.request_log (app_id, id);
`;

export interface SimApp {
  appId: string;
  secret: string;
  name: string;
}

export interface StoredRecord {
  pushNo: string;
  receiptNo: string;
  receivedAt: string;
  contentHash: string;
  record: StudyRecord;
}

export interface FiledClass extends RegulatorClass {
  filedAt: string;
}

export interface RequestLogEntry {
  appId: string | null;
  method: string;
  path: string;
  pushNo: string | null;
  status: number;
  code: string;
  at: string;
}

type Insert =
  | { kind: 'stored'; stored: StoredRecord }
  | { kind: 'existing'; stored: StoredRecord }
  | { kind: 'name-mismatch' };

class NameMismatch extends Error {}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const dateText = (value: Date | string) =>
  typeof value === 'string'
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

const storedOf = (row: {
  push_no: string;
  receipt_no: string;
  received_at: Date;
  content_hash: string;
  body: StudyRecord;
}): StoredRecord => ({
  pushNo: row.push_no,
  receiptNo: row.receipt_no,
  receivedAt: iso(row.received_at),
  contentHash: row.content_hash,
  record: row.body,
});

/**
 * Runs `run` in a transaction on a connection of `pool`: committed when it resolves, rolled back
 * when it throws. A connection lent out has no pool listener, so the server ending it between two
 * statements (a restart) would emit an error nobody hears and end the process: it is heard here,
 * the transaction fails with it, and the connection is destroyed rather than pooled again.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  run: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN');
    const result = await run(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}

export function createSimStore(databaseUrl: string) {
  // Dates come back as text: a filed class's days are calendar days, not instants. Each accepted
  // record is three commits (nonce, rate window, record): 16 connections keep up with the 200
  // requests a second the regulator allows (with 4, requests queued for a connection).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 16,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 1082
          ? (text: string) => text
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends (a restart, a shutdown) is dropped and replaced by the pool;
  // without a listener its error would end the process.
  pool.on('error', () => undefined);
  let lastPurge = 0;

  const transaction = <T>(run: (client: pg.PoolClient) => Promise<T>) => inTransaction(pool, run);

  return {
    /** Creates the schema when missing (several simulators may start on one database at once). */
    async ensureSchema(): Promise<void> {
      await transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('regulator_sim schema'))");
        await client.query(SCHEMA_SQL);
      });
    },

    async ensureApp(app: SimApp): Promise<void> {
      await pool.query(
        `INSERT INTO ${SIM_SCHEMA}.app (app_id, secret, name) VALUES ($1, $2, $3)
         ON CONFLICT (app_id) DO UPDATE SET secret = EXCLUDED.secret, name = EXCLUDED.name`,
        [app.appId, app.secret, app.name],
      );
    },

    async createApp(name: string): Promise<SimApp> {
      const app = {
        appId: `reg${randomBytes(6).toString('hex')}`,
        secret: randomBytes(24).toString('base64url'),
        name,
      };
      await pool.query(`INSERT INTO ${SIM_SCHEMA}.app (app_id, secret, name) VALUES ($1, $2, $3)`, [
        app.appId,
        app.secret,
        app.name,
      ]);
      return app;
    },

    async app(appId: string): Promise<SimApp | null> {
      const { rows } = await pool.query<{ app_id: string; secret: string; name: string }>(
        `SELECT app_id, secret, name FROM ${SIM_SCHEMA}.app WHERE app_id = $1`,
        [appId],
      );
      const row = rows[0];
      return row ? { appId: row.app_id, secret: row.secret, name: row.name } : null;
    },

    async apps(): Promise<(SimApp & { records: number; classes: number })[]> {
      const { rows } = await pool.query<{
        app_id: string;
        secret: string;
        name: string;
        records: string;
        classes: string;
      }>(
        `SELECT a.app_id, a.secret, a.name,
                (SELECT count(*) FROM ${SIM_SCHEMA}.record r WHERE r.app_id = a.app_id) AS records,
                (SELECT count(*) FROM ${SIM_SCHEMA}.filed_class c WHERE c.app_id = a.app_id) AS classes
           FROM ${SIM_SCHEMA}.app a ORDER BY a.created_at, a.app_id`,
      );
      return rows.map((r) => ({
        appId: r.app_id,
        secret: r.secret,
        name: r.name,
        records: Number(r.records),
        classes: Number(r.classes),
      }));
    },

    /** Remembers a nonce; false when the app used it already. Forgets nonces older than 10 minutes. */
    async useNonce(appId: string, nonce: string): Promise<boolean> {
      if (Date.now() - lastPurge > 60_000) {
        lastPurge = Date.now();
        await pool.query(`DELETE FROM ${SIM_SCHEMA}.nonce WHERE seen_at < now() - interval '10 minutes'`);
      }
      const { rowCount } = await pool.query(
        `INSERT INTO ${SIM_SCHEMA}.nonce (app_id, nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [appId, nonce],
      );
      return rowCount === 1;
    },

    async fileClass(appId: string, cls: RegulatorClass): Promise<FiledClass> {
      const { rows } = await pool.query<{ filed_at: Date }>(
        `INSERT INTO ${SIM_SCHEMA}.filed_class (app_id, code, name, hours, start_on, end_on) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (app_id, code) DO UPDATE SET name = EXCLUDED.name, hours = EXCLUDED.hours,
           start_on = EXCLUDED.start_on, end_on = EXCLUDED.end_on, filed_at = now()
         RETURNING filed_at`,
        [appId, cls.code, cls.name, cls.hours, cls.startOn, cls.endOn],
      );
      return { ...cls, filedAt: iso(rows[0]?.filed_at ?? new Date()) };
    },

    async filedClass(appId: string, code: string): Promise<FiledClass | null> {
      const { rows } = await pool.query<{
        code: string;
        name: string;
        hours: string;
        start_on: string;
        end_on: string;
        filed_at: Date;
      }>(`SELECT * FROM ${SIM_SCHEMA}.filed_class WHERE app_id = $1 AND code = $2`, [appId, code]);
      const row = rows[0];
      return row
        ? {
            code: row.code,
            name: row.name,
            hours: Number(row.hours),
            startOn: dateText(row.start_on),
            endOn: dateText(row.end_on),
            filedAt: iso(row.filed_at),
          }
        : null;
    },

    async classes(appId: string): Promise<FiledClass[]> {
      const { rows } = await pool.query<{
        code: string;
        name: string;
        hours: string;
        start_on: string;
        end_on: string;
        filed_at: Date;
      }>(`SELECT * FROM ${SIM_SCHEMA}.filed_class WHERE app_id = $1 ORDER BY filed_at DESC, code`, [appId]);
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        hours: Number(row.hours),
        startOn: dateText(row.start_on),
        endOn: dateText(row.end_on),
        filedAt: iso(row.filed_at),
      }));
    },

    async record(appId: string, pushNo: string): Promise<StoredRecord | null> {
      const { rows } = await pool.query(
        `SELECT push_no, receipt_no, received_at, content_hash, body FROM ${SIM_SCHEMA}.record WHERE app_id = $1 AND push_no = $2`,
        [appId, pushNo],
      );
      return rows[0] ? storedOf(rows[0]) : null;
    },

    async records(appId: string, limit = 500): Promise<StoredRecord[]> {
      const { rows } = await pool.query(
        `SELECT push_no, receipt_no, received_at, content_hash, body FROM ${SIM_SCHEMA}.record
          WHERE app_id = $1 ORDER BY received_at DESC, push_no DESC LIMIT $2`,
        [appId, limit],
      );
      return rows.map(storedOf);
    },

    /** How many records of the app carry each push number more than once (always 0: the key). */
    async recordCount(appId: string): Promise<number> {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${SIM_SCHEMA}.record WHERE app_id = $1`,
        [appId],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Stores a record unless its push number is taken (then answers the one stored) or the register
     * knows its ID number under another name. One transaction: the person and the record together.
     */
    async insertRecord(appId: string, record: StudyRecord, contentHash: string): Promise<Insert> {
      return transaction<Insert>(async (client) => {
        const existing = await client.query(
          `SELECT push_no, receipt_no, received_at, content_hash, body FROM ${SIM_SCHEMA}.record WHERE app_id = $1 AND push_no = $2`,
          [appId, record.pushNo],
        );
        if (existing.rows[0]) return { kind: 'existing', stored: storedOf(existing.rows[0]) } as const;
        if (record.student.idType === 'ID_CARD') {
          await client.query(
            `INSERT INTO ${SIM_SCHEMA}.person (id_number, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            [record.student.idNumber, record.student.name],
          );
          const person = await client.query<{ name: string }>(
            `SELECT name FROM ${SIM_SCHEMA}.person WHERE id_number = $1`,
            [record.student.idNumber],
          );
          // Undoes the person just remembered with this record's name.
          if (person.rows[0]?.name !== record.student.name) throw new NameMismatch();
        }
        const receiptNo = `REG${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
        const inserted = await client.query(
          `INSERT INTO ${SIM_SCHEMA}.record (app_id, push_no, receipt_no, content_hash, kind, corrects, id_number,
             student_name, class_code, hours, result, body)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (app_id, push_no) DO NOTHING
           RETURNING push_no, receipt_no, received_at, content_hash, body`,
          [
            appId,
            record.pushNo,
            receiptNo,
            contentHash,
            record.kind,
            record.corrects,
            record.student.idNumber,
            record.student.name,
            record.classCode,
            record.study.hours,
            record.study.result,
            JSON.stringify(record),
          ],
        );
        if (inserted.rows[0]) return { kind: 'stored', stored: storedOf(inserted.rows[0]) } as const;
        // Another request with this push number committed in between.
        const raced = await client.query(
          `SELECT push_no, receipt_no, received_at, content_hash, body FROM ${SIM_SCHEMA}.record WHERE app_id = $1 AND push_no = $2`,
          [appId, record.pushNo],
        );
        return { kind: 'existing', stored: storedOf(raced.rows[0]) } as const;
      }).catch((error: unknown) => {
        if (error instanceof NameMismatch) return { kind: 'name-mismatch' } as const;
        throw error;
      });
    },

    /** The population register: an ID number belongs to this name. */
    async registerPerson(idNumber: string, name: string): Promise<void> {
      await pool.query(
        `INSERT INTO ${SIM_SCHEMA}.person (id_number, name) VALUES ($1, $2)
         ON CONFLICT (id_number) DO UPDATE SET name = EXCLUDED.name`,
        [idNumber, name],
      );
    },

    async logRequest(entry: Omit<RequestLogEntry, 'at'>): Promise<void> {
      await pool.query(
        `INSERT INTO ${SIM_SCHEMA}.request_log (app_id, method, path, push_no, status, code) VALUES ($1, $2, $3, $4, $5, $6)`,
        [entry.appId, entry.method, entry.path, entry.pushNo, entry.status, entry.code],
      );
    },

    async requestLog(appId: string, limit = 50): Promise<RequestLogEntry[]> {
      const { rows } = await pool.query<{
        app_id: string | null;
        method: string;
        path: string;
        push_no: string | null;
        status: number;
        code: string;
        at: Date;
      }>(`SELECT * FROM ${SIM_SCHEMA}.request_log WHERE app_id = $1 ORDER BY id DESC LIMIT $2`, [
        appId,
        limit,
      ]);
      return rows.map((r) => ({
        appId: r.app_id,
        method: r.method,
        path: r.path,
        pushNo: r.push_no,
        status: r.status,
        code: r.code,
        at: iso(r.at),
      }));
    },

    close: () => pool.end(),
  };
}

export type SimStore = ReturnType<typeof createSimStore>;
