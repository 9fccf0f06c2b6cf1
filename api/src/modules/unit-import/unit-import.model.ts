import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { UnitImportStatus } from '../../contract/unit-import';
import { jobProgressAttributes } from '../../core/chunked-job';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * An import of students into a unit class (docs/product-decisions.md "Unit imports and batch
 * orders"): a job that checks every staged row, then enrols them a chunk at a time under one batch
 * order. The counts say where it stands; the rows say what became of each.
 */
export class UnitImport extends Model<InferAttributes<UnitImport>, InferCreationAttributes<UnitImport>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare unitId: number;
  declare unitClassId: number;
  declare batchOrderId: CreationOptional<number | null>;
  declare fileName: string;
  declare status: UnitImportStatus;
  declare total: number;
  declare processed: CreationOptional<number>;
  declare okCount: CreationOptional<number>;
  declare failedCount: CreationOptional<number>;
  declare message: CreationOptional<string | null>;
  declare createdBy: number | null;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UnitImport.init(
      {
        ...tenantKeyAttributes,
        unitId: { type: DataTypes.INTEGER, allowNull: false },
        unitClassId: { type: DataTypes.INTEGER, allowNull: false },
        batchOrderId: { type: DataTypes.INTEGER, allowNull: true },
        fileName: { type: DataTypes.STRING(200), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        ...jobProgressAttributes,
        ...timestampAttributes,
      },
      { sequelize, tableName: 'unit_import' },
    );
  }
}
