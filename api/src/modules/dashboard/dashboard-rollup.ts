import { QueryTypes, type Transaction } from 'sequelize';
import type { DashboardFreshness } from '../../contract/dashboard';
import type { Scope } from '../../core/action';
import { withProject } from '../../db/tenant-access';

/**
 * The dashboard's rollups (docs/product-decisions.md "Dashboard"). A run for a project finds the
 * China days a change touched since its last run (rows whose `updated_at`, or a study session's last
 * beat, is newer than the watermark less a margin for transactions that committed late), deletes
 * those days' figures and computes them again from the raw rows, whole; then the figures of the
 * present. One transaction per run, under a per-project advisory lock, so a view never sees half a
 * run and two runs of a project never interleave. A run without a watermark (the first, or `full`)
 * computes every day.
 *
 * The figures by day (`dashboard_day`, metric / dimension):
 * - `enrol` / '': enrolments that came into effect (every state but 待支付), by the day they were made;
 *   `enrol.class` / class id and `enrol.unit` / unit id (the unit class's unit, else the student's);
 * - `class.counted`, `class.finished`, `class.passed` / class id: enrolments still held (not refunded
 *   nor changed out), of them finished studying or passed, and passed: completion and pass rates;
 * - `paid` / '': fen paid on the day; `order.channel` / channel: orders paid on the day by channel;
 * - `refund` / '': fen refunded on the day (refunds that succeeded);
 * - `study.seconds` / '' and `active` / '': seconds credited and learners, by the day a study session
 *   began (`dashboard_learner_day` keeps who, for the distinct learners of 7 and 30 days);
 * - `student.region` / region code: students (not deleted) by the day they registered, at the region
 *   of their unit, else of their ID number (its first six digits), else ''.
 * The present (`dashboard_now`): `waiting.invoice`, `waiting.refund` (applications waiting, as 首页
 * counts them), `push.state` / state (regulator pushes), `active.1`, `active.7`, `active.30`.
 */

/** How far behind the watermark a run looks again: a transaction open at the last run's start. */
const LATE_COMMIT_MARGIN = "interval '5 minutes'";

/** China's day of a timestamp column, as SQL. */
const dayOf = (column: string) => `(${column} AT TIME ZONE 'Asia/Shanghai')::date`;

