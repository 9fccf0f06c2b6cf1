import { QueryTypes } from 'sequelize';
import type { MyClassStatus } from '../../contract/train-class';
import type { UnitWorkspace } from '../../contract/unit-import';
import type { ActorScope } from '../../core/action';
import { managedUnitId } from '../unit/unit.policy';

/**
 * `unit-workspace/overview`: a unit manager's unit at a glance (project staff: the whole project),
 * counted in four queries: unit classes, the students bought through them by state, batch orders
 * awaiting payment, imports running.
 */
export async function unitWorkspace(scope: ActorScope): Promise<UnitWorkspace> {
  const unitId = managedUnitId(scope);
  const replacements = { projectId: scope.project.id, unitId };
  const ofUnit = (alias: string) => (unitId === null ? '' : `AND ${alias}.unit_id = :unitId`);
  const query = <T extends object>(sql: string) =>
    scope.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  const [[classes], statuses, [batches], [imports]] = await Promise.all([
    query<{ total: string; open: string }>(
      `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE uc.state = 'OPEN') AS open
         FROM unit_class uc WHERE uc.project_id = :projectId ${ofUnit('uc')}`,
    ),
    query<{ status: MyClassStatus; count: string }>(
      `SELECT mc.status, COUNT(*) AS count FROM my_class mc JOIN unit_class uc ON uc.id = mc.unit_class_id
        WHERE uc.project_id = :projectId ${ofUnit('uc')} AND mc.status NOT IN ('REFUNDED', 'CHANGED_OUT')
        GROUP BY mc.status`,
    ),
    query<{ count: string; amount: string }>(
      `SELECT COUNT(*) AS count, COALESCE(SUM(b.total_fen), 0) AS amount FROM batch_order b
        WHERE b.project_id = :projectId ${ofUnit('b')} AND b.status = 'CREATED' AND b.order_count > 0`,
    ),
    query<{ count: string }>(
      `SELECT COUNT(*) AS count FROM unit_import i
        WHERE i.project_id = :projectId ${ofUnit('i')} AND i.status IN ('VALIDATING', 'VALIDATED', 'IMPORTING')`,
    ),
  ]);
  const studentsByStatus = Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)]));
  return {
    unitClasses: Number(classes?.total ?? 0),
    openUnitClasses: Number(classes?.open ?? 0),
    students: statuses.reduce((sum, row) => sum + Number(row.count), 0),
    studentsByStatus,
    unpaidBatches: Number(batches?.count ?? 0),
    unpaidAmount: Number(batches?.amount ?? 0),
    runningImports: Number(imports?.count ?? 0),
  };
}
