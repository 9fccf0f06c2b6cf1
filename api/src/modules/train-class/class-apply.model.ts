import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  Op,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import type { ClassApplyStatus } from '../../contract/class-apply';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import { TrainClass } from './train-class.model';

/**
 * A student's application to enrol in a class marked 报名需审核 (`TrainClass.applyRequired`); staff
 * approve or reject it (my-class module). At most one PENDING or APPROVED per student and class.
 */
export class ClassApply extends Model<InferAttributes<ClassApply>, InferCreationAttributes<ClassApply>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare classId: number;
  declare status: ClassApplyStatus;
  declare reason: CreationOptional<string>;
  declare remark: CreationOptional<string | null>;
  declare auditedBy: CreationOptional<number | null>;
  declare auditedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ClassApply.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false },
        reason: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        auditedBy: { type: DataTypes.INTEGER, allowNull: true },
        auditedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'class_apply' },
    );
  }
}

/**
 * The classes among `classIds` the student may not buy yet: marked 报名需审核 and without an
 * approved application of theirs. The cart and the checkout refuse them.
 */
export async function classesAwaitingApproval(
  projectId: number,
  accountId: number,
  classIds: readonly number[],
  transaction?: Transaction,
): Promise<Set<number>> {
  if (classIds.length === 0) return new Set();
  const marked = await TrainClass.findAll({
    attributes: ['id'],
    where: { projectId, id: [...classIds], applyRequired: true },
    transaction,
  });
  if (marked.length === 0) return new Set();
  const approved = new Set(
    (
      await ClassApply.findAll({
        attributes: ['classId'],
        where: {
          projectId,
          accountId,
          classId: { [Op.in]: marked.map((cls) => cls.id) },
          status: 'APPROVED',
        },
        transaction,
      })
    ).map((row) => row.classId),
  );
  return new Set(marked.map((cls) => cls.id).filter((id) => !approved.has(id)));
}

/** The student's latest application of a class, or null. */
export function latestClassApply(
  projectId: number,
  accountId: number,
  classId: number,
  transaction?: Transaction,
): Promise<ClassApply | null> {
  return ClassApply.findOne({
    where: { projectId, accountId, classId },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    transaction,
  });
}
