import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { UnitClassState } from '../../contract/unit-class';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A unit class: a unit's purchase group for one class of its project (docs/product-decisions.md
 * "Unit classes"). Created only for an offered class; the class never changes afterwards.
 */
export class UnitClass extends Model<InferAttributes<UnitClass>, InferCreationAttributes<UnitClass>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare unitId: number;
  declare classId: number;
  declare name: string;
  declare plannedStudents: number;
  declare contactName: CreationOptional<string | null>;
  declare contactMobile: CreationOptional<string | null>;
  declare remark: CreationOptional<string | null>;
  declare state: CreationOptional<UnitClassState>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UnitClass.init(
      {
        ...tenantKeyAttributes,
        unitId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        plannedStudents: { type: DataTypes.INTEGER, allowNull: false },
        contactName: { type: DataTypes.STRING(50), allowNull: true },
        contactMobile: { type: DataTypes.STRING(20), allowNull: true },
        remark: { type: DataTypes.STRING(500), allowNull: true },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'OPEN' },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'unit_class' },
    );
  }
}