/** The China day (`YYYY-MM-DD`) of an instant. */
export function chinaDate(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The day `days` after `day` (`YYYY-MM-DD`; negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Which days a run recomputes: every one, or those listed. */
type Days = { all: true } | { all: false; days: string[] };

/**
 * The filter of a statement to the run's days on a timestamp column: a range the column's index
 * serves, then the days themselves.
 */
function dayFilter(days: Days, column: string): string {
  if (days.all) return '';
  return ` AND ${column} >= CAST(:lo AS timestamptz) AND ${column} < CAST(:hi AS timestamptz)
           AND ${dayOf(column)} = ANY(CAST(ARRAY[:days] AS date[]))`;
}

/** The statements computing the figures by day of the run's days, in order. */
function dayStatements(days: Days): string[] {
  return [
    `INSERT INTO dashboard_day (project_id, day, metric, dim, value)
     SELECT :projectId, e.day, v.metric, v.dim, count(*)
       FROM (SELECT ${dayOf('m.created_at')} AS day, m.class_id, m.status,
                    COALESCE(uc.unit_id, a.unit_id) AS unit_id
               FROM my_class m
               JOIN account a ON a.id = m.account_id
               LEFT JOIN unit_class uc ON uc.id = m.unit_class_id
              WHERE m.project_id = :projectId AND m.status <> 'PENDING_PAY'${dayFilter(days, 'm.created_at')}) e
      CROSS JOIN LATERAL (VALUES
        ('enrol', ''),
        ('enrol.class', e.class_id::text),
        ('enrol.unit', e.unit_id::text),
        (CASE WHEN e.status NOT IN ('REFUNDED', 'CHANGED_OUT') THEN 'class.counted' END, e.class_id::text),
        (CASE WHEN e.status IN ('FINISHED_STUDY', 'PASSED') THEN 'class.finished' END, e.class_id::text),
        (CASE WHEN e.status = 'PASSED' THEN 'class.passed' END, e.class_id::text)
      ) AS v (metric, dim)
      WHERE v.metric IS NOT NULL AND v.dim IS NOT NULL
      GROUP BY e.day, v.metric, v.dim`,
    `INSERT INTO dashboard_day (project_id, day, metric, dim, value)
     SELECT :projectId, ${dayOf('o.paid_at')}, v.metric, v.dim, sum(v.value)
       FROM pay_order o
      CROSS JOIN LATERAL (VALUES ('paid', '', o.paid_fen::bigint), ('order.channel', o.channel, 1::bigint))
            AS v (metric, dim, value)
      WHERE o.project_id = :projectId AND o.paid_at IS NOT NULL AND o.channel IS NOT NULL
        AND o.status IN ('PAID', 'REFUNDING', 'REFUNDED')${dayFilter(days, 'o.paid_at')}
      GROUP BY 2, v.metric, v.dim`,
    `INSERT INTO dashboard_day (project_id, day, metric, dim, value)
     SELECT :projectId, ${dayOf('r.succeeded_at')}, 'refund', '', sum(r.amount_fen)
       FROM pay_refund r
      WHERE r.project_id = :projectId AND r.status = 'SUCCESS'
        AND r.succeeded_at IS NOT NULL${dayFilter(days, 'r.succeeded_at')}
      GROUP BY 2`,
    `INSERT INTO dashboard_learner_day (project_id, day, account_id)
     SELECT DISTINCT :projectId, ${dayOf('s.started_at')}, s.account_id
       FROM study_session s
      WHERE s.project_id = :projectId${dayFilter(days, 's.started_at')}`,
    `INSERT INTO dashboard_day (project_id, day, metric, dim, value)
     SELECT :projectId, s.day, v.metric, '', v.value
       FROM (SELECT ${dayOf('started_at')} AS day, floor(sum(credited_seconds))::bigint AS seconds,
                    count(DISTINCT account_id) AS learners
               FROM study_session
              WHERE project_id = :projectId${dayFilter(days, 'started_at')}
              GROUP BY 1) s
      CROSS JOIN LATERAL (VALUES ('study.seconds', s.seconds), ('active', s.learners)) AS v (metric, value)`,
    `INSERT INTO dashboard_day (project_id, day, metric, dim, value)
     SELECT :projectId, ${dayOf('a.created_at')}, 'student.region',
            COALESCE(u.region_code,
                     CASE WHEN a.id_card_no ~ '^[1-9][0-9]{5}' THEN left(a.id_card_no, 6) END, ''),
            count(*)
       FROM account a
       LEFT JOIN unit u ON u.id = a.unit_id
      WHERE a.project_id = :projectId AND a.role_system = 3 AND a.deleted_at IS NULL${dayFilter(days, 'a.created_at')}
      GROUP BY 2, 4`,
  ];
}

/** The statements computing the figures of the present (`:today` is China's day of the run). */
const NOW_STATEMENTS = [
  'DELETE FROM dashboard_now WHERE project_id = :projectId',
  `INSERT INTO dashboard_now (project_id, metric, dim, value)
   SELECT :projectId, 'waiting.invoice', '', count(*) FROM invoice
    WHERE project_id = :projectId AND status = 'PENDING'
   UNION ALL
   SELECT :projectId, 'waiting.refund', '', count(*) FROM refund_apply
    WHERE project_id = :projectId AND status = 'PENDING'
   UNION ALL
   SELECT :projectId, 'push.state', status, count(*) FROM regulator_push
    WHERE project_id = :projectId GROUP BY status
   UNION ALL
   SELECT :projectId, 'active.' || w.days, '', (
     SELECT count(DISTINCT account_id) FROM dashboard_learner_day
      WHERE project_id = :projectId AND day > CAST(:today AS date) - w.days AND day <= CAST(:today AS date))
     FROM (VALUES (1), (7), (30)) AS w (days)`,
];

/** The days a change touched since the watermark (China days, ascending). */
async function touchedDays(scope: Scope, projectId: number, transaction: Transaction): Promise<string[]> {
  const since = `CAST(:watermark AS timestamptz) - ${LATE_COMMIT_MARGIN}`;
  const rows = await scope.sequelize.query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM (
       SELECT ${dayOf('created_at')} AS day FROM my_class
        WHERE project_id = :projectId AND updated_at > ${since}
       UNION SELECT ${dayOf('started_at')} FROM study_session
        WHERE project_id = :projectId AND last_beat_at > ${since}
       UNION SELECT ${dayOf('paid_at')} FROM pay_order
        WHERE project_id = :projectId AND updated_at > ${since} AND paid_at IS NOT NULL
       UNION SELECT ${dayOf('succeeded_at')} FROM pay_refund
        WHERE project_id = :projectId AND updated_at > ${since} AND succeeded_at IS NOT NULL
       UNION SELECT ${dayOf('created_at')} FROM account
        WHERE project_id = :projectId AND role_system = 3 AND updated_at > ${since}
     ) t ORDER BY 1`,
    {
      replacements: { projectId, watermark: await watermarkOf(scope, projectId, transaction) },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.map((row) => row.day);
}

async function watermarkOf(
  scope: Scope,
  projectId: number,
  transaction: Transaction,
): Promise<string | null> {
  const [row] = await scope.sequelize.query<{ watermark: Date | null }>(
    'SELECT watermark FROM dashboard_state WHERE project_id = :projectId',
    { replacements: { projectId }, type: QueryTypes.SELECT, transaction },
  );
  return row?.watermark ? new Date(row.watermark).toISOString() : null;
}

/** The rollup's freshness of a project, as the calls answer it. */
export async function freshnessOf(scope: Scope, projectId: number): Promise<DashboardFreshness> {
  const [row] = await scope.sequelize.query<{
    refreshed_at: Date;
    last_day: string | null;
    duration_ms: number;
  }>(
    'SELECT refreshed_at, last_day::text AS last_day, duration_ms FROM dashboard_state WHERE project_id = :projectId',
    { replacements: { projectId }, type: QueryTypes.SELECT },
  );
  return {
    projectId,
    refreshedAt: row ? new Date(row.refreshed_at).toISOString() : null,
    lastDay: row?.last_day ?? null,
    durationMs: row ? Number(row.duration_ms) : 0,
  };
}

/**
 * Brings a project's figures up to date (or, with `full`, computes them all again), in the project;
 * answers how fresh they now are. Safe to run twice at once: the second waits for the first.
 */
export function rollupProject(
  scope: Scope,
  projectId: number,
  options: { full?: boolean } = {},
): Promise<DashboardFreshness> {
  return withProject(projectId, async () => {
    const started = Date.now();
    const today = chinaDate(scope.providers.clock.now());
    await scope.sequelize.transaction(async (transaction) => {
      const run = (text: string, replacements: Record<string, unknown> = {}) =>
        scope.sequelize.query(text, { replacements: { projectId, today, ...replacements }, transaction });
      await run("SELECT pg_advisory_xact_lock(hashtext('dashboard.rollup'), :projectId)");
      const [{ now }] = (await scope.sequelize.query<{ now: string }>('SELECT now()::text AS now', {
        type: QueryTypes.SELECT,
        transaction,
      })) as [{ now: string }];
      const watermark = options.full ? null : await watermarkOf(scope, projectId, transaction);
      let days: Days = { all: true };
      if (watermark !== null) days = { all: false, days: await touchedDays(scope, projectId, transaction) };
      if (days.all) {
        await run('DELETE FROM dashboard_day WHERE project_id = :projectId');
        await run('DELETE FROM dashboard_learner_day WHERE project_id = :projectId');
      }
      if (days.all || days.days.length > 0) {
        const range = days.all
          ? {}
          : {
              days: days.days,
              lo: `${days.days[0]}T00:00:00+08:00`,
              hi: `${addDays(days.days[days.days.length - 1] as string, 1)}T00:00:00+08:00`,
            };
        if (!days.all) {
          await run(
            'DELETE FROM dashboard_day WHERE project_id = :projectId AND day = ANY(CAST(ARRAY[:days] AS date[]))',
            range,
          );
          await run(
            'DELETE FROM dashboard_learner_day WHERE project_id = :projectId AND day = ANY(CAST(ARRAY[:days] AS date[]))',
            range,
          );
        }
        for (const statement of dayStatements(days)) await run(statement, range);
      }
      for (const statement of NOW_STATEMENTS) await run(statement);
      await run(
        `INSERT INTO dashboard_state (project_id, watermark, refreshed_at, last_day, duration_ms)
         VALUES (:projectId, CAST(:now AS timestamptz), CAST(:now AS timestamptz),
                 (SELECT max(day) FROM dashboard_day WHERE project_id = :projectId), :duration)
         ON CONFLICT (project_id) DO UPDATE SET watermark = EXCLUDED.watermark,
           refreshed_at = EXCLUDED.refreshed_at, last_day = EXCLUDED.last_day, duration_ms = EXCLUDED.duration_ms`,
        { now, duration: Date.now() - started },
      );
    });
    return freshnessOf(scope, projectId);
  });
}
