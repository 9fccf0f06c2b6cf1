import type { Sequelize, Transaction } from 'sequelize';
import type { DashboardFreshness } from '../../contract/dashboard';
import type { Scope } from '../../core/action';
import { systemClock } from '../../core/clock';
import { rollupProject } from './dashboard-rollup';

/**
 * Generated activity for the dashboard's tests and benchmark: students, enrolments in every state,
 * paid orders of every channel with some refunds, and study sessions, spread over the last `days`
 * days, written by the database itself (`generate_series`) so a million rows take seconds. Uses
 * the project's classes and units (there must be at least one class); numbers come from the seed,
 * so a run is repeatable. Rows are written now (`updated_at`), as they would be; study sessions end
 * ten minutes after they begin. An enrolment drawn twice (one student, one class, still held) is drawn
 * once. Each call adds rows; `tag` keeps the order numbers of calls apart.
 */
export interface GenerateOptions {
  projectId: number;
  students: number;
  enrolments: number;
  orders: number;
  sessions: number;
  days: number;
  /** Distinct per call on one project (order and refund numbers are unique). */
  tag: string;
  seed?: number;
}

const STATUSES =
  "ARRAY['PENDING_PAY','STUDYING','STUDYING','STUDYING','FINISHED_STUDY','PASSED','PASSED','EXPIRED','REFUNDED','CHANGED_OUT']";
const CHANNELS = "ARRAY['WX_JSAPI','WX_JSAPI','WX_NATIVE','UNIT_BATCH','OFFLINE','FREE','PARTNER']";
/** ID-number regions: Jinan, Qingdao, Yantai (Shandong) and Beijing (outside a Shandong project's area). */
const REGIONS = "ARRAY['370102','370203','370602','110101']";

/** Random instants of the last `days` days (never in the future). */
const instant = (days: number) => `now() - random() * interval '${days} days'`;

export function generateDashboardData(sequelize: Sequelize, options: GenerateOptions): Promise<void> {
  // One transaction: its temporary tables live on its one connection.
  return sequelize.transaction((transaction) => generate(sequelize, transaction, options));
}

