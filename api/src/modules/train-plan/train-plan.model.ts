import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { TrainPlanStatus } from '../../contract/train-plan';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** A project's train plan for a year (培训计划): industry, dates and status. */
export class TrainPlan extends Model<InferAttributes<TrainPlan>, InferCreationAttributes<TrainPlan>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare year: number;
  declare name: string;
  /** Code of the dictionary `industry`. */
  declare industry: string;
  /** `YYYY-MM-DD` (DATE column). */
  declare startDate: string;
  /** `YYYY-MM-DD`, not before `startDate` (checked by the database too). */
  declare endDate: string;
  declare status: CreationOptional<TrainPlanStatus>;
  declare description: CreationOptional<string | null>;
  declare publishedAt: CreationOptional<Date | null>;
  declare closedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    TrainPlan.init(
      {
        ...tenantKeyAttributes,
        year: { type: DataTypes.SMALLINT, allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        industry: { type: DataTypes.STRING(40), allowNull: false },
        startDate: { type: DataTypes.DATEONLY, allowNull: false },
        endDate: { type: DataTypes.DATEONLY, allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'DRAFT' },
        description: { type: DataTypes.STRING(2000), allowNull: true },
        publishedAt: { type: DataTypes.DATE, allowNull: true },
        closedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'train_plan' },
    );
  }
}
