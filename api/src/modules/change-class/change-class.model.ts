import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { ChangeClassStatus } from '../../contract/change-class';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A student's request to move the paid enrolment `myClassId` from `fromClassId` to `toClassId`
 * (docs/product-decisions.md "Class changes"), with what the enrolment stood at when asked.
 */
export class ChangeClassApply extends Model<
  InferAttributes<ChangeClassApply>,
  InferCreationAttributes<ChangeClassApply>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number;
  declare fromClassId: number;
  declare toClassId: number;
  declare orderId: number;
  declare paidFen: number;
  declare toAmountFen: number;
  declare progressPercent: number;
  declare status: ChangeClassStatus;
  declare reason: string;
  declare remark: CreationOptional<string | null>;
  declare auditedBy: CreationOptional<number | null>;
  declare auditedAt: CreationOptional<Date | null>;
  declare newMyClassId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ChangeClassApply.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        fromClassId: { type: DataTypes.INTEGER, allowNull: false },
        toClassId: { type: DataTypes.INTEGER, allowNull: false },
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        paidFen: { type: DataTypes.INTEGER, allowNull: false },
        toAmountFen: { type: DataTypes.INTEGER, allowNull: false },
        progressPercent: { type: DataTypes.SMALLINT, allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false },
        reason: { type: DataTypes.STRING(200), allowNull: false },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        auditedBy: { type: DataTypes.INTEGER, allowNull: true },
        auditedAt: { type: DataTypes.DATE, allowNull: true },
        newMyClassId: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'change_class_apply' },
    );
  }
}