async function generate(
  sequelize: Sequelize,
  transaction: Transaction,
  options: GenerateOptions,
): Promise<void> {
  const run = (text: string) =>
    query(text).catch((error: Error & { parent?: Error }) => {
      throw new Error(`generating dashboard data: ${error.parent?.message ?? error.message}\n${text}`);
    });
  const query = (text: string) =>
    sequelize.query(text, {
      transaction,
      replacements: {
        projectId: options.projectId,
        students: options.students,
        enrolments: options.enrolments,
        orders: options.orders,
        sessions: options.sessions,
        tag: options.tag,
      },
    });
  await run(`SELECT setseed(${((options.seed ?? 27) % 1000) / 1000})`);
  await run(`
    CREATE TEMP TABLE IF NOT EXISTS dashboard_gen_class ON COMMIT DROP AS SELECT 0 AS n, 0 AS id WHERE false;
    TRUNCATE dashboard_gen_class;
    INSERT INTO dashboard_gen_class
      SELECT row_number() OVER (ORDER BY id) - 1, id FROM train_class WHERE project_id = :projectId;
    CREATE TEMP TABLE IF NOT EXISTS dashboard_gen_student ON COMMIT DROP AS SELECT 0 AS n, 0 AS id WHERE false;
    TRUNCATE dashboard_gen_student;`);
  // Students: a fifth of them from one of the project's units, the rest with an ID number's region.
  await run(`
    INSERT INTO account (project_id, unit_id, role_id, role_system, real_name, id_card_no, status,
                         need_complete, created_at, updated_at)
    SELECT :projectId,
           CASE WHEN random() < 0.2 THEN (SELECT id FROM unit WHERE project_id = :projectId ORDER BY random() LIMIT 1) END,
           (SELECT id FROM role WHERE role_system = 3 AND (project_id = :projectId OR project_id IS NULL)
             ORDER BY project_id NULLS LAST LIMIT 1),
           3, '生成学员' || g,
           (${REGIONS})[1 + floor(random() * 4)::int] || '1990' || lpad((x.g + base.id)::text, 7, '0') || 'X',
           'ENABLED', false, x.t, now()
      FROM (SELECT coalesce(max(id), 0) AS id FROM account) base,
           (SELECT g, ${instant(options.days)} AS t FROM generate_series(1, :students) AS g) x`);
  await run(`
    INSERT INTO dashboard_gen_student
      SELECT row_number() OVER (ORDER BY id) - 1, id FROM account
       WHERE project_id = :projectId AND role_system = 3 AND deleted_at IS NULL`);
  const counts = async (table: string) => {
    const [rows] = (await query(`SELECT count(*)::int AS n FROM ${table}`)) as [{ n: number }[], unknown];
    return Math.max(1, rows[0]?.n ?? 1);
  };
  const students = await counts('dashboard_gen_student');
  const classes = await counts('dashboard_gen_class');
  // Draws are materialized first: a volatile expression in a join condition would be drawn per pair.
  await run(`
    WITH draw AS MATERIALIZED (
      SELECT ${instant(options.days)} AS t, floor(random() * ${students})::int AS sn,
             floor(random() * ${classes})::int AS cn, (${STATUSES})[1 + floor(random() * 10)::int] AS status
        FROM generate_series(1, :enrolments) AS g)
    INSERT INTO my_class (project_id, account_id, class_id, status, created_at, updated_at)
    SELECT :projectId, s.id, c.id, d.status, d.t, now()
      FROM draw d
      JOIN dashboard_gen_student s ON s.n = d.sn
      JOIN dashboard_gen_class c ON c.n = d.cn
    ON CONFLICT DO NOTHING`);
  await run(`
    WITH draw AS MATERIALIZED (
      SELECT g, ${instant(options.days)} AS t, random() AS r, (${CHANNELS})[1 + floor(random() * 7)::int] AS channel,
             floor(random() * ${students})::int AS sn, 100 * (50 + floor(random() * 250)::int) AS price
        FROM generate_series(1, :orders) AS g),
    priced AS (SELECT *, CASE WHEN channel = 'FREE' THEN 0 ELSE price END AS fen FROM draw)
    INSERT INTO pay_order (project_id, order_no, account_id, status, channel, total_fen, paid_fen,
                           refunded_fen, paid_at, created_at, updated_at)
    SELECT :projectId, 'G' || :tag || lpad(x.g::text, 9, '0'), s.id,
           CASE WHEN x.r < 0.1 THEN 'REFUNDED' ELSE 'PAID' END,
           x.channel, x.fen, x.fen, CASE WHEN x.r < 0.1 THEN x.fen ELSE 0 END, x.t, x.t, now()
      FROM priced x
      JOIN dashboard_gen_student s ON s.n = x.sn`);
  await run(`
    INSERT INTO pay_refund (project_id, order_id, out_refund_no, amount_fen, status, reason,
                            succeeded_at, created_at, updated_at)
    SELECT :projectId, o.id, 'GR' || o.order_no, o.paid_fen, 'SUCCESS', '生成退款',
           least(now(), o.paid_at + interval '1 day'), o.paid_at, now()
      FROM pay_order o
     WHERE o.project_id = :projectId AND o.status = 'REFUNDED' AND o.order_no LIKE 'G' || :tag || '%'`);
  // One lesson per studying enrolment; the sessions spread over them.
  await run(`
    CREATE TEMP TABLE IF NOT EXISTS dashboard_gen_progress ON COMMIT DROP AS SELECT 0 AS n, 0 AS id, 0 AS account_id, 0 AS my_class_id WHERE false;
    TRUNCATE dashboard_gen_progress;`);
  await run(`
    WITH made AS (
      INSERT INTO lesson_progress (project_id, account_id, my_class_id, course_id, resource_id, course_name,
                                   lesson_name, duration_seconds, hours_tenths, created_at, updated_at)
      SELECT :projectId, m.account_id, m.id, 0, 0, '生成课程', '生成课时', 1800, 5, m.created_at, m.created_at
        FROM my_class m
       WHERE m.project_id = :projectId AND m.status IN ('STUDYING', 'FINISHED_STUDY', 'PASSED')
         AND NOT EXISTS (SELECT 1 FROM lesson_progress p WHERE p.my_class_id = m.id)
      RETURNING id, account_id, my_class_id)
    INSERT INTO dashboard_gen_progress SELECT row_number() OVER (ORDER BY id) - 1, id, account_id, my_class_id FROM made`);
  const lessons = await counts('dashboard_gen_progress');
  await run(`
    WITH draw AS MATERIALIZED (
      SELECT now() - interval '10 minutes' - random() * interval '${options.days} days' AS t,
             floor(random() * ${lessons})::int AS pn, floor(random() * 1800) AS seconds
        FROM generate_series(1, :sessions) AS g)
    INSERT INTO study_session (id, project_id, account_id, my_class_id, progress_id, lesson_id, status,
                               last_seq, last_beat_at, credited_seconds, started_at, ended_at)
    SELECT gen_random_uuid(), :projectId, p.account_id, p.my_class_id, p.id, 0, 'ENDED', 10,
           d.t + interval '10 minutes', d.seconds, d.t, d.t + interval '10 minutes'
      FROM draw d
      JOIN dashboard_gen_progress p ON p.n = d.pn`);
}

/**
 * Runs one project's rollup outside the server (the benchmark, `test/bench/dashboard.ts`): on the
 * given connection, with the system clock; `full` computes every day again, otherwise only the days
 * changed since the last run. Answers the freshness, whose `durationMs` is the run's.
 */
export function rollupOutsideServer(
  sequelize: Sequelize,
  projectId: number,
  options: { full?: boolean } = {},
): Promise<DashboardFreshness> {
  // The rollup reads only the connection and the clock of its scope.
  const scope = { sequelize, providers: { clock: systemClock } } as unknown as Scope;
  return rollupProject(scope, projectId, options);
}
