import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { chinaToday, offeredWhere } from '../train-class/class-read';
import { TrainClass } from '../train-class/train-class.model';
import { UnitClass } from './unit-class.model';

/** The demo unit's unit class (README). */
export const DEMO_UNIT_CLASS = '演示培训单位第一期';

/**
 * Gives the demo unit one unit class of the first offered demo class that costs something (display
 * order), created by its unit manager; the unit import demo (`unit-import.demo.ts`) fills it.
 */
export async function seedUnitClassDemo(
  projectId: number,
  unitId: number,
  managerId: number,
  transaction: Transaction,
): Promise<void> {
  const cls = await TrainClass.findOne({
    where: {
      ...offeredWhere(chinaToday()),
      projectId,
      amountFen: { [Op.gt]: 0 },
    } as WhereOptions<TrainClass>,
    order: [
      ['sort', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  if (!cls) throw new Error('no offered priced demo class for the demo unit class');
  await UnitClass.create(
    {
      projectId,
      unitId,
      classId: cls.id,
      name: DEMO_UNIT_CLASS,
      plannedStudents: 20,
      contactName: '王经理',
      remark: '演示数据',
      createdBy: managerId,
    },
    { transaction },
  );
}
