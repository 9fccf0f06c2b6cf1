import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * An affiliation (挂靠关系): the unit `unitId` (挂靠单位) under its supervising unit
 * `supervisingUnitId` (主管单位) of the same project (docs/product-decisions.md "Unit affiliations").
 * A unit has at most one supervising unit (`unit_id` is unique).
 */
export class UnitAffiliation extends Model<
  InferAttributes<UnitAffiliation>,
  InferCreationAttributes<UnitAffiliation>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare unitId: number;
  declare supervisingUnitId: number;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UnitAffiliation.init(
      {
        ...tenantKeyAttributes,
        unitId: { type: DataTypes.INTEGER, allowNull: false },
        supervisingUnitId: { type: DataTypes.INTEGER, allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'unit_affiliation' },
    );
  }
}
